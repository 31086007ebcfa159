/** Normalisation of type and property names across schema.org spellings. */

const SCHEMA_PREFIXES = ['http://schema.org/', 'https://schema.org/', 'http://www.schema.org/', 'https://www.schema.org/', 'schema:'];

// schema.org types the scanner looks at, to undo wrong casing seen in the wild (`product`, `Website`).
const KNOWN_TYPES = [
  'AggregateOffer',
  'AggregateRating',
  'Book',
  'Brand',
  'BreadcrumbList',
  'BusOrCoach',
  'Car',
  'CompoundPriceSpecification',
  'ContactPoint',
  'Corporation',
  'DefinedRegion',
  'DietarySupplement',
  'Drug',
  'Event',
  'ImageObject',
  'IndividualProduct',
  'ItemList',
  'ItemPage',
  'ListItem',
  'LocalBusiness',
  'MerchantReturnPolicy',
  'MonetaryAmount',
  'Motorcycle',
  'MotorizedBicycle',
  'Offer',
  'OfferShippingDetails',
  'OnlineBusiness',
  'OnlineStore',
  'Organization',
  'Person',
  'PostalAddress',
  'PriceSpecification',
  'Product',
  'ProductCollection',
  'ProductGroup',
  'ProductModel',
  'PropertyValue',
  'QuantitativeValue',
  'Rating',
  'Review',
  'SearchAction',
  'ShippingDeliveryTime',
  'SomeProducts',
  'Store',
  'Thing',
  'UnitPriceSpecification',
  'Vehicle',
  'WebPage',
  'WebSite',
];
const KNOWN_BY_LOWER = new Map(KNOWN_TYPES.map((t) => [t.toLowerCase(), t]));

/** Strips a schema.org prefix; returns null when the name is not in the schema.org namespace. */
function schemaLocalName(name: string): string | null {
  for (const prefix of SCHEMA_PREFIXES) {
    if (name.length > prefix.length && name.slice(0, prefix.length).toLowerCase() === prefix) {
      return name.slice(prefix.length);
    }
  }
  return null;
}

export function isSchemaOrgName(name: string): boolean {
  return schemaLocalName(name.trim()) !== null;
}

/** `http://schema.org/Product`, `schema:Product`, `product` -> `Product`; other IRIs unchanged. */
export function normaliseType(name: string): string {
  const trimmed = name.trim();
  const local = schemaLocalName(trimmed);
  const bare = local ?? (trimmed.includes(':') ? null : trimmed);
  if (bare === null) return trimmed;
  return KNOWN_BY_LOWER.get(bare.toLowerCase()) ?? bare;
}

/** `http://schema.org/price`, `schema:price` -> `price`; other names unchanged. */
export function normaliseProp(name: string): string {
  const trimmed = name.trim();
  return schemaLocalName(trimmed) ?? trimmed;
}

/**
 * Expands an RDFa term against the in-scope `vocab` before normalising:
 * `Product` with vocab `http://schema.org/` -> `Product`; CURIEs such as `og:title` are kept.
 */
export function expandTerm(term: string, vocab: string | null): string {
  if (term.includes(':') || vocab === null) return term;
  return vocab + term;
}
