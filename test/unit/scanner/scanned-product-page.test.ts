/**
 * A product URL scanned directly is read as the scan's first page before it is known to be a product
 * page; agents still see what its text adds to its markup, as when a crawl from the homepage finds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher, type Fetcher } from '#shared/scanner/fetch/index.js';
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

let shop: RunningShop;
let fetcher: Fetcher;

beforeAll(async () => {
  shop = await startShop('typical-gaps', { routes: { '/': { body: homepage, contentType: 'text/html' }, '/products/apron': { body: apron, contentType: 'text/html' } } });
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});

afterAll(async () => {
  await fetcher.close();
  await shop.close();
});

async function apronAsScannedFrom(path: string) {
  const { result } = await scanUrl(`${shop.origin}${path}`, { tier: 'growth', productPageBudget: 4, fetcher, policy: { allowPrivateHosts: ['127.0.0.1'] }, deadline: Date.now() + 20_000 });
  return result.products.find((product) => product.url === `${shop.origin}/products/apron`);
}

describe('a product page scanned directly', () => {
  it('shows the availability its text states beside its markup, labelled as text, as a crawl does', async () => {
    const direct = await apronAsScannedFrom('/products/apron');
    expect(direct).toMatchObject({ price: '30.00', availability: 'InStock', sources: { price: 'json-ld', availability: 'text' } });
    expect(direct).toEqual(await apronAsScannedFrom('/'));
  });
});
