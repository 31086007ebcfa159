/**
 * A product URL scanned directly is read as the scan's first page before it is known to be a product
 * page; agents still see what its text adds to its markup, as when a crawl from the homepage finds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';

const markup = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Linen apron',
  sku: 'AP-1',
  offers: { '@type': 'Offer', price: '30.00', priceCurrency: 'GBP' },
});
const apron = `<html><head><title>Linen apron</title><script type="application/ld+json">${markup}</script></head>
<body><h1>Linen apron</h1><p class="price">£30.00</p><p>In stock, ships tomorrow</p><button>Add to basket</button></body></html>`;
const homepage = '<html><head><title>Aprons</title></head><body><h1>Aprons</h1><a href="/products/apron">Linen apron</a></body></html>';
// No markup at all: only its title, price, stock wording and buy button say it is a product page.
const plainApron = `<html><head><title>Canvas apron</title></head><body><main><h1>Canvas apron</h1><p class="price">£24.00</p><p>In stock</p>
<form action="/cart/add" method="post"><input type="hidden" name="id" value="7"><button type="submit">Add to basket</button></form></main></body></html>`;

let shop: RunningShop;
let fetcher: Fetcher;

beforeAll(async () => {
  shop = await startShop('typical-gaps', {
    routes: {
      '/': { body: homepage, contentType: 'text/html' },
      '/products/apron': { body: apron, contentType: 'text/html' },
      '/products/plain-apron': { body: plainApron, contentType: 'text/html' },
    },
  });
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});

afterAll(async () => {
  await fetcher.close();
  await shop.close();
});

async function scan(path: string, tier: 'free' | 'growth' = 'growth') {
  const { result } = await scanUrl(`${shop.origin}${path}`, {
    tier,
    productPageBudget: tier === 'free' ? 0 : 4,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: Date.now() + 20_000,
  });
  return result;
}

async function apronAsScannedFrom(path: string) {
  return (await scan(path)).products.find((product) => product.url === `${shop.origin}/products/apron`);
}

describe('a product page scanned directly', () => {
  it('shows the availability its text states beside its markup, labelled as text, as a crawl does', async () => {
    const direct = await apronAsScannedFrom('/products/apron');
    expect(direct).toMatchObject({ price: '30.00', availability: 'InStock', sources: { price: 'json-ld', availability: 'text' } });
    expect(direct).toEqual(await apronAsScannedFrom('/'));
  });

  it('without any markup, is judged as the product page it is: what agents read and the markup it lacks', async () => {
    const result = await scan('/products/plain-apron');
    const url = `${shop.origin}/products/plain-apron`;
    expect(result.products[0]).toMatchObject({
      url,
      price: '24',
      currency: 'GBP',
      availability: 'InStock',
      sources: { price: 'text', availability: 'text' },
    });
    const offer = result.checks.find((check) => check.id === 'offer_core')!;
    expect(offer.status).not.toBe('pass');
    expect(offer.evidence).toContainEqual({
      url,
      value: expect.stringContaining('agents reading the page see 24 GBP, but no machine-readable price'),
    });
    // Alone (free: the scanned page only), no product page states a machine-readable price: at most 60.
    const alone = await scan('/products/plain-apron', 'free');
    expect(alone.products.map((product) => product.url)).toEqual([url]);
    expect(alone.checks.find((check) => check.id === 'offer_core')!.status).toBe('fail');
    expect(alone.score).toBeLessThanOrEqual(60);
  });
});
