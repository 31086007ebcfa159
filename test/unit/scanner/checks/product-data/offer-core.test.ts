import { describe, expect, it } from 'vitest';
import { hasMachineReadablePrice, productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { fullProduct, goodPage, offer, page, visible } from '#test/unit/scanner/checks/product-data/fixtures.js';

const runner = checkRunner(productDataChecks);

const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

describe('hasMachineReadablePrice', () => {
  it('needs a price above zero and a currency from structured data', () => {
    const [priced, zero, noCurrency, none] = buildArtifacts({
      products: [
        goodPage,
        page({ jsonLd: [{ ...fullProduct, offers: { ...offer, price: '0.00' } }] }),
        page({ jsonLd: [{ ...fullProduct, offers: { ...offer, priceCurrency: undefined } }] }),
        page({ body: visible }),
      ],
    }).productPages;
    expect(hasMachineReadablePrice(priced!)).toBe(true);
    expect(hasMachineReadablePrice(zero!)).toBe(false);
    expect(hasMachineReadablePrice(noCurrency!)).toBe(false);
    expect(hasMachineReadablePrice(none!)).toBe(false);
  });

  it('accepts Open Graph product price tags', () => {
    const [og] = buildArtifacts({
      products: [
        page({
          head: '<meta property="og:type" content="product"><meta property="product:price:amount" content="24.99"><meta property="product:price:currency" content="EUR">',
        }),
      ],
    }).productPages;
    expect(hasMachineReadablePrice(og!)).toBe(true);
  });
});

describe('offer_core', () => {
  it('passes when name, image, price, currency and availability are stated', () => {
    const { result } = run('offer_core', [goodPage]);
    expect(result).toMatchObject({ status: 'pass', score: 1 });
  });

  it('scores the share of the five fields and lists the missing ones', () => {
    const product = { ...fullProduct, offers: { '@type': 'Offer', price: '24.99' } };
    const { result, advice: advise } = run('offer_core', [page({ jsonLd: [product], body: visible })]);
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(0.6);
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/products/item-1',
      value: 'missing currency, availability (the text shows availability InStock, the markup does not)',
    });
    expect(result.summary).toContain('currency and availability');
    const advice = advise();
    expect(advice.fix).toContain('missing: currency, availability');
    expect(advice.snippet).toContain('"price": "24.99"');
  });

  it('does not count a price of 0, negative or not a number, and names the value', () => {
    for (const [price, written] of [
      [0, '0'],
      ['0.00', '0.00'],
      [-5, '-5'],
      ['call us', 'call us'],
      ['€ -12,00', '€ -12,00'],
    ] as const) {
      const { result, artifacts } = run('offer_core', [page({ jsonLd: [{ ...fullProduct, offers: { ...offer, price } }] })]);
      expect(result.score, String(price)).toBeCloseTo(0.8);
      expect(result.evidence[0]?.value).toBe(`missing price (the markup states price "${written}", which is not a price)`);
      expect(artifacts.productPages[0]?.agentView?.price).toBeNull();
    }
  });

  it('counts a price of 0 on a page that plainly shows the product free', () => {
    const free = page({
      jsonLd: [{ ...fullProduct, offers: { ...offer, price: 0 } }],
      body: '<h1>Sample sachet</h1><p class="price">€0.00</p>',
    });
    const { result, artifacts } = run('offer_core', [free]);
    expect(result.status).toBe('pass');
    expect(artifacts.productPages[0]?.agentView).toMatchObject({ price: '0', sources: { price: 'json-ld' } });
  });

  it('says what agents reading the text see when the markup states no price', () => {
    const { result } = run('offer_core', [
      page({ body: '<h1>Ocean Blue Mug</h1><p class="price">£8.71</p><button>Add to basket</button>' }),
    ]);
    expect(result.evidence[0]?.value).toContain('agents reading the page see 8.71 GBP, but no machine-readable price');
  });

  it('fails when the page states none of them', () => {
    const { result } = run('offer_core', [page({ body: visible })]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.evidence[0]?.value).toBe(
      'missing name, image, price, currency, availability (agents reading the page see 24.99 EUR, but no machine-readable price; the text shows availability InStock, the markup does not)',
    );
  });

  it('is not assessed on a homepage-only scan', () => {
    expect(run('offer_core', []).result.status).toBe('not_assessed');
  });
});
