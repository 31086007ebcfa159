import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { productFactsInHtml } from '#shared/scanner/checks/raw-html/product-facts-in-html.js';
import { containsName, findName, findPrice } from '#shared/scanner/checks/raw-html/text-match.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';
import {
  cloudflareChallenge,
  euroProduct,
  poundProduct,
  productJsonLd,
  richHomepage,
  values,
} from '#test/unit/scanner/checks/raw-html/fixtures.js';

const priceByScript = `<!doctype html><html><head>${productJsonLd('Ash Bench', '349.00', 'GBP')}</head>
  <body><h1>Ash Bench</h1><span class="price" data-price-target></span><script src="/assets/price.js"></script></body></html>`;

const productShell = `<!doctype html><html><head>${productJsonLd('Walnut Desk Organiser', '1299.00', 'EUR')}
  <script src="/assets/app.js"></script></head><body><div id="app"></div></body></html>`;

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

describe('price and name matching', () => {
  it('finds a price however the locale writes it', () => {
    expect(findPrice('Now £1,299 was £1,499', '1299.00')).toBe('1,299');
    expect(findPrice('Preis 1.299,00 € inkl. MwSt.', '1299')).toBe('1.299,00');
    expect(findPrice('Prix 1 299,00 €', '1299.00')).toBe('1 299,00');
    expect(findPrice('Only 2 left: 5,95 €', '5.95')).toBe('5,95');
    expect(findPrice('Total USD 36.99.', '36.99')).toBe('36.99');
  });

  it('does not match digits inside another number', () => {
    expect(findPrice('SKU 11299', '1299')).toBeNull();
    expect(findPrice('1.299,99 €', '99')).toBeNull();
    expect(findPrice('no price here', '12.50')).toBeNull();
  });

  it('matches names case- and punctuation-insensitively, on word boundaries', () => {
    expect(containsName('Home / THE WALNUT desk-organiser!', 'Walnut Desk Organiser')).toBe(true);
    expect(containsName('Walnut desks', 'Walnut desk')).toBe(false);
  });

  it('finds the first of several names the text shows', () => {
    expect(findName('Merino Crew Base Layer – size S', ['Merino Crew Base Layer - M', 'Merino Crew Base Layer'])).toBe(
      'Merino Crew Base Layer',
    );
    expect(findName('Oak Stool', ['', 'Ash Bench'])).toBeNull();
  });

  it('matches names whole-word across case, accents, compatibility forms and punctuation', () => {
    expect(containsName('Ｃａｆé CRÈME, 250 g', 'café crème')).toBe(true);
    expect(containsName('ΚΑΦΈΣ ελληνικός', 'Καφές Ελληνικός')).toBe(true);
    expect(containsName('Learn C++ (2nd ed.) today', 'C++ 2nd ed')).toBe(true);
    expect(containsName('Perfume No.5', 'No 5')).toBe(true);
    expect(containsName('Perfume No.50', 'No 5')).toBe(false);
    expect(containsName('Bluetooth speakers', 'Bluetooth speaker')).toBe(false);
    expect(containsName('[a-z]* stool', '[a-z] stool')).toBe(true);
    // U+20000 is a letter outside the BMP: it joins the word after it.
    expect(containsName('\u{20000}abc', 'abc')).toBe(false);
    expect(containsName('\u{20000} abc', 'abc')).toBe(true);
  });
});

describe('product_facts_in_html', () => {
  it('passes when name and price are in the raw text, in any locale format', () => {
    const { result } = run(productFactsInHtml, { homepage: richHomepage, products: [euroProduct, poundProduct] });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('All 2 product pages show the product name and price in the raw HTML');
    expect(values(result)).toContain('price 1299.00 EUR (shown as "1.299,00")');
    expect(values(result)).toContain('(shown as "1,299")');
  });

  it('warns when the price is rendered by JavaScript, with a prefilled snippet', () => {
    const { artifacts, result } = run(productFactsInHtml, { products: [priceByScript] });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toBe('The product price is missing from the raw HTML of 1 of 1 product page (/products/item-1)');
    const advice = productFactsInHtml.advise(result, artifacts);
    expect(advice.snippet).toBe('<h1>Ash Bench</h1>\n<p class="price">GBP 349.00</p>');
    expect(advice.why).toContain('missing price 349.00 GBP');
  });

  it('fails a client-rendered product page and averages over pages', () => {
    expect(run(productFactsInHtml, { products: [productShell] }).result.status).toBe('fail');
    const mixed = run(productFactsInHtml, { products: [poundProduct, productShell] }).result;
    expect(mixed.status).toBe('warn');
    expect(mixed.score).toBe(0.5);
    expect(mixed.summary).toContain('name and price are missing from the raw HTML of 1 of 2 product pages (/products/item-2)');
  });

  it('accepts a ProductGroup page that shows the group name, or a variant name, in its text', () => {
    // As agent-ready's merino-crew-base-layer: the price is the chosen variant's, the name the group's.
    const group = (title: string) =>
      `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name: 'Merino Crew Base Layer',
        productGroupID: 'MCB',
        hasVariant: ['S', 'M'].map((size) => ({
          '@type': 'Product',
          name: `Merino Crew ${size}`,
          sku: `MCB-${size}`,
          offers: { '@type': 'Offer', price: '89.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
        })),
      })}</script></head><body><h1>${title}</h1><p class="price">£89.00</p></body></html>`;
    const byGroup = run(productFactsInHtml, { products: [group('Merino Crew Base Layer')] });
    expect(byGroup.artifacts.productPages[0]?.product).toMatchObject({ name: 'Merino Crew Base Layer', sku: 'MCB-S', price: '89.00' });
    expect(byGroup.result.status).toBe('pass');
    expect(values(byGroup.result)).toContain('found name "Merino Crew Base Layer"');
    const byVariant = run(productFactsInHtml, { products: [group('Merino Crew M')] }).result;
    expect(byVariant.status).toBe('pass');
    expect(values(byVariant)).toContain('found name "Merino Crew M"');
    const neither = run(productFactsInHtml, { products: [group('Wool top')] }).result;
    expect(neither.status).toBe('warn');
    expect(values(neither)).toContain('missing name "Merino Crew Base Layer"');
  });

  it('is not assessed on a homepage-only scan, behind a bot wall, or without facts to compare', () => {
    const free = run(productFactsInHtml, { homepage: richHomepage }).result;
    expect(free.status).toBe('not_assessed');
    expect(free.summary).toContain('homepage only');
    expect(run(productFactsInHtml, { products: [cloudflareChallenge] }).result.status).toBe('not_assessed');
    const noFacts = run(productFactsInHtml, {
      products: ['<html><body><h1>Oak Stool</h1><button>Add to cart</button></body></html>'],
    }).result;
    expect(noFacts.status).toBe('not_assessed');
  });
});
