import { describe, expect, it } from 'vitest';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import type { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { fullProduct, goodPage, page } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('reviews', () => {
  it('passes with an aggregateRating', () => {
    const { result } = run('reviews', [goodPage]);
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('aggregateRating 4.7 from 132 ratings');
  });

  it('passes with a separate review widget block naming the product', () => {
    const { aggregateRating: _r, ...product } = fullProduct;
    const widget = {
      '@context': 'https://schema.org',
      '@type': 'AggregateRating',
      ratingValue: 4.2,
      ratingCount: 8,
      itemReviewed: { '@type': 'Product', name: 'Ocean Blue Mug' },
    };
    expect(run('reviews', [page({ jsonLd: [product, widget] })]).result.status).toBe('pass');
  });

  it("does not credit a related product's rating to the page", () => {
    const { aggregateRating: _r, ...product } = fullProduct;
    const related = {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          item: { '@type': 'Product', name: 'Sand Mug', aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 3 } },
        },
      ],
    };
    expect(run('reviews', [page({ jsonLd: [product, related] })]).result.status).toBe('fail');
  });

  it('fails without ratings and says agents rank by them', () => {
    const { aggregateRating: _r, ...product } = fullProduct;
    const { result, advice: advise } = run('reviews', [page({ jsonLd: [product] })]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/agents rank products by ratings/);
    expect(advise().snippet).toContain('"@type": "AggregateRating"');
  });

  it('warns when only some product pages have ratings', () => {
    const { aggregateRating: _r, ...product } = fullProduct;
    const { result } = run('reviews', [goodPage, page({ jsonLd: [product] })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain('/products/item-2');
  });

  it('is not assessed on a homepage-only scan', () => {
    expect(run('reviews', []).result.status).toBe('not_assessed');
  });
});
