import { describe, expect, it } from 'vitest';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { hasMachineReadablePrice, productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';

const DESCRIPTION =
  'A hand-thrown stoneware mug in deep ocean blue, glazed inside and out, dishwasher and microwave safe, holding 350 ml of coffee or tea.';

const offer = {
  '@type': 'Offer',
  url: 'https://shop.example/products/item-1',
  price: '24.99',
  priceCurrency: 'EUR',
  availability: 'https://schema.org/InStock',
  priceValidUntil: '2027-12-31',
};

/** A product page with every fact an agent wants. */
const fullProduct = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Ocean Blue Mug',
  image: 'https://cdn.shop.example/mug.jpg',
  description: DESCRIPTION,
  sku: 'MUG-BLUE',
  gtin13: '4006381333931',
  mpn: 'OB-350',
  brand: { '@type': 'Brand', name: 'Kiln & Co' },
  color: 'Blue',
  material: 'Stoneware',
  itemCondition: 'https://schema.org/NewCondition',
  aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.7', reviewCount: '132' },
  offers: offer,
};

function page({ jsonLd = [], head = '', body = '' }: { jsonLd?: unknown[]; head?: string; body?: string }): string {
  const scripts = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('\n');
  return `<!doctype html><html lang="en"><head><title>Ocean Blue Mug | Kiln &amp; Co</title>${head}${scripts}</head>
<body><header><a href="/">Kiln &amp; Co</a></header><main>${body}</main><footer><p>© Kiln &amp; Co</p></footer></body></html>`;
}

const visible =
  '<h1>Ocean Blue Mug</h1><p class="price">€24,99</p><form action="/cart/add" method="post"><button type="submit">Add to cart</button></form>';
const goodPage = page({ jsonLd: [fullProduct], body: visible });

const runner = checkRunner(productDataChecks);
const { check } = runner;
const run = (id: string, products: Input[], extra: Partial<Parameters<typeof buildArtifacts>[0]> = {}) =>
  runner.run(id, { products, ...extra });

const challenge: Input = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
};

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

describe('schema_present', () => {
  it('passes with a JSON-LD Product', () => {
    const { result } = run('schema_present', [goodPage]);
    expect(result).toMatchObject({ status: 'pass', score: 1 });
  });

  it('warns when the product is only in microdata', () => {
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Ocean Blue Mug</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="24.99">€24,99</span><meta itemprop="priceCurrency" content="EUR"></div></div>`;
    const { result } = run('schema_present', [page({ body: microdata })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence[0]?.value).toBe('Product only in microdata, not in JSON-LD');
  });

  it('warns when only Open Graph tags describe the product', () => {
    const { result } = run('schema_present', [
      page({ head: '<meta property="og:type" content="product"><meta property="og:title" content="Ocean Blue Mug">', body: visible }),
    ]);
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toMatch(/only Open Graph product tags \(og:type "product"\)/);
  });

  it('fails without any product markup and names the broken JSON-LD block', () => {
    const { result, advice: advise } = run('schema_present', [
      page({ head: '<script type="application/ld+json">{"@type": "Product", "name": }</script>', body: visible }),
    ]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/No Product markup on \/products\/item-1/);
    expect(result.evidence[0]?.value).toMatch(/a JSON-LD block does not parse/);
    const advice = advise();
    expect(advice.snippet).toContain('"@type": "Product"');
    expect(advice.snippet).toContain('"name": "Ocean Blue Mug"');
    expect(advice.why).toContain('https://shop.example/products/item-1');
  });

  it('averages over product pages and names the page that falls short', () => {
    const { result } = run('schema_present', [goodPage, page({ body: visible })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence).toEqual([
      { url: 'https://shop.example/products/item-2', value: 'no Product markup in JSON-LD, microdata, RDFa or Open Graph' },
    ]);
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

describe('identifiers', () => {
  it('passes with a sku and a valid GTIN', () => {
    expect(run('identifiers', [goodPage]).result.status).toBe('pass');
  });

  it('passes with brand and mpn', () => {
    const { sku: _sku, gtin13: _gtin, ...product } = fullProduct;
    expect(run('identifiers', [page({ jsonLd: [product] })]).result.status).toBe('pass');
  });

  it("warns when the GTIN's check digit is wrong", () => {
    const { mpn: _mpn, ...product } = fullProduct;
    const { result, advice: advise } = run('identifiers', [page({ jsonLd: [{ ...product, gtin13: '4006381333932' }] })]);
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain("GTIN 4006381333932's check digit is wrong (expected 1, found 2)");
    expect(advise().snippet).toContain('"gtin": "<13-digit EAN / 12-digit UPC>"');
  });

  it('warns with a sku only', () => {
    const { gtin13: _gtin, mpn: _mpn, ...product } = fullProduct;
    const { result } = run('identifiers', [page({ jsonLd: [product] })]);
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toBe('no GTIN, and no brand + mpn (sku MUG-BLUE, brand Kiln & Co)');
  });

  it('fails without any identifier', () => {
    const { sku: _s, gtin13: _g, mpn: _m, brand: _b, ...product } = fullProduct;
    const { result, advice: advise } = run('identifiers', [page({ jsonLd: [product] })]);
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/states no product identifier/);
    expect(advise().snippet).toContain('<13-digit EAN / 12-digit UPC>');
  });

  it('is not assessed without product pages', () => {
    expect(run('identifiers', [{ skipped: 'deadline' }]).result.status).toBe('not_assessed');
  });
});

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
