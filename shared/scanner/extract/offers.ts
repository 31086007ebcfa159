/** Reading offers (Offer, AggregateOffer, priceSpecification) and choosing the one an agent acts on. */
import { availabilityRank, normaliseAvailability } from './availability.js';
import type { Availability } from './availability.js';
import { normaliseCurrency } from './currency.js';
import { entityValues, firstLiteral, hasType } from './entity.js';
import { sellingPrice } from './price.js';
import type { Entity } from './types.js';

export const OFFER_TYPES: ReadonlySet<string> = new Set(['Offer', 'AggregateOffer']);
export const PRODUCT_TYPES: ReadonlySet<string> = new Set([
  'Product',
  'ProductGroup',
  'ProductModel',
  'IndividualProduct',
  'SomeProducts',
  'ProductCollection',
  'Vehicle',
  'Car',
  'Motorcycle',
  'MotorizedBicycle',
  'BusOrCoach',
  'DietarySupplement',
  'Drug',
]);

const AGGREGATE_OFFER: ReadonlySet<string> = new Set(['AggregateOffer']);
const NON_SELLING_PRICE_TYPES = new Set(['strikethroughprice', 'listprice', 'msrp', 'srp']);
const MAX_NESTED_OFFERS = 3;

export interface OfferTerms {
  price: string | null;
  /** A stated price that is no price (0, negative, not a number), as written. */
  invalidPrice: string | null;
  currency: string | null;
  availability: Availability | null;
}

export interface OfferCandidate extends OfferTerms {
  /** The product (or variant) the offer belongs to. */
  owner: Entity;
  /** Null when the terms sit on the product itself, without an Offer. */
  offer: Entity | null;
}

export function isProductLike(entity: Entity): boolean {
  return hasType(entity, PRODUCT_TYPES);
}

function priceTypeName(spec: Entity): string {
  const raw = firstLiteral(spec, 'priceType');
  if (typeof raw !== 'string') return '';
  return raw.slice(raw.lastIndexOf('/') + 1).toLowerCase();
}

/** The selling price specification: not a strikethrough/list price, not a per-unit reference price. */
function sellingSpecification(offer: Entity): Entity | null {
  const specs = entityValues(offer, 'priceSpecification');
  const badness = (spec: Entity): number =>
    (NON_SELLING_PRICE_TYPES.has(priceTypeName(spec)) ? 2 : 0) + (spec.props.referenceQuantity ? 1 : 0);
  let best: Entity | null = null;
  for (const spec of specs) if (best === null || badness(spec) < badness(best)) best = spec;
  return best;
}

/** Price, currency and availability stated by one Offer / AggregateOffer (or a product itself). */
export function offerTerms(offer: Entity, depth = 0): OfferTerms {
  const aggregate = hasType(offer, AGGREGATE_OFFER);
  const direct = aggregate ? firstLiteral(offer, 'lowPrice', 'price') : firstLiteral(offer, 'price', 'lowPrice');
  const spec = sellingSpecification(offer);
  const stated = sellingPrice(direct);
  const specified = spec ? sellingPrice(firstLiteral(spec, 'price', 'minPrice')) : { price: null, invalid: null };
  const terms: OfferTerms = {
    price: stated.price ?? specified.price,
    invalidPrice: (stated.price ?? specified.price) ? null : (stated.invalid ?? specified.invalid),
    currency:
      normaliseCurrency(firstLiteral(offer, 'priceCurrency')) ?? (spec ? normaliseCurrency(firstLiteral(spec, 'priceCurrency')) : null),
    availability: normaliseAvailability(firstLiteral(offer, 'availability')),
  };
  // An AggregateOffer may only summarise its nested `offers`.
  if (depth < MAX_NESTED_OFFERS && (terms.price === null || terms.currency === null || terms.availability === null)) {
    const nested = entityValues(offer, 'offers').map((o) => offerTerms(o, depth + 1));
    const best = pickBest(nested);
    if (best !== undefined) {
      if (terms.price === null && best.price !== null) terms.invalidPrice = null;
      terms.price ??= best.price;
      terms.invalidPrice ??= best.invalidPrice;
      terms.currency ??= best.currency;
      terms.availability ??= best.availability;
    }
  }
  return terms;
}

/** The product's offers, including Offer entities that point back at it through `itemOffered`. */
export function offersOf(product: Entity, all: readonly Entity[]): Entity[] {
  const own = entityValues(product, 'offers');
  const back = all.filter((e) => hasType(e, OFFER_TYPES) && !own.includes(e) && entityValues(e, 'itemOffered').includes(product));
  return [...own, ...back];
}

/** Variants of a ProductGroup (hasVariant, or products naming it with isVariantOf). */
export function variantsOf(group: Entity, all: readonly Entity[]): Entity[] {
  const listed = entityValues(group, 'hasVariant').filter(isProductLike);
  const back = all.filter((e) => e !== group && !listed.includes(e) && entityValues(e, 'isVariantOf').includes(group));
  return [...listed, ...back];
}

function candidatesFor(owner: Entity, all: readonly Entity[]): OfferCandidate[] {
  const offers = offersOf(owner, all);
  if (offers.length > 0) return offers.map((offer) => ({ owner, offer, ...offerTerms(offer) }));
  // Microdata often puts price/availability straight on the Product, without an Offer.
  const own = offerTerms(owner, MAX_NESTED_OFFERS);
  return own.price === null && own.invalidPrice === null && own.availability === null ? [] : [{ owner, offer: null, ...own }];
}

/**
 * Every offer that sells `product`: for a ProductGroup, its variants' offers (the group's own
 * offers only when no variant has a price); for a product, its own offers and those of `siblings`
 * (other product blocks on the page that are variants of it in all but name).
 */
export function offerCandidates(product: Entity, all: readonly Entity[], siblings: readonly Entity[] = []): OfferCandidate[] {
  const variants = variantsOf(product, all);
  if (variants.length > 0) {
    const fromVariants = variants.flatMap((v) => candidatesFor(v, all));
    if (fromVariants.some((c) => c.price !== null)) return fromVariants;
  }
  return [product, ...siblings].flatMap((p) => candidatesFor(p, all));
}

/** First candidate with a price and the best availability for a buyer. */
export function pickBest<T extends OfferTerms>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  const score = (c: T): number => (c.price === null ? 0 : 10) + availabilityRank(c.availability);
  for (const c of candidates) if (best === undefined || score(c) > score(best)) best = c;
  return best;
}
