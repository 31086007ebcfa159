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
});
