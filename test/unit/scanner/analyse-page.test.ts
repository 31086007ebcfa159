import { describe, expect, it } from 'vitest';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

describe('page analysis', () => {
  it('reads visible text, structured data and product facts from raw HTML once', () => {
    const html = `<!doctype html><html><head><title>Mug</title><style>.x{}</style>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue mug","offers":{"@type":"Offer","price":"12.50","priceCurrency":"GBP","availability":"https://schema.org/InStock"}}</script></head>
      <body><h1>Blue mug</h1><p>A sturdy mug.</p><script>var hidden = "not text";</script><div hidden>secret</div><input value="nope"></body></html>`;
    const { productPages } = buildArtifacts({ products: [html] });
    const page = productPages[0]!;
    expect(page.visibleText).toBe('Blue mug A sturdy mug.');
    expect(page.wordCount).toBe(5);
    expect(page.structured?.jsonLd.blocks).toBe(1);
    expect(page.product).toMatchObject({ name: 'Blue mug', price: '12.50', currency: 'GBP', availability: 'InStock', source: 'json-ld' });
    expect(page.botWall.kind).toBe('none');
  });

  it('keeps failed and non-HTML responses without a document', () => {
    const artifacts = buildArtifacts({
      homepage: { failed: 'timeout' },
      products: [{ body: '{"a":1}', headers: { 'content-type': 'application/json' } }],
    });
    expect(artifacts.homepage.facts).toBeNull();
    expect(artifacts.homepage.retrieval).toEqual({ state: 'failed', reason: 'timeout' });
    expect(artifacts.productPages[0]?.facts).toBeNull();
    expect(artifacts.site.robots.parsed.effect).toBe('allow_all');
  });
});
