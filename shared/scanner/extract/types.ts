/**
 * One entity model for every structured-data syntax the scanner reads.
 *
 * - `types`: type names. schema.org IRIs and `schema:` CURIEs are shortened to the bare name
 *   (`http://schema.org/Product` -> `Product`), and known schema.org types are case-corrected
 *   (`product` -> `Product`). Types from other vocabularies keep their full IRI or CURIE.
 * - `id`: `@id` (JSON-LD), `itemid` (microdata) or `resource`/`about` (RDFa), as written.
 * - `props`: property name -> values, always an array, in document order. Property names are
 *   shortened like types. A value is a literal (string, number, boolean) or a nested Entity.
 *   Empty strings and JSON nulls are dropped, so a present key always has at least one value.
 *   JSON-LD `@id` references are resolved to the referenced Entity, so the graph may contain
 *   cycles: walk it with a depth limit or a visited set.
 * - Entity lists (`jsonLd.entities`, `microdata`, `rdfa`) are flat: every node, nested or not,
 *   appears once, in document order. Nested nodes are also reachable through their parent's props.
 */

import type { Availability } from './availability.js';

export type EntitySource = 'json-ld' | 'microdata' | 'rdfa' | 'opengraph';

export type PropValue = string | number | boolean | Entity;

export interface Entity {
  types: string[];
  id: string | null;
  props: Record<string, PropValue[]>;
  source: EntitySource;
}

export interface MalformedBlock {
  /** Position of the block among the page's `application/ld+json` scripts, from 0. */
  index: number;
  error: string;
}

export interface JsonLdResult {
  /** Number of `application/ld+json` script blocks, parsed or not. */
  blocks: number;
  entities: Entity[];
  malformed: MalformedBlock[];
}

export interface StructuredData {
  jsonLd: JsonLdResult;
  microdata: Entity[];
  rdfa: Entity[];
  /** Open Graph and `product:`-style meta: lower-cased property -> contents, in document order. */
  openGraph: Record<string, string[]>;
}

/** The facts an agent reads from a product page ("What agents see" in the rubric). */
export interface ProductFacts {
  name: string | null;
  /** Plain decimal string, `.` as separator, no grouping: `"1299.00"`, `"36.99"`, `"259"`. */
  price: string | null;
  /** ISO 4217 code, upper case. */
  currency: string | null;
  /** schema.org ItemAvailability short name, e.g. `InStock`. */
  availability: Availability | null;
  sku: string | null;
  /** Digits only; validity of the check digit is not implied (see `isValidGtin`). */
  gtin: string | null;
  mpn: string | null;
  brand: string | null;
  /** Absolute URL. */
  image: string | null;
  /** The syntax the product was found in (`text` when only the visible page shows it); fields may have been filled from others. */
  source: EntitySource | 'text';
  /** Where each field's value was read; null for a field nobody states. */
  sources: Record<FactField, FactSource | null>;
  /** A price the markup states that is no price (0 on a page not plainly free, negative, not a number), as written; null otherwise. */
  invalidPrice: string | null;
  /** Fields whose markup value the visible page contradicts; the field above holds the visible value (docs/decisions/075-markup-and-page-disagree.md). */
  disagreements?: FactDisagreement[];
}

/** What the page's markup states, and in which syntax. */
export interface MarkupValue {
  value: string;
  /** The price's currency; null for other fields, or when none is stated. */
  currency: string | null;
  source: Exclude<FactSource, 'text'>;
}

/** What a shopper reads on the page. */
export interface VisibleValue {
  value: string;
  /** The price's currency as shown; null for other fields, or when the mark is ambiguous (`$`). */
  currency: string | null;
  source: 'text';
}

/**
 * Why the visible value is taken over the markup's: the markup's price is shown nowhere on the page,
 * or only as the crossed-out list price; the product's own region says sold out and offers no buy
 * button, or its buy button is enabled with no sold-out wording beside it.
 */
export const DISAGREEMENT_BASES = ['price-not-shown', 'price-is-list-price', 'sold-out-shown', 'buy-button-enabled'] as const;
export type DisagreementBasis = (typeof DISAGREEMENT_BASES)[number];

/** A field the markup and the visible page state differently. */
export interface FactDisagreement {
  field: 'price' | 'availability';
  markup: MarkupValue;
  visible: VisibleValue;
  basis: DisagreementBasis;
}

export const FACT_FIELDS = ['name', 'price', 'currency', 'availability', 'sku', 'gtin', 'mpn', 'brand', 'image'] as const;
export type FactField = (typeof FACT_FIELDS)[number];
/** Where an agent reads a fact: a markup syntax, or the visible text of the page. */
export type FactSource = 'json-ld' | 'microdata' | 'rdfa' | 'open-graph' | 'text';

export interface ProductPrice {
  entity: Entity;
  price: string;
  currency: string | null;
}

/** Product entities that describe the same product but state different prices. */
export interface ProductConflict {
  /** What tied the entities together, e.g. `sku:123`, `gtin:4006381333931` or `name:blue mug`. */
  key: string;
  prices: ProductPrice[];
}
