import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { entityValues } from '#shared/scanner/extract/entity.js';
import { readMicrodata } from '#shared/scanner/extract/microdata.js';

const PAGE = 'https://shop.example/p/kettle';

function read(body: string) {
  return readMicrodata(load(`<html><body>${body}</body></html>`), PAGE);
}

describe('readMicrodata', () => {
  it('reads a Product with a nested Offer and takes values per element type', () => {
    const items = read(`
      <div itemscope itemtype="https://schema.org/Product" itemid="urn:sku:K1">
        <h1 itemprop="name">  Steel
          Kettle </h1>
        <img itemprop="image" src="/img/kettle.jpg">
        <a itemprop="url" href="?colour=red">link</a>
        <meta itemprop="sku" content="K1">
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
          <span itemprop="price" content="29.90">29,90 €</span>
          <meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="http://schema.org/InStock">
          <time itemprop="priceValidUntil" datetime="2030-01-01">next year</time>
          <data itemprop="inventoryLevel" value="7">seven</data>
        </div>
      </div>`);
    expect(items.map((i) => i.types)).toEqual([['Product'], ['Offer']]);
    const [product, offer] = items;
    expect(product!.id).toBe('urn:sku:K1');
    expect(product!.source).toBe('microdata');
    expect(product!.props.name).toEqual(['Steel Kettle']);
    expect(product!.props.image).toEqual(['https://shop.example/img/kettle.jpg']);
    expect(product!.props.url).toEqual(['https://shop.example/p/kettle?colour=red']);
    expect(product!.props.sku).toEqual(['K1']);
    expect(entityValues(product!, 'offers')[0]).toBe(offer);
    expect(offer!.props).toEqual({
      price: ['29.90'],
      priceCurrency: ['EUR'],
      availability: ['http://schema.org/InStock'],
      priceValidUntil: ['2030-01-01'],
      inventoryLevel: ['7'],
    });
  });

  it('keeps properties of nested items out of the parent and supports several names per itemprop', () => {
    const items = read(`
      <div itemscope itemtype="http://schema.org/Product">
        <span itemprop="name alternateName">Kettle</span>
        <div itemprop="brand" itemscope itemtype="http://schema.org/Brand"><span itemprop="name">Acme</span></div>
        <div><div><span itemprop="sku">K1</span></div></div>
      </div>`);
    const [product, brand] = items;
    expect(product!.props.name).toEqual(['Kettle']);
    expect(product!.props.alternateName).toEqual(['Kettle']);
    expect(product!.props.sku).toEqual(['K1']);
    expect(brand!.props).toEqual({ name: ['Acme'] });
    expect(entityValues(product!, 'brand')).toEqual([brand]);
  });

  it('ignores itemprop outside any itemscope and lists top-level items separately', () => {
    const items = read(`
      <span itemprop="price">12.00</span>
      <div itemscope itemtype="http://schema.org/Product"><span itemprop="name">A</span></div>
      <div itemscope itemtype="http://schema.org/Product"><span itemprop="name">B</span></div>`);
    expect(items.map((i) => i.props.name)).toEqual([['A'], ['B']]);
    expect(items.every((i) => i.props.price === undefined)).toBe(true);
  });

  it('follows itemref to properties elsewhere in the page', () => {
    const items = read(`
      <div itemscope itemtype="http://schema.org/Product" itemref="extra"><span itemprop="name">Kettle</span></div>
      <div id="extra"><span itemprop="sku">K1</span><meta itemprop="gtin13" content="4006381333931"></div>`);
    expect(items).toHaveLength(1);
    expect(items[0]!.props).toEqual({ name: ['Kettle'], sku: ['K1'], gtin13: ['4006381333931'] });
  });

  it('survives an itemref cycle', () => {
    const items = read(`
      <div id="a" itemscope itemtype="http://schema.org/Thing" itemref="b"><span itemprop="name">A</span></div>
      <div id="b"><div itemprop="knows" itemscope itemref="a"><span itemprop="name">B</span></div></div>`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(1000);
    expect(items[0]!.props.name).toContain('A');
  });

  it('leaves text of scripts and styles out of text values', () => {
    const items = read(
      `<div itemscope itemtype="http://schema.org/Product"><p itemprop="description">Good<script>var x = 1;</script><style>p{}</style> kettle</p></div>`,
    );
    expect(items[0]!.props.description).toEqual(['Good kettle']);
  });

  it('returns nothing for a page without microdata', () => {
    expect(read('<p>hello</p>')).toEqual([]);
  });
});
