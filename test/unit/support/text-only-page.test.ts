import { describe, expect, it } from 'vitest';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { hasProductMarkup } from '#shared/scanner/discovery.js';
import { textOnlyPage } from '#test/support/text-only-page.js';
import { retrieval } from '#test/unit/scanner/checks/build-artifacts.js';

const URL = 'https://tea.example/products/assam';

const marked = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta property="og:type" content="product"><meta property="product:price:amount" content="8.50"><meta property="product:price:currency" content="GBP">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Assam breakfast","sku":"HT-ASM","offers":{"@type":"Offer","price":"8.50","priceCurrency":"GBP","availability":"https://schema.org/InStock"}}</script>
<script>window.product = {"price": 850, "available": true};</script></head>
<body><main itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Assam breakfast</h1>
<div vocab="https://schema.org/" typeof="Offer"><span property="price" content="8.50">£8.50</span></div>
<div data-price="850" data-stock="12" data-product-json='{"sku":"HT-ASM"}'>In stock</div>
<meta itemprop="sku" content="HT-ASM"><input type="hidden" name="price" value="8.50">
<form action="/cart" method="post"><button type="submit">Add to basket</button></form></main></body></html>`;

describe('the text-only copy of a product page (issue 42)', () => {
  it('keeps the visible text and takes out every piece of product markup', () => {
    const copy = textOnlyPage(marked);
    for (const gone of [
      'ld+json',
      'window.product',
      'og:type',
      'product:price',
      'itemprop',
      'itemscope',
      'typeof',
      'property=',
      'data-',
      'type="hidden"',
      'content="8.50"',
    ])
      expect(copy, gone).not.toContain(gone);
    for (const kept of ['Assam breakfast', '£8.50', 'In stock', 'Add to basket', 'charset="utf-8"', 'name="viewport"'])
      expect(copy).toContain(kept);
    const page = analysePage(URL, 'product', retrieval(URL, copy));
    expect(hasProductMarkup(page)).toBe(false);
    // What is left is what a text-reading agent reads: the price and stock in the words of the page.
    expect(page.agentView).toMatchObject({ price: '8.5', sources: { price: 'text' } });
  });
});
