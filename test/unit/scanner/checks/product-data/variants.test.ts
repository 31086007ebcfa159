import { describe, expect, it } from 'vitest';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import type { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { fullProduct, goodPage, offer, page, visible } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('variants', () => {
  const sizeSelect = `<label for="size">Size</label><select id="size" name="options[Size]"><option value="">Choose</option><option>S</option><option>M</option><option>L</option></select>`;

  it('is not applicable without variant choices', () => {
    const { result } = run('variants', [goodPage]);
    expect(result).toMatchObject({ status: 'not_applicable', score: null });
    expect(result.summary).toMatch(/No variant choices/);
  });

  it('does not mistake a quantity select for a variant', () => {
    const quantity = '<select name="quantity"><option>1</option><option>2</option></select>';
    expect(run('variants', [page({ jsonLd: [fullProduct], body: visible + quantity })]).result.status).toBe('not_applicable');
  });

  it('passes when a ProductGroup lists the variants', () => {
    const group = {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Linen Shirt',
      variesBy: 'https://schema.org/size',
      hasVariant: ['S', 'M', 'L'].map((size) => ({
        '@type': 'Product',
        name: `Linen Shirt ${size}`,
        sku: `LS-${size}`,
        size,
        offers: offer,
      })),
    };
    const { result } = run('variants', [page({ jsonLd: [group], body: sizeSelect })]);
    expect(result).toMatchObject({ status: 'pass', score: 1 });
    expect(result.summary).toContain('ProductGroup with 3 variants');
  });

  it('passes with per-variant offers', () => {
    const product = {
      ...fullProduct,
      offers: [
        { ...offer, sku: 'LS-S' },
        { ...offer, sku: 'LS-M' },
      ],
    };
    const radios =
      '<fieldset><legend>Colour</legend><input type="radio" name="colour" value="Blue" id="c1"><label for="c1">Blue</label><input type="radio" name="colour" value="Red" id="c2"><label for="c2">Red</label></fieldset>';
    const { result } = run('variants', [page({ jsonLd: [product], body: radios })]);
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('2 offers with distinct skus');
  });

  it('fails when the page offers a choice the markup does not describe, and advises a ProductGroup with the options', () => {
    const { result, advice: advise } = run('variants', [page({ jsonLd: [fullProduct], body: visible + sizeSelect })]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/products/item-1',
      value: 'offers choice "Size": S, M, L, but the structured data describes a single product',
    });
    expect(result.summary).toMatch(/agents cannot pick or price a variant/);
    const snippet = advise().snippet ?? '';
    expect(snippet).toContain('"@type": "ProductGroup"');
    expect(snippet).toContain('"variesBy": [\n    "https://schema.org/size"');
    expect(snippet).toContain('"name": "Ocean Blue Mug - M"');
    expect(snippet).toContain('"price": "24.99"');
  });

  it('detects colour swatches and averages with a resolved page', () => {
    const swatches = '<ul class="swatches"><li class="swatch" title="Blue"></li><li class="swatch" title="Sand"></li></ul>';
    const group = {
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Mug',
      hasVariant: [{ '@type': 'Product', name: 'Mug Blue', color: 'Blue', offers: offer }],
    };
    const { result } = run('variants', [page({ jsonLd: [group], body: swatches }), page({ jsonLd: [fullProduct], body: swatches })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence).toEqual([
      {
        url: 'https://shop.example/products/item-2',
        value: 'offers swatches: Blue, Sand, but the structured data describes a single product',
      },
    ]);
  });

  it('counts data-variant ids within one form, not one per recommendation card', () => {
    const cards = ['101', '102', '103']
      .map((id) => `<form action="/cart/add"><button data-variant-id="${id}">Quick add</button></form>`)
      .join('');
    expect(run('variants', [page({ jsonLd: [fullProduct], body: visible + cards })]).result.status).toBe('not_applicable');
    const picker = '<form action="/cart/add"><button data-variant-id="201">S</button><button data-variant-id="202">M</button></form>';
    expect(run('variants', [page({ jsonLd: [fullProduct], body: picker })]).result.evidence[0]?.value).toBe(
      'offers data-variant elements, but the structured data describes a single product',
    );
  });

  it('is not assessed on a homepage-only scan', () => {
    expect(run('variants', []).result.status).toBe('not_assessed');
  });
});
