/**
 * "What agents see" where the markup and the visible page disagree: the page's value, both kept with
 * their sources (docs/decisions/075-markup-and-page-disagree.md). Pages go through the real analysis,
 * and once through a whole scan against a loopback shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResult as ScanResultSchema } from '#shared/http/schemas/scan-schemas.js';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { retrieval } from '#test/unit/scanner/checks/build-artifacts.js';

const URL_ = 'https://shop.example/products/oak-stool';

function agentView(head: string, main: string, lang = 'en') {
  const html = page(head, main, lang);
  return analysePage(URL_, 'product', retrieval(URL_, html)).agentView;
}

function page(head: string, main: string, lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><title>Oak Stool</title>${head}</head><body><header><a href="/">Shop</a></header><main>${main}</main><footer>© Shop</footer></body></html>`;
}

function jsonLd(offers: Record<string, string> | Array<Record<string, string>>): string {
  const list = Array.isArray(offers) ? offers : [offers];
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Oak Stool',
    offers: list.map((offer) => ({ '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', ...offer })),
  };
  return `<script type="application/ld+json">${JSON.stringify(product)}</script>`;
}

function microdata(price: string): string {
  return (
    `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Oak Stool">` +
    `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}">` +
    `<meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/InStock"></div></div>`
  );
}

const BUY = '<button type="submit">Add to cart</button>';

describe('what agents see when the markup and the page disagree on the price', () => {
  it('takes the price the page shows over a JSON-LD price it shows nowhere, keeping both', () => {
    const view = agentView(jsonLd({ price: '150.00' }), `<h1>Oak Stool</h1><p class="price">€200.00</p>${BUY}`);
    expect(view).toMatchObject({ price: '200', currency: 'EUR', source: 'json-ld' });
    expect(view?.sources).toMatchObject({ price: 'text', currency: 'json-ld', availability: 'json-ld' });
    expect(view?.disagreements).toEqual([
      {
        field: 'price',
        markup: { value: '150.00', currency: 'EUR', source: 'json-ld' },
        visible: { value: '200', currency: 'EUR', source: 'text' },
        basis: 'price-not-shown',
      },
    ]);
  });

  it('fills the currency the markup leaves out from the price the page shows', () => {
    const markup = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Oak Stool', offers: { '@type': 'Offer', price: '150.00' } })}</script>`;
    const view = agentView(markup, `<h1>Oak Stool</h1><p class="price">€200.00</p>${BUY}`);
    expect(view).toMatchObject({ price: '200', currency: 'EUR', sources: { price: 'text', currency: 'text' } });
    expect(view?.disagreements?.[0]?.markup).toEqual({ value: '150.00', currency: null, source: 'json-ld' });
  });

  it('takes the sale price when the microdata states the crossed-out list price', () => {
    const view = agentView(
      '',
      `${microdata('18.00')}<h1>Oak Stool</h1><div class="price"><span class="price-sale">17,10 €</span> <del class="price-old">18,00 €</del></div>${BUY}`,
      'de',
    );
    expect(view).toMatchObject({ price: '17.1', currency: 'EUR', sources: { price: 'text' } });
    expect(view?.disagreements).toEqual([
      {
        field: 'price',
        markup: { value: '18.00', currency: 'EUR', source: 'microdata' },
        visible: { value: '17.1', currency: 'EUR', source: 'text' },
        basis: 'price-is-list-price',
      },
    ]);
  });

  it('keeps the markup price of a variant page that shows it as one of its selling prices', () => {
    const variants = `<h1>Oak Stool</h1><p class="price">€120.00</p><ul><li>Small <span class="price">€100.00</span></li><li>Large <span class="price">€120.00</span></li></ul>${BUY}`;
    const view = agentView(jsonLd({ price: '100.00' }), variants);
    expect(view).toMatchObject({ price: '100.00', sources: { price: 'json-ld' } });
    expect(view?.disagreements).toBeUndefined();
  });

  it('keeps the markup price when the page shows it in its text, outside any price element', () => {
    const view = agentView(jsonLd({ price: '150.00' }), `<h1>Oak Stool</h1><p class="price">€200.00</p><p>Members pay €150.00</p>${BUY}`);
    expect(view).toMatchObject({ price: '150.00', sources: { price: 'json-ld' } });
    expect(view?.disagreements).toBeUndefined();
  });

  it('keeps the markup price when the page shows another currency, or an amount no repricing explains', () => {
    expect(agentView(jsonLd({ price: '150.00' }), `<h1>Oak Stool</h1><p class="price">£200.00</p>${BUY}`)).toMatchObject({
      price: '150.00',
      currency: 'EUR',
    });
    // 1.09 beside a 54.50 product is a cashback or a deposit, not its price.
    const cashback = agentView(jsonLd({ price: '54.50' }), `<h1>Oak Stool</h1><p class="price">€1.09</p>${BUY}`);
    expect(cashback).toMatchObject({ price: '54.50' });
    expect(cashback?.disagreements).toBeUndefined();
  });

  it('keeps the markup price within 1% of the one shown (rounding)', () => {
    const view = agentView(jsonLd({ price: '19.99' }), `<h1>Oak Stool</h1><p class="price">€20.00</p>${BUY}`);
    expect(view).toMatchObject({ price: '19.99', sources: { price: 'json-ld' } });
    expect(view?.disagreements).toBeUndefined();
  });
});

describe('what agents see when the markup and the page disagree on availability', () => {
  it('takes "sold out" beside the title, with no buy button, over InStock markup', () => {
    const view = agentView(jsonLd({ price: '150.00' }), '<h1>Oak Stool</h1><p class="price">€150.00</p><p class="stock">Sold out</p>');
    expect(view).toMatchObject({ availability: 'OutOfStock', price: '150.00', sources: { availability: 'text', price: 'json-ld' } });
    expect(view?.disagreements).toEqual([
      {
        field: 'availability',
        markup: { value: 'InStock', currency: null, source: 'json-ld' },
        visible: { value: 'OutOfStock', currency: null, source: 'text' },
        basis: 'sold-out-shown',
      },
    ]);
  });

  it('takes an enabled buy button over OutOfStock markup', () => {
    const view = agentView(
      jsonLd({ price: '150.00', availability: 'https://schema.org/OutOfStock' }),
      `<h1>Oak Stool</h1><p class="price">€150.00</p>${BUY}`,
    );
    expect(view).toMatchObject({ availability: 'InStock', sources: { availability: 'text' } });
    expect(view?.disagreements?.[0]).toMatchObject({ field: 'availability', basis: 'buy-button-enabled' });
  });

  it('keeps the markup where the page says both: a disabled button still labelled to buy, sold-out wording beside an enabled one', () => {
    const disabled = agentView(
      jsonLd({ price: '150.00' }),
      '<h1>Oak Stool</h1><p class="price">€150.00</p><p>Sold out</p><button disabled>Add to cart</button>',
    );
    expect(disabled).toMatchObject({ availability: 'InStock', sources: { availability: 'json-ld' } });
    const template = agentView(
      jsonLd({ price: '150.00', availability: 'https://schema.org/OutOfStock' }),
      `<h1>Oak Stool</h1><p class="price">€150.00</p><p class="notice">Out of stock</p>${BUY}`,
    );
    expect(template).toMatchObject({ availability: 'OutOfStock', sources: { availability: 'json-ld' } });
    expect([disabled?.disagreements, template?.disagreements]).toEqual([undefined, undefined]);
  });

  it('keeps InStock markup with a sold-out offer among its offers: the wording may be about that variant', () => {
    const offers = jsonLd([{ price: '150.00' }, { price: '150.00', availability: 'https://schema.org/OutOfStock' }]);
    const view = agentView(offers, '<h1>Oak Stool</h1><p class="price">€150.00</p><p>Sold out</p>');
    expect(view?.disagreements).toBeUndefined();
  });

  it('reports no disagreement where the markup agents see already says what the page shows (its offers say otherwise elsewhere)', () => {
    const offers = jsonLd({ price: '150.00', availability: 'https://schema.org/OutOfStock' });
    const openGraph = '<meta property="og:type" content="product"><meta property="product:availability" content="in stock">';
    const microdataInStock =
      '<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Oak Stool">' +
      '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="150.00">' +
      '<meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/InStock"></div></div>';
    for (const head of [offers.replace('OutOfStock', 'InStock') + openGraph, microdataInStock]) {
      const view = agentView(head, `<h1>Oak Stool</h1><p class="price">€150.00</p>${BUY}`);
      expect(view?.availability).toBe('InStock');
      expect(view?.disagreements).toBeUndefined();
    }
  });

  it('keeps InStock markup when "sold out" is only about other products', () => {
    const related = `<h1>Oak Stool</h1><p class="price">€150.00</p><section class="related-products"><h2>You may also like</h2><div>Pine Stool <span>Sold out</span></div></section>`;
    const view = agentView(jsonLd({ price: '150.00' }), related);
    expect(view).toMatchObject({ availability: 'InStock', sources: { availability: 'json-ld' } });
  });
});

describe('the scan result', () => {
  let shop: RunningShop;
  let fetcher: Fetcher;
  const html = page(jsonLd({ price: '150.00' }), `<h1>Oak Stool</h1><p class="price">€200.00</p>${BUY}`);

  beforeAll(async () => {
    shop = await startShop('real-page-host', { routes: { '/products/oak-stool': { body: html, contentType: 'text/html' } } });
    fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  });

  afterAll(async () => {
    await fetcher.close();
    await shop.close();
  });

  it('carries the disagreement on the product record, valid against the API schema', async () => {
    const { result } = await scanUrl(`${shop.origin}/products/oak-stool`, {
      tier: 'pro',
      productPageBudget: 1,
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 20_000,
    });
    const parsed = ScanResultSchema.safeParse(result);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(result.products[0]).toMatchObject({
      price: '200',
      currency: 'EUR',
      sources: { price: 'text' },
      disagreements: [
        {
          field: 'price',
          markup: { value: '150.00', currency: 'EUR', source: 'json-ld' },
          visible: { value: '200', currency: 'EUR', source: 'text' },
          basis: 'price-not-shown',
        },
      ],
    });
    const consistency = result.checks.find((check) => check.id === 'consistency');
    expect(consistency?.evidence.map((entry) => entry.value)).toEqual(['price: JSON-LD 150.00 EUR, the page shows 200.00 EUR']);
  });
});

describe('a markup product code the page writes another way', () => {
  const withSku = (sku: string) =>
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Oak Stool', sku, offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'EUR' } })}</script>`;

  it('is quoted as the page shows it, grouped or joined', () => {
    const view = agentView(withSku('30275861'), `<h1>Oak Stool</h1><p>49,00 €</p>${BUY}<p>Article 302.758.61</p>`);
    expect(view).toMatchObject({ sku: '302.758.61', sources: { sku: 'text' } });
    expect(agentView(withSku('AB-12 34'), `<h1>Oak Stool</h1>${BUY}<p>ab1234</p>`)).toMatchObject({ sku: 'ab1234' });
  });

  it('stays as the markup writes it when the page shows it so, shows it inside a longer code, or not at all', () => {
    expect(agentView(withSku('30275861'), `<h1>Oak Stool</h1>${BUY}<p>Article 30275861</p>`)).toMatchObject({
      sku: '30275861',
      sources: { sku: 'json-ld' },
    });
    expect(agentView(withSku('30275861'), `<h1>Oak Stool</h1>${BUY}<p>Ref 9302.758.617</p>`)).toMatchObject({
      sku: '30275861',
      sources: { sku: 'json-ld' },
    });
    expect(agentView(withSku('30275861'), `<h1>Oak Stool</h1>${BUY}`)).toMatchObject({ sku: '30275861', sources: { sku: 'json-ld' } });
  });
});
