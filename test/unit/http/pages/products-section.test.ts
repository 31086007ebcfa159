import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { reportPage } from '#shared/http/pages/report-page.js';
import type { ProductFactsRecord, ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

const none = { name: null, price: null, currency: null, availability: null, sku: null, gtin: null, mpn: null, brand: null, image: null };

function withProduct(product: Partial<ProductFactsRecord>): ScanResult {
  const result = sampleResult();
  result.products = [{ url: 'https://shop.example/products/oak-stool', ...none, source: 'json-ld', sources: { ...none }, ...product }];
  return result;
}

describe('the report: what agents see where the markup and the page disagree', () => {
  const $ = cheerio.load(
    reportPage(
      withProduct({
        name: 'Oak Stool',
        price: '200',
        currency: 'EUR',
        availability: 'InStock',
        sources: { ...none, name: 'json-ld', price: 'text', currency: 'json-ld', availability: 'json-ld' },
        disagreements: [
          {
            field: 'price',
            markup: { value: '150.00', currency: 'EUR', source: 'json-ld' },
            visible: { value: '200', currency: 'EUR', source: 'text' },
            basis: 'price-not-shown',
          },
        ],
      }),
      null,
    ),
  );
  const section = $('section[aria-labelledby="products-title"]');

  it('says in view that the two disagree, and counts the price as stated in markup', () => {
    const tally = section.children('p').first().text();
    expect(tally).toContain('the markup states: price 1, availability 1');
    expect(tally).toContain("On 1 product the markup and the page disagree (price): agents reading the page take the page's value.");
  });

  it("shows the page's value with what the markup states inside the closed product details", () => {
    const details = section.find('details.products-detail');
    expect(details.attr('open')).toBeUndefined();
    const price = details.find('dt:contains("Price") + dd').text();
    expect(price).toBe('200 EUR (page text; JSON-LD states 150.00 EUR)');
    expect(details.find('dt:contains("Availability") + dd').text()).toBe('InStock (JSON-LD)');
  });

  it('reads a stored result without disagreements as before', () => {
    const stored = cheerio.load(reportPage(withProduct({ name: 'Oak Stool', price: '150.00', currency: 'EUR' }), null));
    expect(stored('section[aria-labelledby="products-title"] > p').first().text()).not.toContain('disagree');
  });
});
