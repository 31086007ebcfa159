import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { contentSignals } from '#shared/scanner/checks/agent-access/content-signals.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { values } from '#test/unit/scanner/checks/agent-access/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('content_signals', () => {
  it('passes coherent Content-Signal lines', () => {
    const { result } = run(contentSignals, { robots: 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n' });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('line 2: Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('warns on a line that does not parse', () => {
    const { artifacts, result } = run(contentSignals, { robots: 'User-agent: *\nContent-Signal: search=maybe\nAllow: /\n' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('search=maybe: value must be yes or no');
    expect(contentSignals.advise(result, artifacts).snippet).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('fails when a signal grants a use the rules make impossible', () => {
    const { artifacts, result } = run(contentSignals, { robots: 'User-agent: *\nDisallow: /\nContent-Signal: search=yes, ai-train=no\n' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('grants search but the same group disallows /');
    expect(contentSignals.advise(result, artifacts).snippet).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /',
    );
  });

  it('is not applicable without signal lines or without a robots.txt', () => {
    expect(run(contentSignals, { robots: 'User-agent: *\nDisallow: /cart\n' }).result.status).toBe('not_applicable');
    expect(run(contentSignals, {}).result.status).toBe('not_applicable');
  });

  it('is not assessed when robots.txt failed to load', () => {
    expect(run(contentSignals, { robots: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });
});
