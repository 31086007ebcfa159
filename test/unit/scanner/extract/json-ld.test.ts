import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { readJsonLd } from '#shared/scanner/extract/json-ld.js';
import { unwrapJsonLd } from '#shared/scanner/extract/json-ld.js';
import { entityValues, firstText, isEntity } from '#shared/scanner/extract/entity.js';
import type { Entity } from '#shared/scanner/extract/types.js';

const PAGE = 'https://shop.example/products/mug';

function ld(...blocks: string[]): string {
  return `<html><head>${blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('')}</head><body></body></html>`;
}

function read(html: string) {
  return readJsonLd(load(html), PAGE);
}

function ofType(entities: Entity[], type: string): Entity[] {
  return entities.filter((e) => e.types.includes(type));
}

describe('readJsonLd', () => {
  it('reads a single Product with a nested Offer and lists both entities', () => {
    const result = read(
      ld(
        '{"@context":"https://schema.org","@type":"Product","name":"Mug","offers":{"@type":"Offer","price":"9.50","priceCurrency":"EUR"}}',
      ),
    );
    expect(result.blocks).toBe(1);
    expect(result.malformed).toEqual([]);
    expect(result.entities.map((e) => e.types)).toEqual([['Product'], ['Offer']]);
    const [product] = result.entities;
    expect(firstText(product!, 'name')).toBe('Mug');
    const [offer] = entityValues(product!, 'offers');
    expect(offer).toBe(result.entities[1]);
    expect(offer!.props.price).toEqual(['9.50']);
    expect(product!.source).toBe('json-ld');
  });

  it('matches the script type case-insensitively and tolerates whitespace and parameters', () => {
    const html = [
      '<script type="Application/LD+JSON">{"@type":"Product","name":"A"}</script>',
      '<script type=" application/ld+json ; charset=utf-8 ">{"@type":"Product","name":"B"}</script>',
      '<script type="application/json">{"@type":"Product","name":"not ld"}</script>',
      '<script>{"@type":"Product","name":"no type"}</script>',
    ].join('');
    const result = read(html);
    expect(result.blocks).toBe(2);
    expect(result.entities.map((e) => firstText(e, 'name'))).toEqual(['A', 'B']);
  });

  it('flattens @graph, top-level arrays and nested entities in document order', () => {
    const result = read(
      ld(
        '{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Shop"},{"@type":"WebPage","mainEntity":{"@type":"Product","name":"Mug"}}]}',
        '[{"@type":"Organization","name":"Org"},{"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1}]}]',
      ),
    );
    expect(result.entities.map((e) => e.types[0])).toEqual(['WebSite', 'WebPage', 'Product', 'Organization', 'BreadcrumbList', 'ListItem']);
    const page = ofType(result.entities, 'WebPage')[0]!;
    expect(entityValues(page, 'mainEntity')[0]).toBe(ofType(result.entities, 'Product')[0]);
  });

  it('keeps a node that has properties next to its @graph', () => {
    const result = read(ld('{"@context":"http://schema.org","@type":"brand","name":"ONLY","@graph":[{"@type":"product","name":"Shirt"}]}'));
    expect(result.entities.map((e) => e.types)).toEqual([['Brand'], ['Product']]);
  });

  it("matches types with or without a schema.org prefix, and fixes known types' case", () => {
    const result = read(
      ld(
        '{"@type":"http://schema.org/Product","name":"a"}',
        '{"@type":"schema:Product","name":"b"}',
        '{"@type":["Product","Thing"],"name":"c"}',
        '{"@type":"https://schema.org/product","name":"d"}',
        '{"@type":"http://example.org/Widget","name":"e"}',
      ),
    );
    expect(result.entities.map((e) => e.types)).toEqual([
      ['Product'],
      ['Product'],
      ['Product', 'Thing'],
      ['Product'],
      ['http://example.org/Widget'],
    ]);
  });

  it('shortens schema.org property IRIs', () => {
    const result = read(ld('{"@type":"Product","http://schema.org/name":"Mug","schema:sku":"M-1"}'));
    expect(result.entities[0]!.props).toEqual({ name: ['Mug'], sku: ['M-1'] });
  });

  it('resolves @id references within the page, across blocks and against the page URL', () => {
    const result = read(
      ld(
        '{"@type":"Product","@id":"#product","name":"Mug","offers":{"@id":"https://shop.example/products/mug#offer"},"brand":{"@id":"#brand"}}',
        '{"@graph":[{"@type":"Offer","@id":"#offer","price":"9.50","itemOffered":{"@id":"#product"}},{"@type":"Brand","@id":"#brand","name":"Acme"}]}',
      ),
    );
    const product = ofType(result.entities, 'Product')[0]!;
    const offer = entityValues(product, 'offers')[0]!;
    expect(offer.types).toEqual(['Offer']);
    expect(offer.props.price).toEqual(['9.50']);
    expect(entityValues(offer, 'itemOffered')[0]).toBe(product);
    expect(firstText(entityValues(product, 'brand')[0]!, 'name')).toBe('Acme');
    // Reference stubs are not listed as entities of their own.
    expect(result.entities).toHaveLength(3);
  });

  it('turns an unresolved reference into its IRI and merges nodes that share an @id', () => {
    const result = read(
      ld('{"@type":"Product","@id":"#p","name":"Mug","image":{"@id":"https://cdn.example/mug.jpg"}}', '{"@id":"#p","sku":"M-1"}'),
    );
    expect(result.entities).toHaveLength(1);
    expect(result.entities[0]!.props).toEqual({ name: ['Mug'], image: ['https://cdn.example/mug.jpg'], sku: ['M-1'] });
  });

  it('reads nested ProductGroup variants', () => {
    const result = read(
      ld(
        '{"@type":"ProductGroup","name":"Tee","productGroupID":"T","hasVariant":[{"@type":"Product","sku":"T-S","offers":{"@type":"Offer","price":"10"}},{"@type":"Product","sku":"T-M"}]}',
      ),
    );
    expect(result.entities.map((e) => e.types[0])).toEqual(['ProductGroup', 'Product', 'Offer', 'Product']);
    expect(entityValues(result.entities[0]!, 'hasVariant').map((v) => firstText(v, 'sku'))).toEqual(['T-S', 'T-M']);
  });

  it('unwraps @value objects and @list, and drops nulls and empty strings', () => {
    const result = read(
      ld('{"@type":"Product","name":{"@value":"Mug","@language":"en"},"color":{"@list":["red","blue"]},"sku":null,"mpn":""}'),
    );
    expect(result.entities[0]!.props).toEqual({ name: ['Mug'], color: ['red', 'blue'] });
  });

  it('reports a malformed block with its index and keeps reading the others', () => {
    const result = read(ld('{"@type":"Product","name":"A"}', '{"@type":"Product","name":"B",}', '', '{"@type":"Offer","price":1}'));
    expect(result.blocks).toBe(4);
    expect(result.entities.map((e) => e.types[0])).toEqual(['Product', 'Offer']);
    expect(result.malformed.map((m) => m.index)).toEqual([1, 2]);
    expect(result.malformed[0]!.error).toMatch(/JSON|token|property/i);
    expect(result.malformed[1]!.error).toBe('empty block');
  });

  it('strips HTML comment and CDATA wrappers but never repairs the JSON itself', () => {
    const variants = [
      '<!-- {"@type":"Product","name":"a"} -->',
      '//<![CDATA[\n{"@type":"Product","name":"b"}\n//]]>',
      '/*<![CDATA[*/ {"@type":"Product","name":"c"} /*]]>*/',
      '<![CDATA[{"@type":"Product","name":"d"}]]>',
    ];
    const result = read(ld(...variants));
    expect(result.malformed).toEqual([]);
    expect(result.entities.map((e) => firstText(e, 'name'))).toEqual(['a', 'b', 'c', 'd']);
    expect(unwrapJsonLd('<!-- [1, 2,] -->')).toBe('[1, 2,]');
  });

  it('does not let property names touch prototypes', () => {
    const result = read(ld('{"@type":"Product","__proto__":{"polluted":true},"constructor":"x","name":"Mug"}'));
    const product = result.entities[0]!;
    expect(product.props.constructor).toEqual(['x']);
    expect(Object.keys(product.props)).toEqual(['constructor', 'name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('handles JSON nested deeper than the cap without throwing', () => {
    const deep = `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`;
    const result = read(ld(`{"@type":"Product","name":"Deep","x":${deep}}`));
    expect(firstText(result.entities[0]!, 'name')).toBe('Deep');
    expect(result.entities.length).toBeLessThan(100);
  });

  it('keeps values as the page wrote them (numbers stay numbers)', () => {
    const result = read(ld('{"@type":"Offer","price":13.4,"eligible":true}'));
    const values = result.entities[0]!.props;
    expect(values.price).toEqual([13.4]);
    expect(values.eligible).toEqual([true]);
    expect(values.price!.every((v) => !isEntity(v))).toBe(true);
  });
});
