import type { PageArtifact } from '#shared/scanner/artifacts.js';
import { priceValue } from '#shared/scanner/extract/index.js';
import type { ProductFacts } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import { productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { listWords } from '#shared/scanner/checks/wording.js';
import { average, pageList, productSnippet, shortfallEvidence } from './per-page.js';
import type { PageResult } from './per-page.js';

/**
 * The five offer facts, read as "What agents see" reads them: the shared normalisers already turned
 * `€` into EUR and `in stock` into InStock, and resolved the image against the page URL.
 */
const FIELDS: { name: string; present: (facts: ProductFacts) => boolean }[] = [
  { name: 'name', present: (f) => f.name !== null },
  { name: 'image', present: (f) => f.image !== null && /^https?:\/\//i.test(f.image) },
  // Extraction keeps a price of 0 only on a page that plainly shows it free (docs/decisions/020-what-agents-see.md).
  { name: 'price', present: (f) => priceValue(f.price) !== null },
  { name: 'currency', present: (f) => f.currency !== null },
  { name: 'availability', present: (f) => f.availability !== null },
];

function missingFields(facts: ProductFacts | null): string[] {
  return FIELDS.filter((field) => facts === null || !field.present(facts)).map((field) => field.name);
}

/** The page states a price and its currency in structured data (the scorer's cap uses this). */
export function hasMachineReadablePrice(page: PageArtifact): boolean {
  const facts = page.product;
  return facts !== null && priceValue(facts.price) !== null && facts.currency !== null;
}

/** What the page shows instead, so the evidence says what to add: a markup price that is no price, or values only the text states. */
function instead(page: MarkupProductPage, missing: readonly string[]): string[] {
  const notes: string[] = [];
  if (page.product?.invalidPrice != null) notes.push(`the markup states price "${page.product.invalidPrice}", which is not a price`);
  const view = page.agentView;
  const fromText = missing.filter((field) => view?.sources[field as keyof ProductFacts['sources']] === 'text');
  if (view && fromText.includes('price'))
    notes.push(`agents reading the page see ${[view.price, view.currency].filter(Boolean).join(' ')}, but no machine-readable price`);
  const other = fromText.filter((field) => field !== 'price' && field !== 'currency');
  if (view && other.length > 0)
    notes.push(`the text shows ${other.map((field) => `${field} ${view[field as 'availability'] ?? ''}`).join(', ')}, the markup does not`);
  return notes;
}

function judgePage(page: MarkupProductPage): PageResult {
  const missing = missingFields(page.product);
  const notes = instead(page, missing);
  return {
    url: page.url,
    score: (FIELDS.length - missing.length) / FIELDS.length,
    shortfall: missing.length === 0 ? null : `missing ${missing.join(', ')}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
  };
}

export const offerCore: CheckDefinition = {
  id: 'offer_core',
  dimension: 'product_data',
  title: 'Name, image, price, currency and availability',
  points: 6,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map(judgePage);
    const short = results.filter((r) => r.score !== 1);
    const missing = [...new Set(pages.flatMap((p) => missingFields(p.product)))];
    const summary =
      short.length === 0
        ? `Every product page checked (${results.length}) states name, image, price, currency and availability.`
        : `${pageList(short)} ${short.length === 1 ? 'does' : 'do'} not state ${listWords(missing)} in structured data.`;
    return outcome.fraction(average(results) ?? 0, summary, shortfallEvidence(results));
  },

  advise(result, artifacts) {
    const pages = productPagesToAssess(artifacts);
    const first = Array.isArray(pages) ? pages.find((p) => missingFields(p.product).length > 0) : undefined;
    const missing = first ? missingFields(first.product) : [];
    const found = result.evidence[0];
    return {
      title: 'Complete every product Offer: name, image, price, currency, availability',
      why: `An agent can only quote, compare and buy what the markup states: ${found ? `${found.url} is ${found.value ?? ''}` : 'product pages lack offer facts'}. Without a numeric price and ISO 4217 currency an agent cannot tell what the product costs.`,
      fix: `Complete the Product JSON-LD${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}: name, an absolute image URL, and an Offer with price as a number greater than 0 (no currency sign), priceCurrency as an ISO 4217 code (EUR, USD, GBP) and availability as a schema.org URL (https://schema.org/InStock).`,
      snippet: first ? productSnippet(first) : null,
      effort: 'S',
    };
  },
};
