import { describe, expect, it } from 'vitest';
import {
  extractStructuredData,
  findConflictingProducts,
  findOrganizations,
  findProducts,
  findWebSites,
  firstText,
} from '#shared/scanner/extract/index.js';

const PAGE = 'https://shop.example/p/1';
const ld = (json: unknown) => `<script type="application/ld+json">${JSON.stringify(json)}</script>`;
const data = (html: string) => extractStructuredData(`<html><head></head><body>${html}</body></html>`, PAGE);

const microdataProduct = (sku: string, price: string) =>
  `<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Mug</span><meta itemprop="sku" content="${sku}">` +
  `<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="EUR"></div></div>`;

describe('findProducts / findOrganizations / findWebSites', () => {
  it('lists Product-like entities from every syntax, JSON-LD first', () => {
    const found = findProducts(
      data(
        microdataProduct('M-1', '9') +
          ld([
            { '@type': 'ProductGroup', name: 'Group', hasVariant: [{ '@type': 'Product', name: 'Variant' }] },
            { '@type': ['Car', 'Product'], name: 'Car' },
            { '@type': 'Offer' },
          ]),
      ),
    );
    expect(found.map((p) => [p.source, firstText(p, 'name')])).toEqual([
      ['json-ld', 'Group'],
      ['json-ld', 'Variant'],
      ['json-ld', 'Car'],
      ['microdata', 'Mug'],
    ]);
  });

  it('finds organisations (including stores and nested sellers) and websites', () => {
    const page = data(
      ld([
        { '@type': 'OnlineStore', name: 'Shop' },
        { '@type': 'Website', url: 'https://shop.example/' },
        { '@type': 'Product', name: 'Mug', offers: { '@type': 'Offer', seller: { '@type': 'Organization', name: 'Seller' } } },
      ]),
    );
    expect(findOrganizations(page).map((o) => firstText(o, 'name'))).toEqual(['Shop', 'Seller']);
    expect(findWebSites(page).map((w) => firstText(w, 'url'))).toEqual(['https://shop.example/']);
  });
});

describe('findConflictingProducts', () => {
  it('reports the same product stated with different prices in JSON-LD and microdata', () => {
    const conflicts = findConflictingProducts(
      data(
        ld({ '@type': 'Product', name: 'Mug', sku: 'M-1', offers: { '@type': 'Offer', price: '9.00', priceCurrency: 'EUR' } }) +
          microdataProduct('M-1', '11.00'),
      ),
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.key).toBe('sku:m-1');
    expect(conflicts[0]!.prices.map((p) => [p.entity.source, p.price, p.currency])).toEqual([
      ['json-ld', '9.00', 'EUR'],
      ['microdata', '11.00', 'EUR'],
    ]);
  });

  it('matches by name when neither block states a sku or GTIN, and compares numerically', () => {
    const same = data(
      ld([
        { '@type': 'Product', name: 'Mug', offers: { '@type': 'Offer', price: '9', priceCurrency: 'EUR' } },
        { '@type': 'Product', name: 'mug ', offers: { '@type': 'Offer', price: 9.0, priceCurrency: 'EUR' } },
      ]),
    );
    expect(findConflictingProducts(same)).toEqual([]);
    const differ = data(
      ld([
        { '@type': 'Product', name: 'Mug', offers: { '@type': 'Offer', price: '9', priceCurrency: 'EUR' } },
        { '@type': 'Product', name: 'Mug', offers: { '@type': 'Offer', price: '9', priceCurrency: 'USD' } },
      ]),
    );
    expect(findConflictingProducts(differ).map((c) => c.key)).toEqual(['name:mug']);
  });

  it('does not pair different products, or a group with its own variants', () => {
    const page = data(
      ld([
        { '@type': 'Product', name: 'Boots', sku: 'B-35', offers: { '@type': 'Offer', price: '60', priceCurrency: 'EUR' } },
        { '@type': 'Product', name: 'Boots', sku: 'B-36', offers: { '@type': 'Offer', price: '65', priceCurrency: 'EUR' } },
        {
          '@type': 'ProductGroup',
          name: 'Tee',
          hasVariant: [
            { '@type': 'Product', name: 'Tee', sku: 'T-S', offers: { '@type': 'Offer', price: '10', priceCurrency: 'EUR' } },
            { '@type': 'Product', name: 'Tee', sku: 'T-M', offers: { '@type': 'Offer', price: '12', priceCurrency: 'EUR' } },
          ],
        },
      ]),
    );
    expect(findConflictingProducts(page)).toEqual([]);
  });
});
