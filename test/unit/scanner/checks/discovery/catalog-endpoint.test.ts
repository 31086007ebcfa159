import { describe, expect, it } from 'vitest';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { cloudflareWall, page } from '#test/unit/scanner/checks/discovery/fixtures.js';

const { run } = checkRunner(discoveryChecks);

describe('catalog_endpoint', () => {
  const shopifyHome = page('<script src="https://cdn.shopify.com/s/files/1/theme.js"></script>');

  it('passes a public Shopify products.json, labelled platform provided', () => {
    const { result } = run('catalog_endpoint', {
      homepage: shopifyHome,
      catalog: { url: 'https://shop.example/products.json?limit=8', productCount: 8, response: '{"products":[]}' },
    });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.evidence[0]).toEqual({ url: 'https://shop.example/products.json?limit=8', value: '8 products' });
  });

  it('counts products in the body when the gatherer did not', () => {
    const { result } = run('catalog_endpoint', {
      homepage: page('<link rel="stylesheet" href="/wp-content/plugins/woocommerce/assets/css/woocommerce.css">'),
      catalog: { url: 'https://shop.example/wp-json/wc/store/v1/products', productCount: null, response: '[{"id":1},{"id":2}]' },
    });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.summary).toContain('2 products');
  });

  it('passes a product feed link in the homepage head', () => {
    const { result } = run('catalog_endpoint', {
      homepage: page(
        '<link rel="alternate" type="application/rss+xml" title="Product feed" href="/feeds/products.xml"><link rel="alternate" type="application/rss+xml" title="Blog" href="/blog/feed">',
      ),
    });
    expect(result.status).toBe('pass');
    expect(result.platformProvided).toBeUndefined();
    expect(result.evidence).toEqual([{ url: 'https://shop.example/feeds/products.xml', value: 'product feed link' }]);
  });

  it('fails when Shopify products.json is closed and no feed is linked', () => {
    const { result, advice } = run('catalog_endpoint', {
      homepage: shopifyHome,
      catalog: { url: 'https://shop.example/products.json?limit=8', productCount: null, response: { status: 404, body: 'Not found' } },
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('products.json?limit=8 answered HTTP 404');
    expect(advice()).toMatchObject({ title: 'Re-open the public Shopify product catalog', snippet: null });
  });

  it('fails a custom shop with neither catalog nor feed link, and advises a feed link', () => {
    const { result, advice } = run('catalog_endpoint', {
      homepage: page('<link rel="alternate" type="application/rss+xml" href="/blog/feed" title="Blog">'),
    });
    expect(result.status).toBe('fail');
    expect(advice().snippet).toBe(
      '<link rel="alternate" type="application/rss+xml" title="Product feed" href="https://shop.example/feeds/products.xml">',
    );
  });

  it('is not assessed when the catalog was not fetched in time or the homepage is walled', () => {
    const unread = run('catalog_endpoint', {
      homepage: page(''),
      catalog: { url: 'https://shop.example/products.json', productCount: null, response: { skipped: 'deadline' } },
    }).result;
    expect(unread.status).toBe('not_assessed');
    expect(unread.summary).toContain('not fetched before the scan deadline');
    expect(run('catalog_endpoint', { homepage: cloudflareWall }).result.status).toBe('not_assessed');
  });
});
