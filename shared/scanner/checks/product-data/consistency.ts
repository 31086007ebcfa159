import {
  allEntities,
  findConflictingProducts,
  findProducts,
  firstText,
  hasType,
  mainProduct,
  normaliseCurrency,
  offerCandidates,
  priceValue,
  productFacts,
} from '#shared/scanner/extract/index.js';
import type { Availability, ProductConflict, ProductFacts, StructuredData } from '#shared/scanner/extract/index.js';
import type { FactDisagreement } from '#shared/scanner/extract/types.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Evidence } from '#shared/scanner/checks/types.js';
import { productPagesToAssess } from '#shared/scanner/checks/read-artifacts.js';
import type { MarkupProductPage } from '#shared/scanner/checks/read-artifacts.js';
import { listWords } from '#shared/scanner/checks/wording.js';
import { pageList } from './per-page.js';
import type { PageResult } from './per-page.js';
import { samePrice } from '#shared/scanner/extract/visible-prices.js';
import type { VisiblePrice } from '#shared/scanner/extract/visible-prices.js';

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
const CONFLICTS = new Set(['visible price', 'price in every syntax', 'availability in every syntax']);

function ogFirst(page: MarkupProductPage, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = page.structured.openGraph[key]?.[0];
    if (value !== undefined) return value;
  }
  return null;
}

/** Price and currency from entity markup (JSON-LD, microdata, RDFa), so Open Graph can be compared with it. */
function entityOffer(page: MarkupProductPage): { price: number | null; currency: string | null } {
  const facts = productFacts({ ...page.structured, openGraph: {} }, page.url);
  return { price: priceValue(facts?.price ?? null), currency: facts?.currency ?? null };
}

function visiblePriceCheck(shown: readonly VisiblePrice[], price: number | null, currency: string | null): SubCheck {
  if (price === null || shown.length === 0) return { name: 'visible price', mismatch: null };
  if (shown.some((p) => samePrice(p.amount, price))) return { name: 'visible price', mismatch: '' };
  const texts = [...new Set(shown.map((p) => p.text))].slice(0, 3);
  return { name: 'visible price', mismatch: `structured price ${price}${currency ? ` ${currency}` : ''} vs visible ${texts.join(', ')}` };
}

/** Each markup syntax's own facts, read as if it were the only one on the page. */
function factsBySyntax(page: MarkupProductPage): Array<{ source: string; facts: ProductFacts }> {
  const none = { jsonLd: { ...page.structured.jsonLd, entities: [] }, microdata: [], rdfa: [], openGraph: {} };
  const alone: Array<[string, StructuredData]> = [
    ['json-ld', { ...none, jsonLd: page.structured.jsonLd }],
    ['microdata', { ...none, microdata: page.structured.microdata }],
    ['rdfa', { ...none, rdfa: page.structured.rdfa }],
    ['open-graph', { ...none, openGraph: page.structured.openGraph }],
  ];
  return alone.flatMap(([source, data]) => {
    const facts = productFacts(data, page.url);
    return facts ? [{ source, facts }] : [];
  });
}

/**
 * JSON-LD, microdata, RDFa and Open Graph each stating the price or availability differently: an agent
 * that reads another syntax than the one "what agents see" takes (the first in that order) gets another
 * answer. Lists every syntax's value.
 */
function syntaxesAgreeCheck(page: MarkupProductPage): SubCheck[] {
  const stated = factsBySyntax(page);
  const prices = stated.flatMap(({ source, facts }) =>
    priceValue(facts.price) === null
      ? []
      : [{ source, value: priceValue(facts.price)!, text: `${facts.price}${facts.currency ? ` ${facts.currency}` : ''}` }],
  );
  const availabilities = stated.flatMap(({ source, facts }) =>
    facts.availability === null ? [] : [{ source, value: BUYABLE.has(facts.availability), text: facts.availability }],
  );
  const priceConflict = prices.some((a) => prices.some((b) => !samePrice(a.value, b.value)));
  const stockConflict = availabilities.some((a) => availabilities.some((b) => a.value !== b.value));
  const list = (values: Array<{ source: string; text: string }>) => values.map((v) => `${v.source} ${v.text}`).join(', ');
  return [
    {
      name: 'price in every syntax',
      mismatch: prices.length < 2 ? null : priceConflict ? `the markup states different prices: ${list(prices)}` : '',
    },
    {
      name: 'availability in every syntax',
      mismatch: availabilities.length < 2 ? null : stockConflict ? `the markup states different availability: ${list(availabilities)}` : '',
    },
  ];
}

function currencyCheck(page: MarkupProductPage, shownPrices: readonly VisiblePrice[], currency: string | null): SubCheck {
  const og = normaliseCurrency(ogFirst(page, 'product:price:currency', 'og:price:currency'));
  const shown = [...new Set(shownPrices.map((p) => p.currency).filter((c) => c !== null))];
  if (currency === null || (og === null && shown.length === 0)) return { name: 'currency', mismatch: null };
  if (og !== null && og !== currency)
    return { name: 'currency', mismatch: `structured currency ${currency} vs og product:price:currency ${og}` };
  if (shown.length > 0 && !shown.includes(currency))
    return { name: 'currency', mismatch: `structured currency ${currency} vs visible prices in ${shown.join(', ')}` };
  return { name: 'currency', mismatch: '' };
}

function validUntilCheck(page: MarkupProductPage, startedAt: number): SubCheck {
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
    if (end <= startedAt)
      return {
        name: 'priceValidUntil',
        mismatch: `priceValidUntil ${date} is in the past (scan date ${new Date(startedAt).toISOString().slice(0, 10)})`,
      };
  }
  return { name: 'priceValidUntil', mismatch: '' };
}

function availabilityCheck(page: MarkupProductPage): SubCheck {
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

const SYNTAX_NAMES: Record<FactDisagreement['markup']['source'], string> = {
  'json-ld': 'JSON-LD',
  microdata: 'microdata',
  rdfa: 'RDFa',
  'open-graph': 'Open Graph',
};

/** `price: JSON-LD 150.00 EUR, the page shows 200.00 EUR`: both values, where each was read, and why the page's is taken. */
export function describeDisagreement({ field, markup, visible, basis }: FactDisagreement): string {
  const decimals = field === 'price' && [markup.value, visible.value].some((value) => value.includes('.'));
  const amount = (value: string) => (decimals ? Number(value).toFixed(2) : value);
  const stated = [amount(markup.value), markup.currency].filter(Boolean).join(' ');
  const shown = [amount(visible.value), visible.currency ?? markup.currency].filter(Boolean).join(' ');
  const why = {
    'price-not-shown': '',
    'price-is-list-price': ` and ${stated} as the list price`,
    'sold-out-shown': ' (sold out, no buy button)',
    'buy-button-enabled': ' (an enabled buy button, nothing beside it says sold out)',
  }[basis];
  return `${field}: ${SYNTAX_NAMES[markup.source]} ${stated}, the page shows ${shown}${why}`;
}

/**
 * Where "what agents see" took the page's value over the markup's (agent-view.ts), that conflict is the
 * finding in place of the sub-check that compares the same field, so one cause is reported once.
 */
function disagreementCheck(page: MarkupProductPage, field: FactDisagreement['field'], name: string): SubCheck | null {
  const found = page.agentView?.disagreements?.find((disagreement) => disagreement.field === field);
  return found ? { name, mismatch: describeDisagreement(found) } : null;
}

function describeConflict(conflict: ProductConflict): string {
  const prices = conflict.prices.map((p) => `${p.price}${p.currency ? ` ${p.currency}` : ''} (${p.entity.source})`);
  return `duplicate Product blocks for ${conflict.key} state ${listWords(prices)}`;
}

function duplicatesCheck(page: MarkupProductPage): SubCheck {
  if (findProducts(page.structured).length < 2) return { name: 'duplicate Product blocks', mismatch: null };
  const conflicts = findConflictingProducts(page.structured);
  return { name: 'duplicate Product blocks', mismatch: conflicts.length === 0 ? '' : conflicts.map(describeConflict).join('; ') };
}

export function subChecks(page: MarkupProductPage, startedAt: number): SubCheck[] {
  const own = entityOffer(page);
  const price = own.price ?? priceValue(page.product?.price ?? null);
  const currency = own.currency ?? page.product?.currency ?? null;
  const shown = page.facts.pricesShown;
  return [
    disagreementCheck(page, 'price', 'visible price') ?? visiblePriceCheck(shown, price, currency),
    ...syntaxesAgreeCheck(page),
    currencyCheck(page, shown, currency),
    validUntilCheck(page, startedAt),
    disagreementCheck(page, 'availability', 'availability') ?? availabilityCheck(page),
    duplicatesCheck(page),
  ];
}

function judgePage(page: MarkupProductPage, startedAt: number): PageResult & { mismatches: Evidence[] } {
  const applicable = subChecks(page, startedAt).filter((c) => c.mismatch !== null);
  const mismatches = applicable.filter((c) => c.mismatch !== '').map((c) => evidence(page.url, c.mismatch));
  // Two prices or two stock states for one product: whichever an agent reads, it may be the wrong one.
  const conflicting = applicable.some((c) => c.mismatch !== '' && CONFLICTS.has(c.name));
  const score = applicable.length === 0 ? null : conflicting ? 0 : 1 - mismatches.length / applicable.length;
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
    if (results.length === 0)
      return outcome.notApplicable('Product pages state no price, currency or availability that could be cross-checked against the page.');
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
      fix: 'Render the JSON-LD Offer from the same data as the visible price: same amount and currency (the price a shopper pays now, never the crossed-out list price), availability updated with stock (https://schema.org/OutOfStock when sold out), priceValidUntil in the future or removed, Open Graph product:price tags from the same source, and only one Product block per product (remove the duplicate from an app or old theme snippet).',
      snippet: null,
      effort: 'M',
    };
  },
};
