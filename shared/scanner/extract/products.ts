/** Finding products, organisations and sites among a page's entities, for the product checks. */
import { entityValues, firstText, hasType, isEntity } from './entity.js';
import { normaliseGtin } from './gtin.js';
import { OFFER_TYPES, isProductLike, offerCandidates, pickBest, variantsOf } from './offers.js';
import { priceValue } from './price.js';
import type { Entity, ProductConflict, ProductPrice, StructuredData } from './types.js';

export const ORGANIZATION_TYPES: ReadonlySet<string> = new Set([
  'Organization',
  'Corporation',
  'OnlineBusiness',
  'OnlineStore',
  'LocalBusiness',
  'Store',
]);
const WEBSITE_TYPES: ReadonlySet<string> = new Set(['WebSite']);
const GTIN_PROPS = ['gtin', 'gtin14', 'gtin13', 'gtin12', 'gtin8', 'isbn'];
const MAX_COMPARED_PRODUCTS = 200;

/** Entities from every entity-based syntax, in priority order: JSON-LD, microdata, RDFa. */
export function allEntities(data: StructuredData): Entity[] {
  return [...data.jsonLd.entities, ...data.microdata, ...data.rdfa];
}

/** Every Product-like entity (Product, ProductGroup, Vehicle, ...), JSON-LD first. */
export function findProducts(data: StructuredData): Entity[] {
  return allEntities(data).filter(isProductLike);
}

/** Organization / OnlineStore / LocalBusiness / Store entities, including nested ones (e.g. `seller`). */
export function findOrganizations(data: StructuredData): Entity[] {
  return allEntities(data).filter((e) => hasType(e, ORGANIZATION_TYPES));
}

export function findWebSites(data: StructuredData): Entity[] {
  return allEntities(data).filter((e) => hasType(e, WEBSITE_TYPES));
}

export function gtinOf(entity: Entity): string | null {
  return normaliseGtin(firstText(entity, ...GTIN_PROPS));
}

function sellsSomething(entity: Entity): boolean {
  return !hasType(entity, OFFER_TYPES) && entityValues(entity, 'offers').some((o) => hasType(o, OFFER_TYPES));
}

/**
 * The product a page is about, among entities of one syntax: Product-like entities only.
 * Products that another product refers to (variants, related items) are skipped when a root
 * exists; a WebPage's `mainEntity` comes first; then the first candidate with a priced offer wins.
 */
export function mainProduct(entities: readonly Entity[]): Entity | null {
  return mainAmong(entities.filter(isProductLike), entities);
}

/** Like `mainProduct`, for pages without a Product: anything else sold through an Offer (an Event, a Book). */
export function mainOfferedItem(entities: readonly Entity[]): Entity | null {
  return mainAmong(entities.filter(sellsSomething), entities);
}

function mainAmong(pool: readonly Entity[], entities: readonly Entity[]): Entity | null {
  if (pool.length === 0) return null;
  const referenced = new Set<Entity>();
  const mainEntities = new Set<Entity>();
  for (const e of entities) {
    for (const [name, list] of Object.entries(e.props)) {
      for (const v of list) {
        if (!isEntity(v) || v === e) continue;
        if (name === 'mainEntity') mainEntities.add(v);
        else if (isProductLike(e) && isProductLike(v)) referenced.add(v);
      }
    }
  }
  const roots = pool.filter((p) => !referenced.has(p));
  const ordered = roots.length > 0 ? roots : pool;
  const preferred = [...ordered.filter((p) => mainEntities.has(p)), ...ordered.filter((p) => !mainEntities.has(p))];
  return preferred.find((p) => offerCandidates(p, entities).some((c) => c.price !== null)) ?? preferred[0] ?? null;
}

function normalisedName(entity: Entity): string | null {
  return firstText(entity, 'name')?.toLowerCase().replace(/\s+/g, ' ') ?? null;
}

/** Other root products with the same name: one block per size/colour, as some shops emit. */
export function implicitVariants(main: Entity, entities: readonly Entity[]): Entity[] {
  const name = normalisedName(main);
  if (name === null) return [];
  return entities.filter((e) => e !== main && isProductLike(e) && normalisedName(e) === name && !variantOfAnother(e, entities));
}

function variantOfAnother(product: Entity, entities: readonly Entity[]): boolean {
  return entities.some((e) => e !== product && entityValues(e, 'hasVariant').includes(product));
}

interface PricedProduct extends ProductPrice {
  sku: string | null;
  gtin: string | null;
  name: string | null;
}

function sameProduct(a: PricedProduct, b: PricedProduct): boolean {
  if (a.sku !== null && a.sku === b.sku) return true;
  if (a.gtin !== null && a.gtin === b.gtin) return true;
  if ((a.sku !== null && b.sku !== null) || (a.gtin !== null && b.gtin !== null)) return false;
  return a.name !== null && a.name === b.name;
}

function identityKey(p: PricedProduct): string {
  if (p.sku !== null) return `sku:${p.sku}`;
  if (p.gtin !== null) return `gtin:${p.gtin}`;
  return `name:${p.name ?? ''}`;
}

/**
 * Product blocks that describe the same product (same sku or GTIN; else same name when neither
 * states a sku/GTIN) but state different prices or currencies, within or across JSON-LD, microdata
 * and RDFa. Open Graph holds no entities and is not compared here.
 * Product groups are left out: their price comes from their variants, which are compared instead.
 */
export function findConflictingProducts(data: StructuredData): ProductConflict[] {
  const sources = [data.jsonLd.entities, data.microdata, data.rdfa];
  const priced: PricedProduct[] = [];
  for (const entities of sources) {
    for (const entity of entities.filter((e) => isProductLike(e) && variantsOf(e, entities).length === 0)) {
      if (priced.length >= MAX_COMPARED_PRODUCTS) break;
      const best = pickBest(offerCandidates(entity, entities));
      if (best?.price == null) continue;
      priced.push({
        entity,
        price: best.price,
        currency: best.currency,
        sku: firstText(entity, 'sku')?.toLowerCase() ?? null,
        gtin: gtinOf(entity),
        name: normalisedName(entity),
      });
    }
  }

  const groupOf = priced.map((_, i) => i);
  const find = (i: number): number => {
    while (groupOf[i] !== i) i = groupOf[i] ?? i;
    return i;
  };
  for (let i = 0; i < priced.length; i++) {
    for (let j = i + 1; j < priced.length; j++) {
      const a = priced[i];
      const b = priced[j];
      if (a !== undefined && b !== undefined && sameProduct(a, b)) groupOf[find(j)] = find(i);
    }
  }

  const groups = new Map<number, PricedProduct[]>();
  priced.forEach((p, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), p]);
  });
  const conflicts: ProductConflict[] = [];
  for (const members of groups.values()) {
    const first = members[0];
    if (first === undefined || members.length < 2) continue;
    const amounts = new Set(members.map((m) => priceValue(m.price)));
    const currencies = new Set(members.map((m) => m.currency).filter((c) => c !== null));
    if (amounts.size > 1 || currencies.size > 1) {
      conflicts.push({
        key: identityKey(first),
        prices: members.map(({ entity, price, currency }) => ({ entity, price, currency })),
      });
    }
  }
  return conflicts;
}
