import { describe, expect, it } from 'vitest';
import { extractStructuredData, productFacts } from '#shared/scanner/extract/index.js';
import type { ProductFacts } from '#shared/scanner/extract/index.js';

const PAGE = 'https://shop.example/products/mug?ref=home';

function facts(head: string, body = ''): ProductFacts | null {
  const html = `<html><head>${head}</head><body>${body}</body></html>`;
  return productFacts(extractStructuredData(html, PAGE), PAGE);
}

const ld = (json: unknown) => `<script type="application/ld+json">${JSON.stringify(json)}</script>`;
const og = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `<meta property="${k}" content="${v}">`)
    .join('');

describe('productFacts', () => {
  it('reads every field from a JSON-LD Product', () => {
    const result = facts(
      ld({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Mug',
        sku: 'M-1',
        gtin13: '4006381333931',
        mpn: 'ACME-M1',
        brand: { '@type': 'Brand', name: 'Acme' },
        image: ['/img/mug-1.jpg', '/img/mug-2.jpg'],
        offers: { '@type': 'Offer', price: 9.5, priceCurrency: 'eur', availability: 'https://schema.org/InStock' },
      }),
    );
    expect(result).toEqual({
      name: 'Mug',
      price: '9.5',
      currency: 'EUR',
      availability: 'InStock',
      sku: 'M-1',
      gtin: '4006381333931',
      mpn: 'ACME-M1',
      brand: 'Acme',
      image: 'https://shop.example/img/mug-1.jpg',
      source: 'json-ld',
      sources: {
        name: 'json-ld',
        price: 'json-ld',
        currency: 'json-ld',
        availability: 'json-ld',
        sku: 'json-ld',
        gtin: 'json-ld',
        mpn: 'json-ld',
        brand: 'json-ld',
        image: 'json-ld',
      },
      invalidPrice: null,
    });
  });

  it('picks the first in-stock offer of several, and reads brand strings and ImageObjects', () => {
    const result = facts(
      ld({
        '@type': 'Product',
        name: 'Boots',
        brand: 'Mustang',
        image: { '@type': 'ImageObject', url: '//cdn.example/boots.jpg' },
        offers: [
          { '@type': 'Offer', price: '70.5', priceCurrency: 'EUR', availability: 'http://schema.org/OutOfStock', sku: 'B-40' },
          { '@type': 'Offer', price: '70.5', priceCurrency: 'EUR', availability: 'http://schema.org/InStock', sku: 'B-41' },
          { '@type': 'Offer', price: '72', priceCurrency: 'EUR', availability: 'http://schema.org/InStock', sku: 'B-42' },
        ],
      }),
    );
    expect(result).toMatchObject({ price: '70.5', availability: 'InStock', brand: 'Mustang', sku: 'B-41' });
    expect(result?.image).toBe('https://cdn.example/boots.jpg');
  });

  it('reads AggregateOffer lowPrice', () => {
    const result = facts(
      ld({
        '@type': 'Product',
        name: 'Pot',
        offers: { '@type': 'AggregateOffer', lowPrice: '352.00', highPrice: '376.45', priceCurrency: 'BYN' },
      }),
    );
    expect(result).toMatchObject({ price: '352.00', currency: 'BYN', availability: null });
  });

  it('reads the selling price from priceSpecification, not the strikethrough or unit price', () => {
    const result = facts(
      ld({
        '@type': 'Product',
        name: 'Coffee',
        offers: {
          '@type': 'Offer',
          priceSpecification: [
            { '@type': 'UnitPriceSpecification', price: 19.99, priceCurrency: 'EUR', priceType: 'https://schema.org/StrikethroughPrice' },
            {
              '@type': 'UnitPriceSpecification',
              price: 31.98,
              priceCurrency: 'EUR',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KGM' },
            },
            { '@type': 'UnitPriceSpecification', price: 15.99, priceCurrency: 'EUR' },
          ],
        },
      }),
    );
    expect(result).toMatchObject({ price: '15.99', currency: 'EUR' });
  });

  it('takes the first variant with an offer from a ProductGroup, with the group as fallback, and names the group', () => {
    const result = facts(
      ld({
        '@type': 'ProductGroup',
        name: 'Tee',
        brand: { '@type': 'Brand', name: 'Acme' },
        productGroupID: 'TEE',
        hasVariant: [
          { '@type': 'Product', name: 'Tee S', sku: 'TEE-S' },
          {
            '@type': 'Product',
            name: 'Tee M',
            sku: 'TEE-M',
            gtin: '4006381333931',
            offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP', availability: 'InStock' },
          },
          {
            '@type': 'Product',
            name: 'Tee L',
            sku: 'TEE-L',
            offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP', availability: 'InStock' },
          },
        ],
      }),
    );
    // The page is about the group ("Tee"); price and identifiers are the chosen variant's.
    expect(result).toMatchObject({
      name: 'Tee',
      sku: 'TEE-M',
      gtin: '4006381333931',
      price: '12.00',
      currency: 'GBP',
      brand: 'Acme',
      source: 'json-ld',
    });
  });

  it('names a ProductGroup page by the chosen variant when the group states no name', () => {
    const result = facts(
      ld({
        '@type': 'ProductGroup',
        hasVariant: [
          { '@type': 'Product', name: 'Tee M', sku: 'TEE-M', offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP' } },
        ],
      }),
    );
    expect(result).toMatchObject({ name: 'Tee M', sku: 'TEE-M', price: '12.00' });
  });

  it('uses the group offers when no variant has a price', () => {
    const result = facts(
      ld({
        '@type': 'ProductGroup',
        name: 'Tee',
        hasVariant: [{ '@type': 'Product', sku: 'TEE-S' }],
        offers: { '@type': 'AggregateOffer', lowPrice: 10, priceCurrency: 'GBP' },
      }),
    );
    expect(result).toMatchObject({ name: 'Tee', price: '10', currency: 'GBP', sku: null });
  });

  it('treats same-name Product blocks as variants when choosing availability', () => {
    const result = facts(
      ld([
        {
          '@type': 'Product',
          name: 'Boots',
          sku: 'B-35',
          offers: { '@type': 'Offer', price: '69.95', priceCurrency: 'EUR', availability: 'http://schema.org/OutOfStock' },
        },
        {
          '@type': 'Product',
          name: 'Boots',
          sku: 'B-36',
          offers: { '@type': 'Offer', price: '69.95', priceCurrency: 'EUR', availability: 'http://schema.org/InStock' },
        },
      ]),
    );
    expect(result).toMatchObject({ availability: 'InStock', sku: 'B-36', price: '69.95' });
  });

  it('follows an Offer that names its product with itemOffered', () => {
    const result = facts(
      ld({
        '@graph': [
          { '@type': 'Offer', price: '5', priceCurrency: 'USD', itemOffered: { '@id': '#p' } },
          { '@type': 'Product', '@id': '#p', name: 'Pen' },
        ],
      }),
    );
    expect(result).toMatchObject({ name: 'Pen', price: '5', currency: 'USD' });
  });

  it('prefers the root product over the related products it refers to, and a WebPage mainEntity', () => {
    const related = { '@type': 'Product', name: 'Saucer', offers: { '@type': 'Offer', price: 3, priceCurrency: 'EUR' } };
    expect(
      facts(ld({ '@type': 'Product', name: 'Cup', isRelatedTo: related, offers: { '@type': 'Offer', price: 8, priceCurrency: 'EUR' } })),
    ).toMatchObject({ name: 'Cup', price: '8' });
    const page = ld([
      { '@type': 'Product', name: 'Teaser', offers: { '@type': 'Offer', price: 1, priceCurrency: 'EUR' } },
      {
        '@type': 'ItemPage',
        mainEntity: { '@type': 'Product', name: 'Main', offers: { '@type': 'Offer', price: 2, priceCurrency: 'EUR' } },
      },
    ]);
    expect(facts(page)).toMatchObject({ name: 'Main', price: '2' });
  });

  it('falls back to a non-Product entity that carries an offer (an Event ticket)', () => {
    const result = facts(
      ld({ '@type': 'Event', name: 'Concert', offers: { '@type': 'AggregateOffer', lowPrice: '5000', priceCurrency: 'CLP' } }),
    );
    expect(result).toMatchObject({ name: 'Concert', price: '5000', currency: 'CLP', source: 'json-ld' });
  });

  it('ranks a Product in any syntax above an offered non-Product', () => {
    const result = facts(
      ld({ '@type': 'Event', name: 'Launch party', offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' } }),
      '<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Kettle</span><meta itemprop="price" content="20"><meta itemprop="priceCurrency" content="EUR"></div>',
    );
    expect(result).toMatchObject({ name: 'Kettle', price: '20', source: 'microdata' });
  });

  it('reads microdata when there is no JSON-LD product', () => {
    const result = facts(
      '',
      `<div itemscope itemtype="http://schema.org/Product">
        <h1 itemprop="name">Kettle</h1><img itemprop="image" src="k.jpg">
        <span itemprop="brand" itemscope itemtype="http://schema.org/Brand"><span itemprop="name">Acme</span></span>
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
          <span itemprop="price" content="29.90">29,90 €</span><meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="http://schema.org/PreOrder">
        </div></div>`,
    );
    expect(result).toEqual({
      name: 'Kettle',
      price: '29.90',
      currency: 'EUR',
      availability: 'PreOrder',
      sku: null,
      gtin: null,
      mpn: null,
      brand: 'Acme',
      image: 'https://shop.example/products/k.jpg',
      source: 'microdata',
      invalidPrice: null,
      sources: {
        name: 'microdata',
        price: 'microdata',
        currency: 'microdata',
        availability: 'microdata',
        sku: null,
        gtin: null,
        mpn: null,
        brand: 'microdata',
        image: 'microdata',
      },
    });
  });

  it('reads microdata prices stated on the Product itself, without an Offer', () => {
    const result = facts(
      '',
      '<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Pan</span><span itemprop="price">1.299,00 €</span><meta itemprop="priceCurrency" content="EUR"></div>',
    );
    expect(result).toMatchObject({ price: '1299.00', currency: 'EUR', source: 'microdata' });
  });

  it('reads RDFa', () => {
    const result = facts(
      '',
      '<div vocab="http://schema.org/" typeof="Product"><span property="name">Lamp</span><div property="offers" typeof="Offer"><meta property="price" content="45"><meta property="priceCurrency" content="GBP"></div></div>',
    );
    expect(result).toMatchObject({ name: 'Lamp', price: '45', currency: 'GBP', source: 'rdfa' });
  });

  it('reads an Open Graph-only product page', () => {
    const result = facts(
      og({
        'og:type': 'product',
        'og:title': 'Lamp',
        'og:image': '/lamp.jpg',
        'product:price:amount': '45.00',
        'product:price:currency': 'GBP',
        'product:availability': 'in stock',
        'product:brand': 'Acme',
        'product:retailer_item_id': 'L-1',
        'product:ean': '4006381333931',
        'product:mfr_part_no': 'AC-L1',
      }),
    );
    expect(result).toEqual({
      name: 'Lamp',
      price: '45.00',
      currency: 'GBP',
      availability: 'InStock',
      sku: 'L-1',
      gtin: '4006381333931',
      mpn: 'AC-L1',
      brand: 'Acme',
      image: 'https://shop.example/lamp.jpg',
      source: 'opengraph',
      invalidPrice: null,
      sources: {
        name: 'open-graph',
        price: 'open-graph',
        currency: 'open-graph',
        availability: 'open-graph',
        sku: 'open-graph',
        gtin: 'open-graph',
        mpn: 'open-graph',
        brand: 'open-graph',
        image: 'open-graph',
      },
    });
  });

  it('reads og:price:amount and a display-string og:price', () => {
    expect(facts(og({ 'og:type': 'product', 'og:price:amount': '49.99', 'og:price:currency': 'EUR' }))).toMatchObject({
      price: '49.99',
      currency: 'EUR',
    });
    expect(facts(og({ 'og:title': 'Deal', 'og:price': '30,000원~' }))).toMatchObject({
      price: '30000',
      currency: 'KRW',
      source: 'opengraph',
    });
  });

  it('on conflicting markup takes the JSON-LD value (the documented rule) and says so', () => {
    const result = facts(
      ld({
        '@type': 'Product',
        name: 'Mug',
        offers: { '@type': 'Offer', price: '150.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
      }) +
        og({
          'og:type': 'product',
          'product:price:amount': '200.00',
          'product:price:currency': 'GBP',
          'product:availability': 'out of stock',
        }),
    );
    expect(result).toMatchObject({
      price: '150.00',
      currency: 'GBP',
      availability: 'InStock',
      sources: { price: 'json-ld', availability: 'json-ld' },
    });
  });

  it('fills fields the best syntax leaves null from the others, without overriding what it states', () => {
    const result = facts(
      ld({ '@type': 'Product', name: 'Mug', offers: { '@type': 'Offer', price: '10.00' } }) +
        og({
          'og:type': 'product',
          'og:title': 'Mug | Shop',
          'og:image': 'https://cdn.example/mug.jpg',
          'product:price:amount': '12.00',
          'product:price:currency': 'EUR',
        }),
    );
    expect(result).toMatchObject({ name: 'Mug', price: '10.00', currency: 'EUR', image: 'https://cdn.example/mug.jpg', source: 'json-ld' });
    expect(result?.sources).toMatchObject({ name: 'json-ld', price: 'json-ld', currency: 'open-graph', image: 'open-graph', sku: null });
  });

  it('returns null when nothing describes a product', () => {
    expect(facts(ld({ '@type': 'Organization', name: 'Shop' }) + og({ 'og:type': 'website', 'og:title': 'Shop' }))).toBeNull();
    expect(facts('', '<p>no markup</p>')).toBeNull();
  });
});
