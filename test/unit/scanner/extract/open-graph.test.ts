import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { readOpenGraph } from '#shared/scanner/extract/open-graph.js';

describe('readOpenGraph', () => {
  it('collects og:* and product:* meta from property= and name=, lower-cased, in order', () => {
    const $ = load(`<html><head>
      <meta property="og:type" content="product">
      <meta property="og:title" content=" Lamp ">
      <meta property="og:image" content="https://cdn.example/1.jpg">
      <meta property="og:image" content="https://cdn.example/2.jpg">
      <meta name="product:price:amount" content="45.00">
      <meta property="Product:Price:Currency" content="GBP">
      <meta property="og:price:amount" content="45">
      <meta property="product:availability" content="in stock">
      <meta name="description" content="not open graph">
      <meta name="twitter:title" content="not open graph either">
      <meta property="og:description" content="">
      <meta property="og:locale">
    </head></html>`);
    expect(readOpenGraph($)).toEqual({
      'og:type': ['product'],
      'og:title': ['Lamp'],
      'og:image': ['https://cdn.example/1.jpg', 'https://cdn.example/2.jpg'],
      'product:price:amount': ['45.00'],
      'product:price:currency': ['GBP'],
      'og:price:amount': ['45'],
      'product:availability': ['in stock'],
    });
  });

  it('returns an empty record for a page without Open Graph', () => {
    expect(readOpenGraph(load('<p>hi</p>'))).toEqual({});
  });
});
