/**
 * The markup cache (shared/scanner/markup-cache.ts) and its use by scans: a page read before is not
 * parsed again, what is reused is what a fresh read gives, and no check changes what it is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysePage, createPageMarkupCache } from '#shared/scanner/analyse-page.js';
import type { Retrieval } from '#shared/scanner/artifacts.js';
import { scanUrl, type ScanResult } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';
import type { Fetcher } from '#shared/outbound/index.js';
import { createMarkupCache, type MarkupCache } from '#shared/scanner/markup-cache.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';

function counted<T>(value: T) {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return value;
    },
    get reads() {
      return reads;
    },
  };
}

describe('createMarkupCache', () => {
  it('reads a page once per kind, URL and text', () => {
    const cache = createMarkupCache<string>({ maxCharacters: 1000 });
    const facts = counted('facts');
    expect(cache.readThrough('product', 'https://shop.example/a', '<p>a</p>', facts.read)).toBe('facts');
    expect(cache.readThrough('product', 'https://shop.example/a', '<p>a</p>', facts.read)).toBe('facts');
    expect(facts.reads).toBe(1);
    cache.readThrough('homepage', 'https://shop.example/a', '<p>a</p>', facts.read);
    cache.readThrough('product', 'https://shop.example/b', '<p>a</p>', facts.read);
    cache.readThrough('product', 'https://shop.example/a', '<p>A</p>', facts.read);
    expect(facts.reads).toBe(4);
  });

  it('forgets the least recently used pages once their text passes the budget, and never keeps a page larger than it', () => {
    const cache = createMarkupCache<string>({ maxCharacters: 30 });
    const facts = counted('facts');
    const page = (name: string) => cache.readThrough('product', `https://shop.example/${name}`, name.repeat(10), facts.read);
    page('a');
    page('b');
    page('c');
    expect(cache.size).toBe(3);
    page('a'); // used again: now the most recent
    page('d'); // 40 characters: b, the least recent, goes
    expect(cache.size).toBe(3);
    expect(facts.reads).toBe(4);
    page('a');
    page('c');
    expect(facts.reads).toBe(4);
    page('b');
    expect(facts.reads).toBe(5);
    cache.readThrough('product', 'https://shop.example/huge', 'x'.repeat(31), facts.read);
    cache.readThrough('product', 'https://shop.example/huge', 'x'.repeat(31), facts.read);
    expect(facts.reads).toBe(7);
  });
});

describe('analysePage with a markup cache', () => {
  const url = 'https://shop.example/products/mug';
  const html = `<html><head><title>Mug</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Enamel mug',
    sku: 'MUG-1',
    offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
  })}</script></head><body><h1>Enamel mug</h1><p>£12.50</p><button>Add to basket</button></body></html>`;
  const fetched = (text: string, status = 200): Retrieval => ({
    state: 'fetched',
    resource: {
      requestedUrl: url,
      finalUrl: url,
      status,
      headers: { 'content-type': 'text/html' },
      redirects: [],
      body: Buffer.from(text),
      text,
      charset: 'utf-8',
      bytes: text.length,
      truncated: false,
      timing: { startedAt: 0, ttfbMs: 1, totalMs: 1 },
    },
  });

  it('gives what a fresh read gives, sharing the facts of an unchanged page and keeping each response its own', () => {
    const cache = createPageMarkupCache();
    const first = analysePage(url, 'product', fetched(html), cache);
    const again = analysePage(url, 'product', fetched(html, 203), cache);
    expect(again).toEqual({ ...analysePage(url, 'product', fetched(html, 203)) });
    expect(again.facts).toBe(first.facts);
    expect(again.agentView).toMatchObject({ price: '12.50', sku: 'MUG-1' });
    expect(again.retrieval).not.toBe(first.retrieval);
    const changed = analysePage(url, 'product', fetched(html.replace('12.50', '14.00')), cache);
    expect(changed.facts).not.toBe(first.facts);
    expect(changed.agentView).toMatchObject({ price: '14.00' });
  });
});

/** Freezes what it keeps, so a check that changed a shared page's facts would throw. */
function freezingCache<T>(): MarkupCache<T> {
  const inner = createMarkupCache<T>({ maxCharacters: 16 * 1024 * 1024 });
  return {
    readThrough: (kind, url, text, read) => inner.readThrough(kind, url, text, () => deepFreeze(read())),
    get size() {
      return inner.size;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

describe('scans sharing a markup cache', () => {
  let shop: RunningShop;
  let fetcher: Fetcher;

  beforeAll(async () => {
    shop = await startShop('typical-gaps');
    fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  });

  afterAll(async () => {
    await fetcher.close();
    await shop.close();
  });

  const scan = async (path: string, markupCache?: MarkupCache<never>) => {
    const { result } = await scanUrl(`${shop.origin}${path}`, {
      tier: 'growth',
      productPageBudget: 4,
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 20_000,
      markupCache,
    });
    return result;
  };
  // Everything but what timing decides (time to first byte, dates).
  const judged = (result: ScanResult) => ({
    score: result.score,
    caps: result.caps,
    checks: result.checks
      .filter((check) => check.id !== 'ttfb')
      .map(({ id, status, earned, summary }) => ({ id, status, earned, summary })),
    products: result.products,
    pages: JSON.parse(JSON.stringify(result.pages, (key, value: unknown) => (key.endsWith('Ms') ? undefined : value))) as unknown,
  });

  it('judge the same pages as scans without one do, and no check changes the shared facts', async () => {
    const cache = freezingCache<never>();
    const fresh = await scan('/', cache);
    const kept = cache.size;
    expect(kept).toBeGreaterThanOrEqual(5);
    const reused = await scan('/', cache);
    expect(cache.size).toBe(kept);
    expect(judged(reused)).toEqual(judged(fresh));
    expect(judged(await scan('/'))).toEqual(judged(fresh));
    // A scan of one of those product pages reuses them too and judges that page as the homepage's scan did.
    const product = await scan('/products/linen-tea-towels', cache);
    expect(product.products.find((facts) => facts.url.endsWith('/products/linen-tea-towels'))).toEqual(
      fresh.products.find((facts) => facts.url.endsWith('/products/linen-tea-towels')),
    );
  });
});
