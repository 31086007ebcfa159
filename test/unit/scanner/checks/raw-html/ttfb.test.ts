import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { ttfb } from '#shared/scanner/checks/raw-html/ttfb.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import { cloudflareChallenge, euroProduct, poundProduct, richHomepage } from '#test/unit/scanner/checks/raw-html/fixtures.js';

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('ttfb', () => {
  it('passes at 800 ms or less', () => {
    const { result } = run(ttfb, { homepage: { body: richHomepage, ttfbMs: 310 } });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('Time to first byte is 310 ms');
  });

  it('warns up to 1800 ms and fails above', () => {
    expect(run(ttfb, { homepage: { body: richHomepage, ttfbMs: 1200 } }).result.status).toBe('warn');
    const slow = run(ttfb, { homepage: { body: richHomepage, ttfbMs: 2600 } });
    expect(slow.result.status).toBe('fail');
    expect(ttfb.advise(slow.result, slow.artifacts).why).toContain('time to first byte 2600 ms');
  });

  it('uses the median over the homepage and product pages', () => {
    const { result } = run(ttfb, {
      homepage: { body: richHomepage, ttfbMs: 3000 },
      products: [
        { body: euroProduct, ttfbMs: 400 },
        { body: poundProduct, ttfbMs: 500 },
      ],
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('Median time to first byte over 3 pages is 500 ms');
  });

  it('is not assessed when no page answered with content', () => {
    expect(run(ttfb, { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
    expect(run(ttfb, { homepage: cloudflareChallenge }).result.status).toBe('not_assessed');
  });
});
