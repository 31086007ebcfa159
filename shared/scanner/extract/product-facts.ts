/** "What agents see": the product facts a page exposes in structured data. */
import { normaliseAvailability } from './availability.js';
import { normaliseCurrency } from './currency.js';
import { resolveUrl } from './dom.js';
import { firstText, isEntity, values } from './entity.js';
import { gtinOf, implicitVariants, mainOfferedItem, mainProduct } from './products.js';
import { normaliseGtin } from './gtin.js';
import { offerCandidates, pickBest } from './offers.js';
import { sellingPrice } from './price.js';
import {
  FACT_FIELDS,
  type Entity,
  type EntitySource,
  type FactField,
  type FactSource,
  type ProductFacts,
  type StructuredData,
} from './types.js';

type Fields = Omit<ProductFacts, 'source' | 'sources'>;
/** How each markup syntax is named where a field says where it was read. */
const FIELD_SOURCE: Record<EntitySource, FactSource> = {
  'json-ld': 'json-ld',
  microdata: 'microdata',
  rdfa: 'rdfa',
  opengraph: 'open-graph',
};

function firstOf<T>(entities: readonly (Entity | null)[], read: (e: Entity) => T | null): T | null {
  for (const e of entities) {
    if (e === null) continue;
    const value = read(e);
    if (value !== null) return value;
  }
  return null;
}

function brandOf(entity: Entity): string | null {
  for (const v of values(entity, 'brand')) {
    const name = isEntity(v) ? firstText(v, 'name') : typeof v === 'string' ? v.trim() || null : null;
    if (name !== null) return name;
  }
  return null;
}

function imageOf(entity: Entity, pageUrl: string): string | null {
  for (const v of values(entity, 'image')) {
    const raw = isEntity(v) ? firstText(v, 'url', 'contentUrl') : typeof v === 'string' ? v : null;
    const url = raw === null ? null : resolveUrl(raw, pageUrl);
    if (url !== null) return url;
  }
  return null;
}

function entityFacts(entities: readonly Entity[], pageUrl: string, offeredItems: boolean): Fields | null {
  const main = offeredItems ? mainOfferedItem(entities) : mainProduct(entities);
  if (main === null) return null;
  const chosen = pickBest(offerCandidates(main, entities, implicitVariants(main, entities)));
  // Descriptive fields come from the variant that owns the chosen offer, then the main product;
  // but the name is the product's (a ProductGroup's name, as its page's title shows it), not the
  // variant's ("Merino Crew Base Layer", not "Merino Crew Base Layer - S").
  const owners = [chosen?.owner ?? null, main];
  return {
    name: firstOf([main, chosen?.owner ?? null], (e) => firstText(e, 'name')),
    price: chosen?.price ?? null,
    invalidPrice: chosen?.invalidPrice ?? null,
    currency: chosen?.currency ?? null,
    availability: chosen?.availability ?? null,
    sku: firstOf([...owners, chosen?.offer ?? null], (e) => firstText(e, 'sku')),
    gtin: firstOf([...owners, chosen?.offer ?? null], gtinOf),
    mpn: firstOf([...owners, chosen?.offer ?? null], (e) => firstText(e, 'mpn')),
    brand: firstOf(owners, brandOf),
    image: firstOf([...owners, chosen?.offer ?? null], (e) => imageOf(e, pageUrl)),
  };
}

function openGraphFacts(og: Record<string, string[]>, pageUrl: string): Fields | null {
  const first = (...keys: string[]): string | null => {
    for (const key of keys) {
      const value = og[key]?.[0];
      if (value !== undefined) return value;
    }
    return null;
  };
  const type = first('og:type');
  const rawPrice = first('product:price:amount', 'og:price:amount', 'product:sale_price:amount', 'og:price');
  if (!(type !== null && /product/i.test(type)) && rawPrice === null) return null;
  const image = first('og:image', 'og:image:url', 'og:image:secure_url');
  const price = sellingPrice(rawPrice);
  return {
    name: first('og:title'),
    price: price.price,
    invalidPrice: price.invalid,
    // `og:price` is sometimes a display string such as "30,000원~": its symbol is the currency.
    currency:
      normaliseCurrency(first('product:price:currency', 'og:price:currency', 'product:sale_price:currency')) ?? normaliseCurrency(rawPrice),
    availability: normaliseAvailability(first('product:availability', 'og:availability')),
    sku: first('product:retailer_item_id', 'product:sku'),
    gtin: normaliseGtin(first('product:gtin', 'product:ean', 'product:upc', 'product:isbn')),
    mpn: first('product:mfr_part_no'),
    brand: first('product:brand', 'og:brand'),
    image: image === null ? null : resolveUrl(image, pageUrl),
  };
}

/**
 * The facts an agent reads from a product page, or null when no syntax describes a product.
 *
 * Decision: the best syntax that describes a product wins (JSON-LD, then microdata, RDFa, Open
 * Graph) and names `source`; a field it leaves null is filled from the next syntaxes in the same
 * order. An agent reads all the markup on the page, so a price that is only in Open Graph is still
 * a price it sees; but a field the best syntax does state is never overridden, which keeps
 * disagreements between syntaxes visible to the consistency check instead of hiding them here.
 * Only when no syntax has a Product (or og:type product) do other things sold through an Offer
 * count, such as an Event's tickets.
 */
export function productFacts(data: StructuredData, pageUrl: string): ProductFacts | null {
  const syntaxes: [EntitySource, Entity[]][] = [
    ['json-ld', data.jsonLd.entities],
    ['microdata', data.microdata],
    ['rdfa', data.rdfa],
  ];
  let found = collect([
    ...syntaxes.map(([source, entities]) => [source, entityFacts(entities, pageUrl, false)] as const),
    ['opengraph', openGraphFacts(data.openGraph, pageUrl)],
  ]);
  if (found.length === 0) {
    found = collect(syntaxes.map(([source, entities]) => [source, entityFacts(entities, pageUrl, true)] as const));
  }
  const best = found[0];
  if (best === undefined) return null;
  const facts: ProductFacts = {
    ...best[1],
    source: best[0],
    sources: Object.fromEntries(FACT_FIELDS.map((field) => [field, null])) as ProductFacts['sources'],
  };
  for (const field of FACT_FIELDS) {
    const from = found.find(([, fields]) => fields[field] !== null);
    if (from === undefined) continue;
    setField(facts, field, from[1][field]);
    facts.sources[field] = FIELD_SOURCE[from[0]];
  }
  // A markup error is worth reporting only while no syntax states a real price.
  facts.invalidPrice =
    facts.price === null ? (found.map(([, fields]) => fields.invalidPrice).find((value) => value !== null) ?? null) : null;
  return facts;
}

function setField<K extends FactField>(facts: Fields, field: K, value: Fields[K]): void {
  facts[field] = value;
}

function collect(entries: readonly (readonly [EntitySource, Fields | null])[]): [EntitySource, Fields][] {
  return entries.filter((entry): entry is readonly [EntitySource, Fields] => entry[1] !== null).map(([s, f]) => [s, f]);
}
