import { describe, expect, it } from 'vitest';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { challenge, goodPage } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const { check } = runner;

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('product_data dimension', () => {
  it('has the rubric ids in order and points adding up to 25', () => {
    expect(productDataChecks.map((c) => [c.id, c.points])).toEqual([
      ['schema_present', 4],
      ['offer_core', 6],
      ['identifiers', 3],
      ['attributes', 3],
      ['variants', 3],
      ['reviews', 2],
      ['consistency', 4],
    ]);
    expect(productDataChecks.reduce((sum, c) => sum + c.points, 0)).toBe(25);
    expect(productDataChecks.every((c) => c.dimension === 'product_data')).toBe(true);
  });

  it('assesses nothing on a free homepage-only scan, and says the tier examined the homepage only', () => {
    const artifacts = buildArtifacts({ homepage: goodPage });
    expect(artifacts.productPageBudget).toBe(0);
    for (const c of productDataChecks) {
      const result = c.evaluate(artifacts);
      expect(result.status, c.id).toBe('not_assessed');
      expect(result.score).toBeNull();
      expect(result.summary).toMatch(/free scan examined the homepage only/);
    }
  });

  it('is not assessed when a paid scan found no product page', () => {
    const artifacts: Artifacts = { ...buildArtifacts({ homepage: goodPage }), tier: 'pro', productPageBudget: 1 };
    const result = check('offer_core').evaluate(artifacts);
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toMatch(/No product page was found/);
  });

  it('is not assessed when every product page is behind a bot wall or failed', () => {
    for (const id of productDataChecks.map((c) => c.id)) {
      const { result } = run(id, [challenge, { failed: 'timeout' }]);
      expect(result.status, id).toBe('not_assessed');
      expect(result.evidence.map((e) => e.value)).toEqual(['blocked by a bot wall (cloudflare)', 'fetch failed (timeout)']);
    }
  });

  it('reads the scanned page when it is itself a product', () => {
    const artifacts = buildArtifacts({ homepage: goodPage, products: [goodPage], scannedPageIsProduct: true, tier: 'free' });
    expect(check('schema_present').evaluate(artifacts).status).toBe('pass');
  });
});
