import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { entityValues } from '#shared/scanner/extract/entity.js';
import { readRdfa } from '#shared/scanner/extract/rdfa.js';

const PAGE = 'https://shop.example/p/lamp';

function read(body: string, head = '') {
  return readRdfa(load(`<html><head>${head}</head><body>${body}</body></html>`), PAGE);
}

describe('readRdfa', () => {
  it('reads RDFa Lite with vocab, nested typeof and content/href/resource values', () => {
    const entities = read(`
      <div vocab="https://schema.org/" typeof="Product" resource="#lamp">
        <span property="name">Desk lamp</span>
        <img property="image" src="lamp.jpg">
        <div property="offers" typeof="Offer">
          <meta property="price" content="45.00">
          <meta property="priceCurrency" content="GBP">
          <link property="availability" href="https://schema.org/PreOrder">
        </div>
      </div>`);
    expect(entities.map((e) => e.types)).toEqual([['Product'], ['Offer']]);
    const [product, offer] = entities;
    expect(product!.id).toBe('#lamp');
    expect(product!.source).toBe('rdfa');
    expect(product!.props.name).toEqual(['Desk lamp']);
    expect(product!.props.image).toEqual(['https://shop.example/p/lamp.jpg']);
    expect(entityValues(product!, 'offers')).toEqual([offer]);
    expect(offer!.props).toEqual({
      price: ['45.00'],
      priceCurrency: ['GBP'],
      availability: ['https://schema.org/PreOrder'],
    });
  });

  it('resolves schema: CURIEs and declared prefixes, and keeps other vocabularies as written', () => {
    const entities = read(`
      <div prefix="s: http://schema.org/ og: http://ogp.me/ns#" typeof="s:Product">
        <span property="s:name">Lamp</span>
        <span property="schema:sku">L-1</span>
        <meta property="og:price:amount" content="45">
        <span property="gr:hasCurrency">EUR</span>
      </div>`);
    expect(entities).toHaveLength(1);
    expect(entities[0]!.types).toEqual(['Product']);
    expect(entities[0]!.props).toEqual({
      name: ['Lamp'],
      sku: ['L-1'],
      'og:price:amount': ['45'],
      'gr:hasCurrency': ['EUR'],
    });
  });

  it('ignores document-level properties with no typed subject (Open Graph covers those)', () => {
    const entities = read('<p property="name">Orphan</p>', '<meta property="og:title" content="Lamp">');
    expect(entities).toEqual([]);
  });

  it('scopes vocab to its subtree', () => {
    const entities = read(`
      <div vocab="http://schema.org/"><div typeof="Product"><span property="name">A</span></div></div>
      <div typeof="Product"><span property="name">B</span></div>`);
    expect(entities.map((e) => e.types)).toEqual([['Product'], ['Product']]);
    expect(entities.map((e) => e.props.name)).toEqual([['A'], ['B']]);
  });
});
