/** Availability normalisation to schema.org ItemAvailability short names. */

export const AVAILABILITY_VALUES = [
  'InStock',
  'OutOfStock',
  'PreOrder',
  'BackOrder',
  'Discontinued',
  'InStoreOnly',
  'LimitedAvailability',
  'OnlineOnly',
  'SoldOut',
  'PreSale',
  'Reserved',
  'MadeToOrder',
] as const;

export type Availability = (typeof AVAILABILITY_VALUES)[number];

const BY_KEY: ReadonlyMap<string, Availability> = new Map<string, Availability>([
  ...AVAILABILITY_VALUES.map((v) => [v.toLowerCase(), v] as const),
  // Open Graph / Facebook catalog spellings, once spaces, `_` and `-` are removed.
  ['oos', 'OutOfStock'],
  ['available', 'InStock'],
]);

/**
 * `http://schema.org/InStock`, `https://schema.org/InStock`, `schema:InStock`, `instock`,
 * `in stock`, `in_stock`, `oos`, `out of stock`, `preorder` -> the schema.org short name; else null.
 */
export function normaliseAvailability(value: unknown): Availability | null {
  if (typeof value !== 'string') return null;
  let text = value.trim();
  if (text.length > 200) return null;
  text = text.replace(/\/+$/, '');
  const slash = text.lastIndexOf('/');
  if (slash !== -1) text = text.slice(slash + 1);
  else if (/^schema:/i.test(text)) text = text.slice('schema:'.length);
  const key = text.toLowerCase().replace(/[\s_-]+/g, '');
  return BY_KEY.get(key) ?? null;
}

// Higher is better for a buyer; used to pick the offer an agent would act on.
const RANK: Record<Availability, number> = {
  InStock: 5,
  LimitedAvailability: 4,
  OnlineOnly: 4,
  InStoreOnly: 4,
  PreOrder: 3,
  PreSale: 3,
  BackOrder: 3,
  MadeToOrder: 3,
  OutOfStock: 1,
  SoldOut: 1,
  Discontinued: 1,
  Reserved: 1,
};

/** Unknown availability ranks between "can be ordered somehow" and "cannot be bought". */
export function availabilityRank(value: Availability | null): number {
  return value === null ? 2 : RANK[value];
}
