import { allEntities, findConflictingProducts, findProducts, firstText, hasType, mainProduct, normaliseCurrency, normalisePrice, offerCandidates, priceValue, productFacts } from '#shared/scanner/extract/index.js';
import type { Availability, ProductConflict } from '#shared/scanner/extract/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Evidence } from '#shared/scanner/checks/types.js';
import { listWords, pageList, productPagesToAssess } from './pages.js';
import type { PageResult, ReadablePage } from './pages.js';
import { pricesShown, samePrice } from './visible-prices.js';
import type { VisiblePrice } from './visible-prices.js';

/** One cross-check on one page: null when the page lacks what it compares. */
interface SubCheck {
  name: string;
  /** null: not applicable; '' : consistent; otherwise the mismatch, with both values. */
  mismatch: string | null;
}

const BUYABLE: ReadonlySet<string> = new Set<Availability>(['InStock', 'LimitedAvailability', 'OnlineOnly']);
const SOLD_OUT = /(?<!\p{L})(sold[\s-]?out|out of stock|ausverkauft|épuisée?s?|agotad[oa]s?|esaurit[oa]|uitverkocht)(?!\p{L})/iu;
const DAY_MS = 24 * 60 * 60 * 1000;
const OFFER_TYPES = new Set(['Offer', 'AggregateOffer']);

function ogFirst(page: ReadablePage, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = page.structured.openGraph[key]?.[0];
    if (value !== undefined) return value;
  }
  return null;
}

/** Price and currency from entity markup (JSON-LD, microdata, RDFa), so Open Graph can be compared with it. */
function entityOffer(page: ReadablePage): { price: number | null; currency: string | null } {
  const facts = productFacts({ ...page.structured, openGraph: {} }, page.url);
  return { price: priceValue(facts?.price ?? null), currency: facts?.currency ?? null };
}

function visiblePriceCheck(shown: readonly VisiblePrice[], price: number | null, currency: string | null): SubCheck {
  if (price === null || shown.length === 0) return { name: 'visible price', mismatch: null };
  if (shown.some((p) => samePrice(p.amount, price))) return { name: 'visible price', mismatch: '' };
  const texts = [...new Set(shown.map((p) => p.text))].slice(0, 3);
  return { name: 'visible price', mismatch: `structured price ${price}${currency ? ` ${currency}` : ''} vs visible ${texts.join(', ')}` };
}

function ogPriceCheck(page: ReadablePage, price: number | null): SubCheck {
  const ogRaw = ogFirst(page, 'product:price:amount', 'og:price:amount');
  const og = priceValue(normalisePrice(ogRaw));
  if (price === null || og === null) return { name: 'Open Graph price', mismatch: null };
  return { name: 'Open Graph price', mismatch: samePrice(price, og) ? '' : `structured price ${price} vs og product:price:amount ${ogRaw ?? ''}` };
}

function currencyCheck(page: ReadablePage, shownPrices: readonly VisiblePrice[], currency: string | null): SubCheck {
  const og = normaliseCurrency(ogFirst(page, 'product:price:currency', 'og:price:currency'));
  const shown = [...new Set(shownPrices.map((p) => p.currency).filter((c) => c !== null))];
  if (currency === null || (og === null && shown.length === 0)) return { name: 'currency', mismatch: null };
  if (og !== null && og !== currency) return { name: 'currency', mismatch: `structured currency ${currency} vs og product:price:currency ${og}` };
  if (shown.length > 0 && !shown.includes(currency)) return { name: 'currency', mismatch: `structured currency ${currency} vs visible prices in ${shown.join(', ')}` };
  return { name: 'currency', mismatch: '' };
}

function validUntilCheck(page: ReadablePage, startedAt: number): SubCheck {
  const dates = allEntities(page.structured)
    .filter((e) => hasType(e, OFFER_TYPES))
    .map((offer) => firstText(offer, 'priceValidUntil'))
    .filter((d): d is string => d !== null);
  if (dates.length === 0) return { name: 'priceValidUntil', mismatch: null };
  for (const date of dates) {
    const parsed = Date.parse(date);
    if (Number.isNaN(parsed)) return { name: 'priceValidUntil', mismatch: `priceValidUntil "${date}" is not a date` };
    // A bare date means the whole of that day.
    const end = /^\d{4}-\d{2}-\d{2}$/.test(date) ? parsed + DAY_MS : parsed;
    if (end <= startedAt) return { name: 'priceValidUntil', mismatch: `priceValidUntil ${date} is in the past (scan date ${new Date(startedAt).toISOString().slice(0, 10)})` };
  }
  return { name: 'priceValidUntil', mismatch: '' };
}

function availabilityCheck(page: ReadablePage): SubCheck {
  const stated = [page.structured.jsonLd.entities, page.structured.microdata, page.structured.rdfa].flatMap((entities) => {
    const main = mainProduct(entities);
    return main === null ? [] : offerCandidates(main, entities).map((c) => c.availability);
  });
  const known = stated.filter((a) => a !== null);
  const availability = known.length > 0 ? known : page.product?.availability ? [page.product.availability] : [];
  if (availability.length === 0) return { name: 'availability', mismatch: null };
  const soldOut = SOLD_OUT.exec(page.visibleText);
  // Consistent when any offer is not buyable: the text may be about that variant.
  if (soldOut === null || !availability.every((a) => BUYABLE.has(a))) return { name: 'availability', mismatch: '' };
  return { name: 'availability', mismatch: `structured availability ${availability[0] ?? ''} vs visible text "${soldOut[0]}"` };
}

function describeConflict(conflict: ProductConflict): string {
  const prices = conflict.prices.map((p) => `${p.price}${p.currency ? ` ${p.currency}` : ''} (${p.entity.source})`);
  return `duplicate Product blocks for ${conflict.key} state ${listWords(prices)}`;
}

function duplicatesCheck(page: ReadablePage): SubCheck {
  if (findProducts(page.structured).length < 2) return { name: 'duplicate Product blocks', mismatch: null };
  const conflicts = findConflictingProducts(page.structured);
  return { name: 'duplicate Product blocks', mismatch: conflicts.length === 0 ? '' : conflicts.map(describeConflict).join('; ') };
}

export function subChecks(page: ReadablePage, startedAt: number): SubCheck[] {
  const own = entityOffer(page);
  const price = own.price ?? priceValue(page.product?.price ?? null);
  const currency = own.currency ?? page.product?.currency ?? null;
  const shown = pricesShown(page.document);
  return [
    visiblePriceCheck(shown, price, currency),
    ogPriceCheck(page, own.price),
    currencyCheck(page, shown, currency),
    validUntilCheck(page, startedAt),
    availabilityCheck(page),
    duplicatesCheck(page),
  ];
}

function judgePage(page: ReadablePage, startedAt: number): PageResult & { mismatches: Evidence[] } {
  const applicable = subChecks(page, startedAt).filter((c) => c.mismatch !== null);
  const mismatches = applicable.filter((c) => c.mismatch !== '').map((c) => evidence(page.url, c.mismatch));
  const score = applicable.length === 0 ? null : 1 - mismatches.length / applicable.length;
  return { url: page.url, score, shortfall: null, mismatches };
}

export const consistency: CheckDefinition = {
  id: 'consistency',
  dimension: 'product_data',
  title: 'Structured data agrees with the page',
  points: 4,

  evaluate(artifacts) {
    const pages = productPagesToAssess(artifacts);
    if (!Array.isArray(pages)) return pages;
    const results = pages.map((p) => judgePage(p, artifacts.startedAt)).filter((r) => r.score !== null);
    if (results.length === 0) return outcome.notApplicable('Product pages state no price, currency or availability that could be cross-checked against the page.');
    const score = results.reduce((sum, r) => sum + (r.score ?? 0), 0) / results.length;
    const mismatches = results.flatMap((r) => r.mismatches);
    const short = results.filter((r) => r.mismatches.length > 0);
    const summary =
      mismatches.length === 0
        ? `Structured price, currency, availability and dates agree with what ${pageList(results)} ${results.length === 1 ? 'shows' : 'show'}.`
        : `Structured data disagrees with ${pageList(short)}: ${mismatches[0]?.value ?? ''}${mismatches.length > 1 ? ` (${mismatches.length} mismatches in all)` : ''}.`;
    return outcome.fraction(score, summary, mismatches);
  },

  advise(result) {
    const found = result.evidence.slice(0, 3).map((e) => `${e.url}: ${e.value ?? ''}`);
    return {
      title: 'Make the structured price and stock match the page',
      why: `When markup and page disagree an agent quotes the wrong price or sells what is out of stock, and platforms that check drop the offer: ${found.join('; ')}.`,
      fix: 'Render the JSON-LD Offer from the same data as the visible price: same amount and currency, availability updated with stock (https://schema.org/OutOfStock when sold out), priceValidUntil in the future or removed, Open Graph product:price tags from the same source, and only one Product block per product (remove the duplicate from an app or old theme snippet).',
      snippet: null,
      effort: 'M',
    };
  },
};
