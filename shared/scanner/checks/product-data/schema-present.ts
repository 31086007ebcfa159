import { isProductLike } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { average, pageList, productSnippet, shortfallEvidence } from './per-page.js';
import type { PageResult } from './per-page.js';

const OG_PRODUCT_KEYS = ['product:price:amount', 'og:price:amount', 'product:retailer_item_id'];

function judgePage(page: MarkupProductPage): PageResult {
  const { jsonLd, microdata, rdfa, openGraph } = page.structured;
  if (jsonLd.entities.some(isProductLike)) return { url: page.url, score: 1, shortfall: null };
  const broken = jsonLd.malformed[0] ? `; a JSON-LD block does not parse (${jsonLd.malformed[0].error})` : '';
  if (microdata.some(isProductLike) || rdfa.some(isProductLike)) {
    const syntax = microdata.some(isProductLike) ? 'microdata' : 'RDFa';
    return { url: page.url, score: 0.5, shortfall: `Product only in ${syntax}, not in JSON-LD${broken}` };
  }
  const ogType = openGraph['og:type']?.[0] ?? '';
  if (/product/i.test(ogType) || OG_PRODUCT_KEYS.some((key) => openGraph[key] !== undefined)) {
    return {
      url: page.url,
      score: 0.5,
      shortfall: `only Open Graph product tags (og:type "${ogType || 'none'}"), no Product markup${broken}`,
    };
  }
  return { url: page.url, score: 0, shortfall: `no Product markup in JSON-LD, microdata, RDFa or Open Graph${broken}` };
}

export const schemaPresent: CheckDefinition = {
  id: 'schema_present',
  dimension: 'product_data',
  title: 'Product structured data in JSON-LD',
  points: 4,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map(judgePage);
    const score = average(results) ?? 0;
    const short = results.filter((r) => r.score !== 1);
    const summary =
      short.length === 0
        ? `Every product page checked (${results.length}) describes its product in JSON-LD.`
        : results.every((r) => r.score === 0)
          ? `No Product markup on ${pageList(results)}: agents must guess the product from the page text.`
          : `${pageList(short)} ${short.length === 1 ? 'lacks' : 'lack'} a JSON-LD Product (${short[0]?.shortfall ?? ''}).`;
    return outcome.fraction(score, summary, shortfallEvidence(results));
  },

  advise(result, artifacts) {
    const pages = productPagesToAssess(artifacts);
    const first = Array.isArray(pages) ? pages.find((p) => judgePage(p).score !== 1) : undefined;
    const found = result.evidence[0];
    return {
      title: 'Describe each product in a JSON-LD Product block',
      why: `Agents read product facts from schema.org JSON-LD first (${found ? `${found.url}: ${found.value ?? ''}` : 'product pages have none'}), so an agent may skip the product or misread it.`,
      fix: 'Add one <script type="application/ld+json"> Product block per product page, rendered in the server HTML, with name, image, sku, brand and an Offer (price, priceCurrency, availability). Most platforms do this in the product template; keep microdata if you have it, but add JSON-LD.',
      snippet: first ? productSnippet(first) : null,
      effort: 'M',
    };
  },
};
