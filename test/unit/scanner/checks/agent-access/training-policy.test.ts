import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { trainingPolicy } from '#shared/scanner/checks/agent-access/training-policy.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('training_policy', () => {
  it('reports allowed and blocked training crawlers without penalty', () => {
    const { result } = run(trainingPolicy, {
      robots: 'User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /checkout\n',
    });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toContain('blocks GPTBot and CCBot');
    expect(values(result)).toContain('blocked from /: GPTBot, CCBot');
    expect(values(result)).toContain('allowed on /: ClaudeBot, Google-Extended');
  });

  it('is not applicable without a robots.txt', () => {
    const { result } = run(trainingPolicy, {});
    expect(result.status).toBe('not_applicable');
    expect(result.summary).toContain('allowed by default');
  });

  it('is not assessed when robots.txt was rate limited', () => {
    expect(run(trainingPolicy, { robots: { status: 429 } }).result.status).toBe('not_assessed');
  });

  it('still has advice with robots.txt lines, though it never scores', () => {
    const { artifacts, result } = run(trainingPolicy, {});
    expect(trainingPolicy.points).toBe(0);
    expect(trainingPolicy.advise(result, artifacts).snippet).toContain('User-agent: GPTBot');
  });

  it('reports the other vendor crawlers beside the training ones, never penalised', () => {
    const { result } = run(trainingPolicy, {
      robots: [
        'User-agent: OAI-AdsBot',
        'User-agent: GoogleOther',
        'User-agent: Google-CloudVertexBot',
        'Disallow: /',
        '',
        'User-agent: Amazonbot',
        'Allow: /',
        '',
        'User-agent: *',
        'Disallow: /checkout',
        '',
      ].join('\n'),
    });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toContain('allows every AI training crawler');
    expect(values(result)).toContain('other vendor crawlers allowed on /: Amazonbot (not scored)');
    expect(values(result)).toContain('other vendor crawlers blocked from /: OAI-AdsBot, GoogleOther, Google-CloudVertexBot (not scored)');
  });

  it('lists the training crawlers that a real "block AI training" file keeps out', () => {
    const { result } = run(trainingPolicy, {
      robots: [
        'User-agent: GPTBot',
        'User-agent: ClaudeBot',
        'User-agent: Google-Extended',
        'User-agent: Applebot-Extended',
        'User-agent: CCBot',
        'User-agent: meta-externalagent',
        'User-agent: Bytespider',
        'Disallow: /',
        '',
        'User-agent: *',
        'Allow: /',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe(
      'robots.txt blocks every AI training crawler (GPTBot, ClaudeBot, Google-Extended and 4 more); informational, not scored',
    );
    expect(values(result)).toContain(
      'other vendor crawlers allowed on /: OAI-AdsBot, GoogleOther, Google-CloudVertexBot, Amazonbot (not scored)',
    );
  });
});
