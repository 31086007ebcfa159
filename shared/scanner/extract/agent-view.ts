/** "What agents see": the markup's facts and what the visible text adds to them. */
import type { TextFacts } from './text-facts.js';
import { FACT_FIELDS, type FactField, type ProductFacts } from './types.js';

/**
 * The markup's facts with the fields it leaves empty filled from the visible text, each labelled
 * `text`; the text never overrides a value the markup states.
 */
export function withTextFacts(markup: ProductFacts | null, text: TextFacts, visibleText: string): ProductFacts | null {
  const found = Object.entries(text).filter(([, value]) => value !== undefined) as Array<[FactField, string]>;
  if (found.length === 0) return markup;
  const facts: ProductFacts = markup ? { ...markup, sources: { ...markup.sources } } : { ...emptyFacts(), source: 'text' };
  for (const [field, value] of found) {
    if (facts[field] !== null && !(field === 'sku' && hiddenCode(facts.sku, value, visibleText))) continue;
    (facts as Record<FactField, string | null>)[field] = value;
    facts.sources[field] = 'text';
  }
  // A price read from the text comes with the currency it was shown in, never one the markup pairs with nothing.
  if (facts.sources.price === 'text' && facts.sources.currency !== 'text') {
    facts.currency = text.currency ?? null;
    facts.sources.currency = text.currency ? 'text' : null;
  }
  return facts;
}

/**
 * The one exception to "markup first": a product code the page labels for shoppers ("Product code:
 * 83810610") is the one people and agents quote, so it replaces a markup `sku` the page never shows.
 */
function hiddenCode(markupSku: string | null, labelled: string, visibleText: string): boolean {
  return markupSku !== null && markupSku !== labelled && !visibleText.includes(markupSku);
}

/** The fields an agent would still look for in the text: those the markup leaves empty, and the product code it may label. */
export function missingFields(markup: ProductFacts | null): Set<FactField> {
  return new Set(FACT_FIELDS.filter((field) => field === 'sku' || (markup?.[field] ?? null) === null));
}

function emptyFacts(): Omit<ProductFacts, 'source'> {
  return {
    name: null,
    price: null,
    currency: null,
    availability: null,
    sku: null,
    gtin: null,
    mpn: null,
    brand: null,
    image: null,
    invalidPrice: null,
    sources: Object.fromEntries(FACT_FIELDS.map((field) => [field, null])) as ProductFacts['sources'],
  };
}
