import { describe, expect, it } from 'vitest';
import { consistency } from '#shared/scanner/checks/product-data/consistency.js';
import { visiblePrices } from '#shared/scanner/extract/visible-prices.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';

const offer = {
  '@type': 'Offer',
  price: '1299.00',
  priceCurrency: 'EUR',
  availability: 'https://schema.org/InStock',
  priceValidUntil: '2027-06-30',
};

const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Walnut Desk', sku: 'DESK-W', offers: offer };

function page({
  jsonLd = [product],
  head = '',
  body = '<h1>Walnut Desk</h1><p class="price">1.299,00 €</p>',
}: {
  jsonLd?: unknown[];
  head?: string;
  body?: string;
}): string {
  const scripts = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('');
  return `<!doctype html><html lang="de"><head><title>Walnut Desk</title>${head}${scripts}</head><body><main>${body}<button>In den Warenkorb</button></main></body></html>`;
}

const ogPrice = (amount: string, currency = 'EUR') =>
  `<meta property="og:type" content="product"><meta property="product:price:amount" content="${amount}"><meta property="product:price:currency" content="${currency}">`;

function evaluate(products: Input[]) {
  const artifacts = buildArtifacts({ products });
  const result = consistency.evaluate(artifacts);
  return { result, advice: () => consistency.advise(result, artifacts) };
}

describe('visiblePrices', () => {
  it('reads amounts with a currency mark in common formats', () => {
    const found = visiblePrices('Now €1.299,00 was 1,499.00 EUR, CHF 49.90, £5, $19.99 and $24.990 — 3 items, SKU 12345');
    expect(found.map((p) => [p.amount, p.currency])).toEqual([
      [1299, 'EUR'],
      [1499, 'EUR'],
      [49.9, 'CHF'],
      [5, 'GBP'],
      [19.99, null],
      [24990, null],
    ]);
  });
});

describe('consistency', () => {
  it('passes when price, Open Graph, currency, dates and stock agree', () => {
    const { result } = evaluate([page({ head: ogPrice('1299.00') })]);
    expect(result).toMatchObject({ status: 'pass', score: 1, evidence: [] });
    expect(result.summary).toMatch(/agree with what \/products\/item-1 shows/);
  });

  it('flags a visible price that differs by more than 1%, with both values and where each was read', () => {
    const { result, advice } = evaluate([page({ body: '<h1>Walnut Desk</h1><p class="price">1.349,00 €</p>' })]);
    expect(result.status).toBe('fail');
    expect(result.evidence).toEqual([
      { url: 'https://shop.example/products/item-1', value: 'price: JSON-LD 1299.00 EUR, the page shows 1349.00 EUR' },
    ]);
    expect(result.summary).toContain('price: JSON-LD 1299.00 EUR, the page shows 1349.00 EUR');
    expect(advice().why).toContain('https://shop.example/products/item-1: price: JSON-LD 1299.00 EUR, the page shows 1349.00 EUR');
    expect(advice().snippet).toBeNull();
  });

  it('reads prices from price elements only, not shipping thresholds in the copy', () => {
    const body =
      '<h1>Walnut Desk</h1><p>Free delivery on orders over 50,00 €</p><div class="product-price"><span class="price__sale">1.299,00 €</span></div>';
    expect(evaluate([page({ body })]).result.status).toBe('pass');
    const unpriced = evaluate([page({ body: '<h1>Walnut Desk</h1><p>Free delivery on orders over 50,00 €</p>' })]).result;
    expect(unpriced.status).toBe('pass');
  });

  it('accepts a visible price within 1% (rounding)', () => {
    expect(evaluate([page({ body: '<p class="price">€1,305</p>' })]).result.status).toBe('pass');
  });

  it("fails an Open Graph price and currency that disagree with the JSON-LD, listing each syntax's value", () => {
    const { result } = evaluate([page({ head: ogPrice('1199.00', 'USD'), body: '<h1>Walnut Desk</h1>' })]);
    expect(result.status).toBe('fail');
    expect(result.evidence.map((e) => e.value)).toEqual([
      'the markup states different prices: json-ld 1299.00 EUR, open-graph 1199.00 USD',
      'structured currency EUR vs og product:price:currency USD',
    ]);
  });

  it('flags a page whose visible prices are all in another currency', () => {
    const { result } = evaluate([page({ body: '<p class="price">£1,299.00</p>' })]);
    expect(result.evidence.map((e) => e.value)).toEqual(['structured currency EUR vs visible prices in GBP']);
  });

  it('flags a priceValidUntil in the past, relative to the scan start', () => {
    const { result } = evaluate([page({ jsonLd: [{ ...product, offers: { ...offer, priceValidUntil: '2025-12-31' } }] })]);
    expect(result.evidence.map((e) => e.value)).toEqual(['priceValidUntil 2025-12-31 is in the past (scan date 2026-11-23)']);
  });

  it('flags "in stock" markup on a page that says sold out, in other languages too', () => {
    for (const phrase of ['Sold out', 'Ausverkauft', 'Épuisé', 'Agotado', 'Esaurito', 'Uitverkocht', 'Out of stock']) {
      const { result } = evaluate([page({ body: `<h1>Walnut Desk</h1><p class="price">1.299,00 €</p><p class="badge">${phrase}</p>` })]);
      expect(
        result.evidence.map((e) => e.value),
        phrase,
      ).toEqual([`structured availability InStock vs visible text "${phrase}"`]);
    }
  });

  it('accepts sold-out text when the markup says out of stock', () => {
    const soldOut = { ...product, offers: { ...offer, availability: 'https://schema.org/OutOfStock' } };
    expect(evaluate([page({ jsonLd: [soldOut], body: '<p class="price">1.299,00 €</p><p>Ausverkauft</p>' })]).result.status).toBe('pass');
  });

  it('flags duplicate Product blocks that state different prices', () => {
    const duplicate = { ...product, offers: { ...offer, price: '1399.00' } };
    const { result } = evaluate([page({ jsonLd: [product, duplicate], body: '<h1>Walnut Desk</h1>' })]);
    expect(result.evidence.map((e) => e.value)).toEqual([
      'duplicate Product blocks for sku:desk-w state 1299.00 EUR (json-ld) and 1399.00 EUR (json-ld)',
    ]);
  });

  it('fails when every cross-check disagrees', () => {
    const stale = { ...product, offers: { ...offer, priceValidUntil: '2024-01-01' } };
    const { result } = evaluate([
      page({ jsonLd: [stale], head: ogPrice('999', 'USD'), body: '<p class="price">999,00 €</p><p>Sold out</p>' }),
    ]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.evidence).toHaveLength(5);
    expect(result.summary).toContain('(5 mismatches in all)');
  });

  it('averages over product pages', () => {
    const { result } = evaluate([page({}), page({ body: '<p class="price">1.499,00 €</p>' })]);
    expect(result.status).toBe('warn');
    expect(result.evidence.map((e) => e.url)).toEqual(['https://shop.example/products/item-2']);
  });

  it('is not applicable when nothing can be cross-checked', () => {
    const bare = { '@context': 'https://schema.org', '@type': 'Product', name: 'Walnut Desk' };
    const { result } = evaluate([page({ jsonLd: [bare], body: '<h1>Walnut Desk</h1>' })]);
    expect(result).toMatchObject({ status: 'not_applicable', score: null });
  });

  it('is not assessed without readable product pages', () => {
    expect(evaluate([]).result.status).toBe('not_assessed');
    expect(evaluate([{ skipped: 'deadline' }]).result.status).toBe('not_assessed');
  });
});
