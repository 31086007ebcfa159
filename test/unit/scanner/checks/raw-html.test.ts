import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { isEmptyClientShell, rawHtmlChecks } from '#shared/scanner/checks/raw-html/index.js';
import { htmlWeight } from '#shared/scanner/checks/raw-html/html-weight.js';
import { jsonldNotJs } from '#shared/scanner/checks/raw-html/jsonld-not-js.js';
import { markdownAlternate } from '#shared/scanner/checks/raw-html/markdown-alternate.js';
import { productFactsInHtml } from '#shared/scanner/checks/raw-html/product-facts-in-html.js';
import { ssrText } from '#shared/scanner/checks/raw-html/ssr-text.js';
import { containsName, findName, findPrice } from '#shared/scanner/checks/raw-html/text-match.js';
import { ttfb } from '#shared/scanner/checks/raw-html/ttfb.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';
import type { ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';

const paragraph =
  'Our workshop in Leeds builds solid oak and walnut furniture for small flats, finished by hand with hard wax oil and delivered in reusable wool blankets. ';

/** A server-rendered homepage with `sentences` paragraphs of 26 words each. */
function homepageWith(sentences: number, head = ''): string {
  return `<!doctype html><html lang="en"><head><title>Oak &amp; Ash</title>${head}</head><body>
    <main>${Array.from({ length: sentences }, () => `<p>${paragraph}</p>`).join('\n')}</main></body></html>`;
}

const richHomepage = homepageWith(8);

const spaShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Oak &amp; Ash</title>
  <script type="module" crossorigin src="/assets/index-4f3a9c.js"></script>
  <link rel="stylesheet" href="/assets/index-77b1.css"></head>
  <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;

const cloudflareChallenge = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="root"></div><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>',
};

function productJsonLd(name: string, price: string, currency: string): string {
  return `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    image: 'https://shop.example/cdn/desk.jpg',
    sku: 'WD-120',
    offers: { '@type': 'Offer', price, priceCurrency: currency, availability: 'https://schema.org/InStock' },
  })}</script>`;
}

const euroProduct = `<!doctype html><html><head><title>Schreibtisch</title>${productJsonLd('Walnut Desk Organiser', '1299.00', 'EUR')}</head>
  <body><h1>Walnut desk-organiser</h1><p class="price">1.299,00 €</p><button type="submit">In den Warenkorb</button></body></html>`;

const poundProduct = `<!doctype html><html><head>${productJsonLd('Oak Stool', '1299.00', 'GBP')}</head>
  <body><h1>Oak Stool</h1><span class="price">£1,299</span></body></html>`;

const priceByScript = `<!doctype html><html><head>${productJsonLd('Ash Bench', '349.00', 'GBP')}</head>
  <body><h1>Ash Bench</h1><span class="price" data-price-target></span><script src="/assets/price.js"></script></body></html>`;

const productShell = `<!doctype html><html><head>${productJsonLd('Walnut Desk Organiser', '1299.00', 'EUR')}
  <script src="/assets/app.js"></script></head><body><div id="app"></div></body></html>`;

const run = (check: CheckDefinition, input: ArtifactsInput) => {
  const artifacts = buildArtifacts(input);
  return { artifacts, result: check.evaluate(artifacts) };
};

const values = (result: { evidence: { value: string | null }[] }) => result.evidence.map((item) => item.value ?? '').join('\n');

describe('raw_html dimension', () => {
  it('has the rubric ids, in order, with points adding up to 15', () => {
    expect(rawHtmlChecks.map((check) => [check.id, check.points])).toEqual([
      ['ssr_text', 4],
      ['product_facts_in_html', 4],
      ['jsonld_not_js', 2],
      ['html_weight', 2],
      ['ttfb', 2],
      ['markdown_alternate', 1],
    ]);
    expect(rawHtmlChecks.reduce((sum, check) => sum + check.points, 0)).toBe(15);
    expect(rawHtmlChecks.every((check) => check.dimension === 'raw_html')).toBe(true);
  });
});

describe('isEmptyClientShell', () => {
  it('recognises a mount point with a script bundle and almost no text', () => {
    expect(isEmptyClientShell(buildArtifacts({ homepage: spaShell }).homepage)).toBe(true);
    const nuxt = '<html><body><div id="__nuxt"><p>Loading…</p></div><script src="/_nuxt/entry.js"></script></body></html>';
    expect(isEmptyClientShell(buildArtifacts({ homepage: nuxt }).homepage)).toBe(true);
  });

  it('does not call server-rendered apps, plain thin pages or challenge pages shells', () => {
    const ssrNext = `<html><body><div id="__next">${Array.from({ length: 4 }, () => `<p>${paragraph}</p>`).join('')}</div><script src="/_next/static/chunks/main.js"></script></body></html>`;
    expect(isEmptyClientShell(buildArtifacts({ homepage: ssrNext }).homepage)).toBe(false);
    expect(
      isEmptyClientShell(buildArtifacts({ homepage: '<html><body><div id="root"><h1>Coming soon</h1></div></body></html>' }).homepage),
    ).toBe(false);
    expect(isEmptyClientShell(buildArtifacts({ homepage: cloudflareChallenge }).homepage)).toBe(false);
  });
});

describe('ssr_text', () => {
  it('passes a homepage with 150+ words in the raw HTML', () => {
    const { result } = run(ssrText, { homepage: richHomepage });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe("The homepage's raw HTML shows 208 words without JavaScript");
    expect(values(result)).toContain('"Our workshop in Leeds');
  });

  it('warns between 50 and 149 words', () => {
    const { result } = run(ssrText, { homepage: homepageWith(3) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('only 78 words');
  });

  it('fails an empty client-rendered shell and says so', () => {
    const { artifacts, result } = run(ssrText, { homepage: spaShell });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      'The homepage is an empty client-rendered shell (<div id="root"> and 1 script bundle, 0 words): agents that do not run JavaScript see a blank page',
    );
    const advice = ssrText.advise(result, artifacts);
    expect(advice.effort).toBe('L');
    expect(advice.fix).toContain('server-side rendering');
  });

  it('fails a thin page that is not an app shell', () => {
    const { result } = run(ssrText, { homepage: '<html><body><h1>Oak &amp; Ash</h1><p>New collection soon.</p></body></html>' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('shows only 5 words');
    expect(result.summary).not.toContain('shell');
  });

  it('is not assessed behind a bot wall, on a transport failure or an error status', () => {
    expect(run(ssrText, { homepage: cloudflareChallenge }).result.summary).toContain('Cloudflare bot wall');
    expect(run(ssrText, { homepage: cloudflareChallenge }).result.status).toBe('not_assessed');
    expect(run(ssrText, { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
    expect(run(ssrText, { homepage: { status: 500, body: '<html><body>Error</body></html>' } }).result.status).toBe('not_assessed');
  });
});

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

describe('jsonld_not_js', () => {
  const organization =
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Oak & Ash","url":"https://shop.example/"}</script>';

  it('passes when JSON-LD blocks are in the raw HTML', () => {
    const { result } = run(jsonldNotJs, { homepage: homepageWith(2, organization), products: [euroProduct] });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('2 JSON-LD blocks served in the raw HTML of the homepage and /products/item-1');
    expect(values(result)).toContain('1 JSON-LD block (Organization)');
  });

  it('warns on a malformed block, quoting the parse error', () => {
    const broken = '<script type="application/ld+json">{"@type": "Organization", "name": "Oak & Ash",}</script>';
    const { artifacts, result } = run(jsonldNotJs, { homepage: homepageWith(2, broken) });
    expect(result.status).toBe('warn');
    expect(result.summary).toMatch(/^1 JSON-LD block on the homepage does not parse \(.+\)/);
    expect(values(result)).toContain('JSON-LD block 1 does not parse');
    expect(jsonldNotJs.advise(result, artifacts).title).toBe('Fix the JSON-LD blocks that do not parse');
  });

  it('fails without any JSON-LD, advising a block built from the product facts found', () => {
    const microdata = `<html><body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Oak Stool</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="priceCurrency" content="GBP">£</span><span itemprop="price" content="89.00">89.00</span></div></div></body></html>`;
    const { artifacts, result } = run(jsonldNotJs, { homepage: richHomepage, products: [microdata] });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('No JSON-LD in the raw HTML of the homepage and /products/item-1');
    const snippet = jsonldNotJs.advise(result, artifacts).snippet ?? '';
    expect(snippet).toContain('<script type="application/ld+json">');
    expect(snippet).toContain('"name": "Oak Stool"');
    expect(snippet).toContain('"price": "89.00"');
    expect(snippet).toContain('"priceCurrency": "GBP"');
  });

  it('is not assessed when no page could be read', () => {
    expect(run(jsonldNotJs, { homepage: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });
});

describe('html_weight', () => {
  const bloat = (chars: number) => `<script>window.__STATE__=${JSON.stringify({ blob: 'x'.repeat(chars) })}</script>`;

  it('passes light HTML that is mostly text', () => {
    const { result } = run(htmlWeight, { homepage: richHomepage });
    expect(result.status).toBe('pass');
    expect(result.summary).toMatch(/^Lean HTML on the homepage: \d+ KB of HTML, \d+% visible text$/);
  });

  it('warns when the HTML is small but mostly markup and script', () => {
    const { result } = run(htmlWeight, { homepage: homepageWith(2, bloat(60_000)) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('Heavy HTML on the homepage: 59 KB of HTML, 1% visible text');
  });

  it('fails HTML over 500 KB with little text, and truncated HTML', () => {
    expect(run(htmlWeight, { homepage: homepageWith(2, bloat(600_000)) }).result.status).toBe('fail');
    const cut = run(htmlWeight, { homepage: { body: richHomepage, truncated: true } }).result;
    expect(cut.status).toBe('fail');
    expect(values(cut)).toContain('the scanner stopped reading there');
  });

  it('averages across the pages fetched', () => {
    const { result } = run(htmlWeight, { homepage: richHomepage, products: [homepageWith(2, bloat(600_000))] });
    expect(result.status).toBe('warn');
    expect(result.score).toBe(0.5);
    expect(result.summary).toContain('/products/item-1');
  });

  it('is not assessed when no HTML page was fetched', () => {
    expect(run(htmlWeight, { homepage: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});

describe('ttfb', () => {
  it('passes at 800 ms or less', () => {
    const { result } = run(ttfb, { homepage: { body: richHomepage, ttfbMs: 310 } });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('Time to first byte is 310 ms');
  });

  it('warns up to 1800 ms and fails above', () => {
    expect(run(ttfb, { homepage: { body: richHomepage, ttfbMs: 1200 } }).result.status).toBe('warn');
    const slow = run(ttfb, { homepage: { body: richHomepage, ttfbMs: 2600 } });
    expect(slow.result.status).toBe('fail');
    expect(ttfb.advise(slow.result, slow.artifacts).why).toContain('time to first byte 2600 ms');
  });

  it('uses the median over the homepage and product pages', () => {
    const { result } = run(ttfb, {
      homepage: { body: richHomepage, ttfbMs: 3000 },
      products: [
        { body: euroProduct, ttfbMs: 400 },
        { body: poundProduct, ttfbMs: 500 },
      ],
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toBe('Median time to first byte over 3 pages is 500 ms');
  });

  it('is not assessed when no page answered with content', () => {
    expect(run(ttfb, { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
    expect(run(ttfb, { homepage: cloudflareChallenge }).result.status).toBe('not_assessed');
  });
});

describe('markdown_alternate', () => {
  it('passes when Accept: text/markdown gets markdown', () => {
    const { result } = run(markdownAlternate, {
      homepage: richHomepage,
      markdown: {
        body: '# Oak & Ash\n\nHandmade furniture for small spaces.',
        headers: { 'content-type': 'text/markdown; charset=utf-8' },
      },
    });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('Content-Type: text/markdown; charset=utf-8');
  });

  it('passes on a rel=alternate markdown link', () => {
    const { result } = run(markdownAlternate, {
      homepage: homepageWith(2, '<link rel="alternate" type="text/markdown" href="/index.md">'),
    });
    expect(result.status).toBe('pass');
    expect(values(result)).toContain('href="/index.md"');
  });

  it('fails when the server answers with HTML or refuses, advising a link', () => {
    const refused = run(markdownAlternate, { homepage: richHomepage });
    expect(refused.result.status).toBe('fail');
    expect(values(refused.result)).toContain('answered HTTP 406');
    expect(markdownAlternate.advise(refused.result, refused.artifacts).snippet).toBe(
      '<link rel="alternate" type="text/markdown" href="https://shop.example/index.md">',
    );
    const html = run(markdownAlternate, {
      homepage: richHomepage,
      markdown: { body: richHomepage, headers: { 'content-type': 'text/markdown' } },
    });
    expect(html.result.status).toBe('fail');
  });

  it('is not assessed when the markdown request failed or was rate limited', () => {
    expect(run(markdownAlternate, { homepage: richHomepage, markdown: { failed: 'timeout' } }).result.status).toBe('not_assessed');
    expect(run(markdownAlternate, { homepage: richHomepage, markdown: { status: 429, body: '' } }).result.status).toBe('not_assessed');
  });
});
