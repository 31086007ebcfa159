import { describe, expect, it } from 'vitest';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import type { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { DESCRIPTION, challenge, fullProduct, goodPage, offer, page } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('attributes', () => {
  it('passes with description, brand, condition and measurable attributes', () => {
    expect(run('attributes', [goodPage]).result).toMatchObject({ status: 'pass', score: 1 });
  });

  it('counts itemCondition on the offer and attributes on variants', () => {
    const group = {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Ocean Blue Mug',
      description: DESCRIPTION,
      brand: 'Kiln & Co',
      hasVariant: [
        { '@type': 'Product', name: 'Ocean Blue Mug 350 ml', size: '350 ml', offers: { ...offer, itemCondition: 'NewCondition' } },
      ],
    };
    expect(run('attributes', [page({ jsonLd: [group] })]).result.status).toBe('pass');
  });

  it('warns on a short description and lists what is missing', () => {
    const { color: _c, material: _m, ...product } = fullProduct;
    const { result } = run('attributes', [page({ jsonLd: [{ ...product, description: 'A blue mug.' }] })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence[0]?.value).toBe('description 11 characters (< 120); no color, size, material, weight or additionalProperty');
    expect(result.summary).toContain('description and measurable attributes');
  });

  it('fails with a bare product', () => {
    const { result, advice: advise } = run('attributes', [
      page({ jsonLd: [{ '@context': 'https://schema.org', '@type': 'Product', name: 'Ocean Blue Mug', offers: offer }] }),
    ]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    const advice = advise();
    expect(advice.snippet).toContain('"itemCondition": "https://schema.org/NewCondition"');
    expect(advice.snippet).toContain('"name": "Ocean Blue Mug"');
  });

  it('is not assessed when the product page is blocked', () => {
    expect(run('attributes', [challenge]).result.status).toBe('not_assessed');
  });
});
