/** "What agents see": the markup's facts, what the visible text adds to them, and where the two disagree. */
import type { CheerioAPI } from 'cheerio';
import type { Availability } from './availability.js';
import type { BuyBoxControls } from './buy-box-controls.js';
import { offerCandidates } from './offers.js';
import { priceValue } from './price.js';
import { mainProduct } from './products.js';
import { textFacts, type ComparedField, type TextFacts } from './text-facts.js';
import { FACT_FIELDS, type FactDisagreement, type FactField, type FactSource, type ProductFacts, type StructuredData } from './types.js';
import { samePrice, visiblePrices, type VisiblePrice } from './visible-prices.js';

/** What the page analysis already read, handed over so nothing is read twice. */
export interface PageReading {
  /** The product's facts from markup (product-facts.ts), or null. */
  product: ProductFacts | null;
  structured: StructuredData;
  visibleText: string;
  /** The prices in the page's own price elements (visible-prices.ts `pricesShown`). */
  pricesShown: readonly VisiblePrice[];
  /** The product's own deal and stock-alert controls (buy-box-controls.ts). */
  buyBoxControls?: BuyBoxControls;
}

/** "What agents see" on a product page: markup first, the visible text for what it lacks, the visible value where the two disagree. */
export function readAgentView($: CheerioAPI, page: PageReading): ProductFacts | null {
  const text = textFacts($, page.visibleText, missingFields(page.product), toCompare(page.product, page.pricesShown));
  const facts = withTextFacts(page.product, text, {
    ...page,
    offerAvailabilities: offerAvailabilities(page.structured),
  });
  return stockFromControls(facts, page.buyBoxControls ?? { deals: 0, stockAlerts: 0 });
}

/**
 * Stock the page states by its controls alone, where nothing else states it. A stock alert or a disabled
 * "Sold out" button in place of the buy button: out of stock. A listing on a marketplace or classified (a
 * priced item with its own bid, offer or contact control): for sale, since a seller's single item has no
 * stock line and a sold one says so, which the text's reading has already taken.
 */
function stockFromControls(facts: ProductFacts | null, controls: BuyBoxControls): ProductFacts | null {
  if (facts === null || facts.availability !== null) return facts;
  const availability = controls.stockAlerts > 0 ? 'OutOfStock' : controls.deals > 0 && facts.price !== null ? 'InStock' : null;
  if (availability === null) return facts;
  return { ...facts, availability, sources: { ...facts.sources, availability: 'text' } };
}

const TEXT_FIELDS = ['price', 'availability', 'sku', 'gtin', 'mpn'] as const satisfies readonly FactField[];

/**
 * The markup's facts with the fields it leaves empty filled from the visible text, each labelled
 * `text`; then each field the visible page contradicts beyond doubt (`disagreementsWith`) takes the
 * visible value, labelled `text`, and both values are kept in `disagreements`.
 */
export function withTextFacts(
  markup: ProductFacts | null,
  text: TextFacts,
  page: Pick<PageReading, 'visibleText' | 'pricesShown'> & { offerAvailabilities: readonly Availability[] },
): ProductFacts | null {
  const found = TEXT_FIELDS.filter((field) => text[field] !== undefined);
  const disagreements = markup ? disagreementsWith(markup, text, page) : [];
  if (found.length === 0 && disagreements.length === 0) return markup;
  const facts: ProductFacts = markup ? { ...markup, sources: { ...markup.sources } } : { ...emptyFacts(), source: 'text' };
  for (const field of found) {
    if (facts[field] !== null && !(field === 'sku' && hiddenCode(facts.sku, text.sku!, page.visibleText))) continue;
    (facts as Record<FactField, string | null>)[field] = text[field]!;
    facts.sources[field] = 'text';
  }
  const shownSku = facts.sources.sku === 'text' || facts.sku === null ? null : shownForm(facts.sku, page.visibleText);
  if (shownSku !== null) {
    facts.sku = shownSku;
    facts.sources.sku = 'text';
  }
  // A price read from the text comes with the currency it was shown in, never one the markup pairs with nothing.
  if (facts.sources.price === 'text' && facts.sources.currency !== 'text') {
    facts.currency = text.currency ?? null;
    facts.sources.currency = text.currency ? 'text' : null;
  }
  for (const { field, visible } of disagreements) {
    (facts as Record<FactField, string | null>)[field] = visible.value;
    facts.sources[field] = 'text';
    // An overridden price keeps the markup's currency (the two agree, or the page's mark names none); the page's fills its gap.
    if (field === 'price' && facts.currency === null && visible.currency !== null) {
      facts.currency = visible.currency;
      facts.sources.currency = 'text';
    }
  }
  if (disagreements.length > 0) facts.disagreements = disagreements;
  return facts;
}

/**
 * The one exception to "markup first": a product code the page labels for shoppers ("Product code:
 * 83810610") is the one people and agents quote, so it replaces a markup `sku` the page never shows.
 */
function hiddenCode(markupSku: string | null, labelled: string, visibleText: string): boolean {
  return markupSku !== null && markupSku !== labelled && !visibleText.includes(markupSku);
}

const CODE_JOINERS = String.raw`[\s./-]?`;

/**
 * A markup code the page writes another way ("30275861" shown as "302.758.61", "ab-12 34" as "AB1234"):
 * people and agents quote it as shown. Null when the page shows it as the markup writes it, or not at all.
 */
function shownForm(code: string, visibleText: string): string | null {
  if (visibleText.includes(code)) return null;
  const characters = [...code.replace(/[^\p{L}\p{N}]/gu, '')];
  if (characters.length < 4 || characters.length > 40) return null;
  const pattern = characters.map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(CODE_JOINERS);
  return new RegExp(String.raw`(?<![\p{L}\p{N}])${pattern}(?![\p{L}\p{N}])`, 'iu').exec(visibleText)?.[0] ?? null;
}

/** The fields an agent would still look for in the text: those the markup leaves empty, and the product code it may label. */
export function missingFields(markup: ProductFacts | null): Set<FactField> {
  return new Set(FACT_FIELDS.filter((field) => field === 'sku' || (markup?.[field] ?? null) === null));
}

/**
 * The price and availability the markup states, read in the text too to hold the two against each other;
 * the price only where the page's price elements show some other amount (reading the main price is the
 * costly part, and a page whose prices all match the markup's cannot contradict it).
 */
export function toCompare(markup: ProductFacts | null, pricesShown: readonly VisiblePrice[]): Set<ComparedField> {
  const compared = new Set<ComparedField>();
  const stated = priceValue(markup?.price ?? null);
  if (
    markupSource(markup?.sources.price ?? null) !== null &&
    stated !== null &&
    pricesShown.some((shown) => !samePrice(shown.amount, stated))
  )
    compared.add('price');
  if (markupSource(markup?.sources.availability ?? null) !== null) compared.add('availability');
  return compared;
}

const BUYABLE: ReadonlySet<Availability> = new Set(['InStock', 'LimitedAvailability', 'OnlineOnly']);
const SOLD_OUT: ReadonlySet<Availability> = new Set(['OutOfStock', 'SoldOut']);
/** Farther apart than this, the text's "main price" is more likely another amount (cashback, deposit, instalment) than a repricing. */
const MAX_PRICE_FACTOR = 3;

/**
 * Where the visible page contradicts the markup beyond doubt (docs/decisions/075-markup-and-page-disagree.md).
 * Price: one main price by the title or buy button, in the markup's currency or an ambiguous mark,
 * differing by more than 1% (and less than a factor of 3), while the markup's price is shown nowhere
 * on the page or only as the crossed-out list price beside it. Availability: the product's own region
 * (text-facts.ts `stockShown`) says the opposite of every offer the markup states.
 */
export function disagreementsWith(
  markup: ProductFacts,
  text: TextFacts,
  page: Pick<PageReading, 'visibleText' | 'pricesShown'> & { offerAvailabilities: readonly Availability[] },
): FactDisagreement[] {
  const found: FactDisagreement[] = [];
  const price = priceDisagreement(markup, text, page);
  if (price) found.push(price);
  const availability = availabilityDisagreement(markup, text, page.offerAvailabilities);
  if (availability) found.push(availability);
  return found;
}

function markupSource(source: FactSource | null): Exclude<FactSource, 'text'> | null {
  return source === null || source === 'text' ? null : source;
}

function priceDisagreement(
  markup: ProductFacts,
  text: TextFacts,
  page: Pick<PageReading, 'visibleText' | 'pricesShown'>,
): FactDisagreement | null {
  const stated = priceValue(markup.price);
  const shown = priceValue(text.price ?? null);
  const source = markupSource(markup.sources.price);
  if (stated === null || shown === null || source === null || text.price === undefined || samePrice(stated, shown)) return null;
  if (shown > stated * MAX_PRICE_FACTOR || shown * MAX_PRICE_FACTOR < stated) return null;
  if (text.currency !== undefined && markup.currency !== null && text.currency !== markup.currency) return null;
  const listPrice = priceValue(text.listPrice ?? null);
  const basis =
    listPrice !== null && samePrice(listPrice, stated) && shown < stated
      ? 'price-is-list-price'
      : shownNowhere(stated, page)
        ? 'price-not-shown'
        : null;
  if (basis === null) return null;
  return {
    field: 'price',
    markup: { value: markup.price!, currency: markup.currency, source },
    visible: { value: text.price, currency: text.currency ?? null, source: 'text' },
    basis,
  };
}

/** Neither the page's price elements nor its text show the amount (a variant's price shown anywhere counts as shown). */
function shownNowhere(amount: number, page: Pick<PageReading, 'visibleText' | 'pricesShown'>): boolean {
  const same = (shown: VisiblePrice) => samePrice(shown.amount, amount);
  return !page.pricesShown.some(same) && !visiblePrices(page.visibleText).some(same);
}

function availabilityDisagreement(markup: ProductFacts, text: TextFacts, offers: readonly Availability[]): FactDisagreement | null {
  const source = markupSource(markup.sources.availability);
  if (markup.availability === null || source === null || text.stock === undefined) return null;
  // Every offer must say the opposite: one sold-out variant among buyable ones agrees with "sold out" text.
  // The value agents see from the markup and every offer it lists (in any syntax) must say the opposite.
  const stated = [markup.availability, ...offers];
  const opposite = text.stock.availability === 'OutOfStock' ? BUYABLE : SOLD_OUT;
  if (!stated.every((availability) => opposite.has(availability))) return null;
  return {
    field: 'availability',
    markup: { value: markup.availability, currency: null, source },
    visible: { value: text.stock.availability, currency: null, source: 'text' },
    basis: text.stock.basis,
  };
}

/** The availability of every offer of the main product, in every entity syntax. */
export function offerAvailabilities(structured: StructuredData): Availability[] {
  return [structured.jsonLd.entities, structured.microdata, structured.rdfa].flatMap((entities) => {
    const main = mainProduct(entities);
    return main === null ? [] : offerCandidates(main, entities).flatMap((offer) => (offer.availability ? [offer.availability] : []));
  });
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
