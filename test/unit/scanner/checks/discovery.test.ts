import { describe, expect, it } from 'vitest';
import { discoveryChecks, productUrlsFromSitemap } from '#shared/scanner/checks/discovery/index.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';

const { run } = checkRunner(discoveryChecks);

const robotsWithSitemap = 'User-agent: *\nDisallow: /cart\nSitemap: https://shop.example/sitemap.xml\n';
const robotsWithout = 'User-agent: *\nDisallow: /cart\n';
const urlset = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`;
const url = (loc: string, lastmod?: string) => `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
const productSitemap = urlset(
  url('https://shop.example/', '2026-11-20') +
    url('https://shop.example/products/blue-mug', '2026-11-01T10:00:00Z') +
    url('https://shop.example/products/red-mug', '2026-10-01') +
    url('https://shop.example/pages/about', '2026-11-22'),
);
const sitemapIndex = (children: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.map((c) => `<sitemap><loc>${c}</loc></sitemap>`).join('')}</sitemapindex>`;
const softNotFound = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Oops</h1></body></html>';
const cloudflareWall = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body></body></html>',
};
const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Mug Shop | Home</title>${head}</head><body>${body}</body></html>`;

describe('discovery checks', () => {
  it('follow the rubric: ids, order, dimension and points adding up to 10', () => {
    expect(discoveryChecks.map((c) => [c.id, c.points])).toEqual([
      ['sitemap', 3],
      ['product_sitemap', 3],
      ['site_search', 2],
      ['llms_txt', 1],
      ['catalog_endpoint', 1],
    ]);
    expect(discoveryChecks.every((c) => c.dimension === 'discovery')).toBe(true);
    expect(discoveryChecks.reduce((sum, c) => sum + c.points, 0)).toBe(10);
  });
});

describe('sitemap', () => {
  it('passes a sitemap declared in robots.txt, with its size as evidence', () => {
    const { result } = run('sitemap', { robots: robotsWithSitemap, sitemap: productSitemap, sitemapSource: 'robots' });
    expect(result.status).toBe('pass');
    expect(result.score).toBe(1);
    expect(result.summary).toContain('declared in robots.txt');
    expect(result.evidence[0]).toEqual({ url: 'https://shop.example/sitemap.xml', value: 'urlset with 4 URLs' });
  });

  it('passes a default-path sitemap that robots.txt also names', () => {
    const { result } = run('sitemap', { robots: robotsWithSitemap, sitemap: productSitemap, sitemapSource: 'default' });
    expect(result.status).toBe('pass');
  });

  it('warns when the sitemap only answers at /sitemap.xml, and advises the Sitemap: line', () => {
    const { result, advice } = run('sitemap', {
      robots: robotsWithout,
      sitemap: sitemapIndex(['https://shop.example/sitemap_products_1.xml']),
      sitemapSource: 'default',
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('robots.txt does not declare it');
    expect(result.evidence[0]?.value).toBe('sitemap index with 1 child sitemap');
    expect(advice()).toMatchObject({
      title: 'Declare your sitemap in robots.txt',
      snippet: 'Sitemap: https://shop.example/sitemap.xml',
      effort: 'S',
    });
  });

  it('warns on a sitemap that parses but lists nothing', () => {
    const { result, advice } = run('sitemap', { robots: robotsWithSitemap, sitemap: urlset(''), sitemapSource: 'robots' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('lists no URLs');
    expect(advice().snippet).toContain('<urlset');
  });

  it('fails with no sitemap at all and advises one with a robots.txt line', () => {
    const { result, advice } = run('sitemap', { robots: robotsWithout });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('robots.txt declares no sitemap');
    const { snippet, title } = advice();
    expect(title).toBe('Publish an XML sitemap and declare it in robots.txt');
    expect(snippet).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(snippet).toContain('<urlset');
    expect(advice().why).toContain('Found: robots.txt declares no sitemap and /sitemap.xml was not found.');
  });

  it('fails a declared sitemap that answers 404', () => {
    const { result } = run('sitemap', { robots: robotsWithSitemap, sitemap: { status: 404, body: 'Not found' }, sitemapSource: 'robots' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('(declared in robots.txt) answered HTTP 404');
  });

  it('fails a soft 404: an HTML page served at /sitemap.xml', () => {
    const { result } = run('sitemap', { robots: robotsWithout, sitemap: softNotFound });
    expect(result.status).toBe('fail');
    expect(result.evidence[0]?.value).toContain('soft 404');
  });

  it('is not assessed when the sitemap was not fetched in time or the fetch failed', () => {
    expect(run('sitemap', { sitemap: { skipped: 'deadline' } }).result).toMatchObject({ status: 'not_assessed', score: null });
    expect(run('sitemap', { sitemap: { failed: 'timeout' } }).result.summary).toContain('could not be fetched (timeout)');
    expect(run('sitemap', { robots: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});

describe('product_sitemap', () => {
  it('passes product URLs with a lastmod within 90 days of the scan', () => {
    const { result } = run('product_sitemap', { sitemap: productSitemap });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('2 product URLs in the sitemap; the newest <lastmod> is 2026-11-01T10:00:00Z.');
    expect(result.evidence[1]).toEqual({ url: 'https://shop.example/products/blue-mug', value: '2026-11-01T10:00:00Z' });
  });

  it('counts every page of a product child sitemap, whatever its URL pattern', () => {
    const child = urlset(
      url('https://shop.example/', '2026-11-20') +
        url('https://shop.example/blue-mug/', '2026-11-02') +
        url('https://shop.example/gift-card/', '2026-11-02'),
    );
    const { result } = run('product_sitemap', {
      sitemap: sitemapIndex(['https://shop.example/xmlsitemap.php?type=products&page=1']),
      sitemapChildren: [{ url: 'https://shop.example/xmlsitemap.php?type=products&page=1', body: child }],
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('1 product URL in the sitemap');
  });

  it('warns when product URLs carry no lastmod, and advises a dated entry', () => {
    const { result, advice } = run('product_sitemap', {
      sitemap: urlset(url('https://shop.example/products/blue-mug') + url('https://shop.example/product/red-mug')),
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('none has a <lastmod>');
    expect(advice().snippet).toBe('<url>\n  <loc>https://shop.example/products/blue-mug</loc>\n  <lastmod>2026-11-23</lastmod>\n</url>');
  });

  it('warns when the newest product lastmod is older than 90 days', () => {
    const { result } = run('product_sitemap', { sitemap: urlset(url('https://shop.example/products/blue-mug', '2026-03-01')) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('(2026-03-01) is 267 days old');
  });

  it('fails without a sitemap, saying so', () => {
    const { result, advice } = run('product_sitemap', {});
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('No sitemap, so no product URLs to find.');
    expect(advice().title).toBe('List your product pages in the sitemap');
  });

  it('fails a sitemap without product URLs, and an index that names no product sitemap', () => {
    const pagesOnly = run('product_sitemap', { sitemap: urlset(url('https://shop.example/pages/about', '2026-11-01')) }).result;
    expect(pagesOnly.status).toBe('fail');
    expect(pagesOnly.summary).toContain('lists no product URLs');
    expect(pagesOnly.evidence[0]?.value).toBe('0 product URLs among 1 entry');
    const index = run('product_sitemap', { sitemap: sitemapIndex(['https://shop.example/sitemap_pages_1.xml']) }).result;
    expect(index.status).toBe('fail');
    expect(index.summary).toContain('names no product sitemap');
  });

  it('is not assessed when the sitemap or its product children were not fetched in time', () => {
    expect(run('product_sitemap', { sitemap: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
    const built = buildArtifacts({ sitemap: sitemapIndex(['https://shop.example/sitemap_products_1.xml']) });
    const sitemap = built.site.sitemap;
    if (!sitemap) throw new Error('sitemap expected');
    const artifacts: Artifacts = {
      ...built,
      site: {
        ...built.site,
        sitemap: {
          ...sitemap,
          children: [
            { url: 'https://shop.example/sitemap_products_1.xml', retrieval: { state: 'skipped', reason: 'deadline' }, parsed: null },
          ],
        },
      },
    };
    const { result } = run('product_sitemap', artifacts);
    expect(result.status).toBe('not_assessed');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/sitemap_products_1.xml',
      value: 'not fetched before the scan deadline',
    });
  });
});

describe('productUrlsFromSitemap', () => {
  it('lists product URLs in document order, deduplicated, without gift cards or the home page', () => {
    const artifacts = buildArtifacts({
      sitemap: urlset(
        url('https://shop.example/products/b') +
          url('https://shop.example/products/gift-card') +
          url('https://shop.example/about') +
          url('https://shop.example/products/a'),
      ),
    });
    expect(productUrlsFromSitemap(artifacts.site.sitemap)).toEqual(['https://shop.example/products/b', 'https://shop.example/products/a']);
    const index = buildArtifacts({
      sitemap: sitemapIndex(['https://shop.example/sitemap_products_1.xml']),
      sitemapChildren: [
        {
          url: 'https://shop.example/sitemap_products_1.xml',
          body: urlset(
            url('https://shop.example/') +
              url('https://shop.example/products/a') +
              url('https://shop.example/products/a') +
              url('https://shop.example/egift-voucher'),
          ),
        },
      ],
    });
    expect(productUrlsFromSitemap(index.site.sitemap)).toEqual(['https://shop.example/products/a']);
    expect(productUrlsFromSitemap(null)).toEqual([]);
  });
});

describe('site_search', () => {
  const searchAction = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","url":"https://shop.example/","potentialAction":{"@type":"SearchAction","target":{"@type":"EntryPoint","urlTemplate":"https://shop.example/search?q={search_term_string}"},"query-input":"required name=search_term_string"}}</script>`;

  it('passes a WebSite SearchAction in the homepage JSON-LD', () => {
    const { result } = run('site_search', { homepage: page(searchAction) });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/',
      value: 'SearchAction target https://shop.example/search?q={search_term_string}',
    });
  });

  it('passes a GET search form', () => {
    const { result } = run('site_search', {
      homepage: page('', '<form action="/search" role="search"><input type="search" name="q" placeholder="Search"></form>'),
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('GET search form (https://shop.example/search?q=…)');
  });

  it('passes an OpenSearch description link', () => {
    const { result } = run('site_search', {
      homepage: page('<link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title="Shop">'),
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/opensearch.xml');
  });

  it('warns on a POST-only search form, and advises a SearchAction built on the form', () => {
    const { result, advice } = run('site_search', {
      homepage: page('', '<form method="POST" action="/catalogsearch/result"><input type="text" name="query"><button>Go</button></form>'),
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('method=POST');
    const { snippet } = advice();
    expect(snippet).toContain('"urlTemplate": "https://shop.example/catalogsearch/result?query={search_term_string}"');
    expect(snippet).toContain('"query-input": "required name=search_term_string"');
  });

  it('warns on a search box that only works with JavaScript', () => {
    const { result } = run('site_search', { homepage: page('', '<div class="search"><input type="search" aria-label="Search"></div>') });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('only with JavaScript');
  });

  it('fails without any search, and advises the platform default URL', () => {
    const { result, advice } = run('site_search', {
      homepage: page('', '<h1>Mugs</h1><form action="/newsletter" method="post"><input type="email" name="email"></form>'),
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('no SearchAction and no search form');
    expect(advice().snippet).toContain('https://shop.example/search?q={search_term_string}');
  });

  it('is not assessed when the homepage is behind a bot wall or was not fetched', () => {
    const walled = run('site_search', { homepage: cloudflareWall }).result;
    expect(walled.status).toBe('not_assessed');
    expect(walled.summary).toContain('bot wall (cloudflare)');
    expect(run('site_search', { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
  });
});

describe('llms_txt', () => {
  const llms = '# Mug Shop\n\n> Handmade mugs shipped across the UK.\n\n- [All mugs](https://shop.example/collections/mugs): the catalog\n';

  it('passes a valid /llms.txt', () => {
    const { result } = run('llms_txt', { llmsTxt: llms });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/llms.txt',
      value: `H1 "Mug Shop", 1 links, ${llms.trim().length} characters`,
    });
  });

  it('passes a valid /agents.md when llms.txt is missing', () => {
    const { result } = run('llms_txt', { agentsMd: llms });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/agents.md');
  });

  it('warns on an llms.txt without links, quoting the problems, and advises a skeleton from the shop', () => {
    const { result, advice } = run('llms_txt', {
      llmsTxt: '# Mug Shop\n\nWe sell mugs.',
      homepage: page('', '<a href="/policies/shipping-policy">Shipping</a><a href="/pages/contact">Contact us</a>'),
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('no Markdown link');
    expect(result.summary).toContain('shorter than 50 characters');
    const { snippet } = advice();
    expect(snippet).toMatch(/^# Mug Shop\n/);
    expect(snippet).toContain('- [Shipping](https://shop.example/policies/shipping-policy)');
    expect(snippet).toContain('- [Contact](https://shop.example/pages/contact)');
  });

  it('is not applicable when neither file exists, soft 404s included', () => {
    const { result } = run('llms_txt', { llmsTxt: softNotFound });
    expect(result).toMatchObject({ status: 'not_applicable', score: null });
    expect(result.evidence.map((e) => e.value)).toEqual(['HTML page served instead of Markdown (soft 404)', 'answered HTTP 404']);
  });

  it('is not assessed when a file was not fetched in time', () => {
    const { result } = run('llms_txt', { llmsTxt: { skipped: 'deadline' } });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('https://shop.example/llms.txt not fetched before the scan deadline');
  });
});

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
