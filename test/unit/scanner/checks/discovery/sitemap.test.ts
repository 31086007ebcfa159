import { describe, expect, it } from 'vitest';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { productSitemap, sitemapIndex, softNotFound, urlset } from '#test/unit/scanner/checks/discovery/fixtures.js';

const { run } = checkRunner(discoveryChecks);

const robotsWithSitemap = 'User-agent: *\nDisallow: /cart\nSitemap: https://shop.example/sitemap.xml\n';

const robotsWithout = 'User-agent: *\nDisallow: /cart\n';

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

  it('without a robots.txt, advises publishing one that declares the sitemap', () => {
    const { result, advice } = run('sitemap', { sitemap: productSitemap, sitemapSource: 'default' });
    expect(result.status).toBe('warn');
    expect(advice().snippet).toBe('User-agent: *\nAllow: /\n\nSitemap: https://shop.example/sitemap.xml');
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
