/**
 * A synthetic shop of heavy pages for the memory figure: a homepage and four product pages of
 * exactly 2 MiB each (the fetcher's HTML cap), built like real heavy pages: a product with JSON-LD,
 * a long grid of cards with text, and a large inline state script.
 */
import type { ShopRoute } from '#test/fixtures/shop-server.js';

export const PAGE_BYTES = 2 * 1024 * 1024;
export const PRODUCTS = 4;

function card(i: number, href: string): string {
  return (
    `<div class="card"><a href="${href}">Trail sock, merino blend, style ${i}</a><span class="price">€${(9 + (i % 40)).toFixed(2)}</span>` +
    `<p>Cushioned merino blend sock with a reinforced heel and toe, made in Portugal. Colour ${i % 12}, sizes 36 to 47.</p></div>\n`
  );
}

function fill(head: string, body: string): string {
  const open = `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}`;
  const close = '</body></html>';
  const cards: string[] = [];
  let length = Buffer.byteLength(open + close);
  for (let i = 0; length < PAGE_BYTES * 0.6; i++) {
    cards.push(card(i, `/collections/socks?page=${i}`));
    length += Buffer.byteLength(cards[i]!);
  }
  const grid = cards.join('');
  const scriptOpen = '<script>window.__STATE__ = {"items":"';
  const scriptClose = '"};</script>';
  const used = Buffer.byteLength(open + grid + scriptOpen + scriptClose + close);
  const state = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil((PAGE_BYTES - used) / 36)).slice(0, PAGE_BYTES - used);
  const page = open + grid + scriptOpen + state + scriptClose + close;
  if (Buffer.byteLength(page) !== PAGE_BYTES) throw new Error(`synthetic page is ${Buffer.byteLength(page)} bytes`);
  return page;
}

function productPage(n: number): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `Heavy product ${n}`,
    sku: `HEAVY-${n}`,
    image: `https://cdn.example.com/heavy-${n}.jpg`,
    brand: { '@type': 'Brand', name: 'Synthetic' },
    offers: { '@type': 'Offer', price: `${n}9.00`, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  });
  return fill(
    `<title>Heavy product ${n}</title><script type="application/ld+json">${jsonLd}</script>`,
    `<h1>Heavy product ${n}</h1><p class="price">€${n}9.00</p><form method="post" action="/cart/add"><label for="q">Quantity</label><input id="q" name="quantity" type="number" value="1"><button type="submit">Add to cart</button></form>`,
  );
}

/** Routes for startShop (on any shop folder with a robots.txt), keyed by path. */
export function syntheticRoutes(): Record<string, ShopRoute> {
  const links = Array.from({ length: PRODUCTS }, (_, i) => `<a href="/products/heavy-${i + 1}">Heavy product ${i + 1}</a>`).join(' ');
  const routes: Record<string, ShopRoute> = {
    '/': {
      body: Buffer.from(fill('<title>Heavy shop</title>', `<h1>Heavy shop</h1><nav>${links}</nav>`)),
      contentType: 'text/html; charset=utf-8',
    },
  };
  for (let n = 1; n <= PRODUCTS; n++)
    routes[`/products/heavy-${n}`] = { body: Buffer.from(productPage(n)), contentType: 'text/html; charset=utf-8' };
  return routes;
}
