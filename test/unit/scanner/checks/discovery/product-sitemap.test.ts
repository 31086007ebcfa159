import { describe, expect, it } from 'vitest';
import { discoveryChecks, productUrlsFromSitemap } from '#shared/scanner/checks/discovery/index.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { productSitemap, sitemapIndex, url, urlset } from '#test/unit/scanner/checks/discovery/fixtures.js';

const { run } = checkRunner(discoveryChecks);

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
