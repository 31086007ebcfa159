import { describe, expect, it } from 'vitest';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { cloudflareWall, page } from '#test/unit/scanner/checks/discovery/fixtures.js';

const { run } = checkRunner(discoveryChecks);

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
