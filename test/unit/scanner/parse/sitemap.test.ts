import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeProductUrl, parseSitemap, pickProductSitemaps } from '#shared/scanner/parse/sitemap-parser.js';

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc>https://shop.example/products/red-shoe</loc><lastmod>2025-05-01T10:00:00+00:00</lastmod>
    <image:image><image:loc>https://cdn.example/red.jpg</image:loc></image:image></url>
  <url><loc> https://shop.example/search?q=a&amp;page=2 </loc><lastmod>yesterday</lastmod></url>
  <url><loc><![CDATA[https://shop.example/c?x=1&y=2]]></loc></url>
  <url><loc>/relative/path</loc></url>
</urlset>`;

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://shop.example/sitemap_products_1.xml?from=1&amp;to=99</loc><lastmod>2025-05-01</lastmod></sitemap>
  <sitemap><loc>https://shop.example/sitemap_pages_1.xml</loc></sitemap>
  <sitemap><loc>https://shop.example/sitemap_pages_1.xml</loc></sitemap>
</sitemapindex>`;

function urlsetOf(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => `<url><loc>https://shop.example/products/p${i}</loc></url>`);
  return `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`;
}

describe('parseSitemap', () => {
  it('parses a urlset: entities and CDATA decoded, invalid lastmod dropped, relative loc skipped', () => {
    const sitemap = parseSitemap(URLSET);
    expect(sitemap.kind).toBe('urlset');
    expect(sitemap.urls).toEqual([
      { loc: 'https://shop.example/products/red-shoe', lastmod: '2025-05-01T10:00:00+00:00' },
      { loc: 'https://shop.example/search?q=a&page=2' },
      { loc: 'https://shop.example/c?x=1&y=2' },
    ]);
    expect(sitemap.children).toEqual([]);
    expect(sitemap.truncated).toBe(false);
    expect(sitemap.problems).toEqual([
      '1 entries without an absolute http(s) <loc> were skipped',
      '1 entries have an unparseable <lastmod>',
    ]);
  });

  it('parses a sitemapindex into deduplicated children', () => {
    const sitemap = parseSitemap(Buffer.from(INDEX));
    expect(sitemap.kind).toBe('sitemapindex');
    expect(sitemap.children).toEqual([
      'https://shop.example/sitemap_products_1.xml?from=1&to=99',
      'https://shop.example/sitemap_pages_1.xml',
    ]);
    expect(sitemap.urls).toEqual([]);
  });

  it('accepts a namespace-prefixed sitemap and a single entry', () => {
    const sitemap = parseSitemap(
      '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://a.example/x</sm:loc></sm:url></sm:urlset>',
    );
    expect(sitemap).toMatchObject({ kind: 'urlset', urls: [{ loc: 'https://a.example/x' }] });
  });

  it('accepts an empty urlset as valid with no URLs', () => {
    expect(parseSitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>')).toMatchObject({
      kind: 'urlset',
      urls: [],
    });
  });

  it('gunzips a gzip body', () => {
    const sitemap = parseSitemap(gzipSync(Buffer.from(URLSET)));
    expect(sitemap.kind).toBe('urlset');
    expect(sitemap.urls).toHaveLength(3);
  });

  it('reads only the first part of a gzip bomb and marks it truncated', () => {
    const huge = gzipSync(Buffer.from(urlsetOf(20_000)));
    const sitemap = parseSitemap(huge, { maxDecompressedBytes: 64 * 1024 });
    expect(sitemap.kind).toBe('urlset');
    expect(sitemap.truncated).toBe(true);
    expect(sitemap.urls.length).toBeGreaterThan(0);
    expect(sitemap.urls.length).toBeLessThan(20_000);
    expect(sitemap.urls.every((u) => /^https:\/\/shop\.example\/products\/p\d+$/.test(u.loc))).toBe(true);
  });

  it('reports corrupt gzip as invalid', () => {
    const corrupt = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.from('garbage that is not deflate')]);
    expect(parseSitemap(corrupt)).toMatchObject({ kind: 'invalid', problems: ['gzip data is corrupt'] });
  });

  it('caps the number of entries', () => {
    const sitemap = parseSitemap(urlsetOf(30), { maxEntries: 10 });
    expect(sitemap.urls).toHaveLength(10);
    expect(sitemap.truncated).toBe(true);
    expect(sitemap.problems).toContain('more than 10 entries; the rest were ignored');
  });

  it('salvages a body cut off by the fetcher, dropping the partial last entry', () => {
    const full = urlsetOf(5);
    const cut = full.slice(0, full.indexOf('p4<') + 1);
    const sitemap = parseSitemap(cut);
    expect(sitemap.kind).toBe('urlset');
    expect(sitemap.truncated).toBe(true);
    expect(sitemap.urls.map((u) => u.loc)).toEqual([0, 1, 2, 3].map((i) => `https://shop.example/products/p${i}`));
  });

  it('treats an HTML page at /sitemap.xml as invalid (soft 404)', () => {
    const sitemap = parseSitemap('<!DOCTYPE html><html><head><title>Not found</title></head><body>Oops</body></html>');
    expect(sitemap).toEqual({
      kind: 'invalid',
      urls: [],
      children: [],
      truncated: false,
      problems: ['HTML page served instead of a sitemap (soft 404)'],
    });
  });

  it('treats other XML, plain text and empty bodies as invalid', () => {
    expect(parseSitemap('<rss version="2.0"><channel><title>x</title></channel></rss>')).toMatchObject({
      kind: 'invalid',
      problems: ['root element <rss> is not urlset or sitemapindex'],
    });
    expect(parseSitemap('User-agent: *\nDisallow: /').kind).toBe('invalid');
    expect(parseSitemap('   ').kind).toBe('invalid');
  });

  it('does not expand a billion-laughs payload', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/&lol9;</loc></url></urlset>`;
    const sitemap = parseSitemap(bomb);
    const serialised = JSON.stringify(sitemap);
    expect(serialised.length).toBeLessThan(2_000);
    expect(serialised).not.toContain('lollol');
    expect(sitemap.urls.map((u) => u.loc)).toEqual(['https://a.example/&lol9;']);
  });

  it('never resolves external entities (XXE)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/&xxe;</loc></url></urlset>`;
    const sitemap = parseSitemap(xxe);
    expect(sitemap.kind).toBe('invalid');
    expect(JSON.stringify(sitemap)).not.toContain('root:');
  });
});

describe('looksLikeProductUrl', () => {
  it.each([
    'https://shop.example/products/red-shoe',
    'https://shop.example/collections/sale/products/red-shoe?variant=1',
    'https://shop.example/product/red-shoe/',
    'https://www.target.example/p/kettle/-/A-123',
    'https://www.amazon.example/Kettle/dp/B000123',
    'https://shop.example/item/998',
    'https://shop.example/red-shoe-p-12345.html',
    '/products/relative-handle',
  ])('accepts %s', (url) => {
    expect(looksLikeProductUrl(url)).toBe(true);
  });

  it.each([
    'https://shop.example/',
    'https://shop.example/products/',
    'https://shop.example/products.json',
    'https://shop.example/collections/shoes',
    'https://shop.example/blog/products-we-love',
    'https://shop.example/products/gift-card',
    'https://shop.example/product/e-gift-voucher',
    'https://shop.example/products/Gift%20Card',
  ])('rejects %s', (url) => {
    expect(looksLikeProductUrl(url)).toBe(false);
  });
});

describe('pickProductSitemaps', () => {
  it('keeps children that name products, skipping taxonomy sitemaps and duplicates', () => {
    const children = [
      'https://shop.example/sitemap_products_1.xml?from=1&to=99',
      'https://shop.example/sitemap_pages_1.xml',
      'https://wp.example/product-sitemap.xml',
      'https://wp.example/product_cat-sitemap.xml',
      'https://wp.example/product-category-sitemap.xml',
      'https://bc.example/xmlsitemap.php?type=products&page=1',
      'https://wp.example/product-sitemap.xml',
      'not a url',
    ];
    expect(pickProductSitemaps(children)).toEqual([
      'https://shop.example/sitemap_products_1.xml?from=1&to=99',
      'https://wp.example/product-sitemap.xml',
      'https://bc.example/xmlsitemap.php?type=products&page=1',
    ]);
  });

  it('returns only entries from its input (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.webUrl(), { maxLength: 10 }), (urls) => {
        const picked = pickProductSitemaps(urls);
        expect(picked.every((url) => urls.includes(url) && /product/i.test(url))).toBe(true);
      }),
    );
  });
});
