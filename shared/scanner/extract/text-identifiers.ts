/** Product identifiers a page shows behind a label ("SKU: 123", "Art.-Nr. 123", "EAN 4006381333931"). */
import { isValidGtin, normaliseGtin } from './gtin.js';
import type { FactField } from './types.js';

// An identifier: letters, digits and a few joiners, with at least one digit (so a label's next word is not taken).
const ID = String.raw`((?=[A-Z0-9./_-]*\d)[A-Z0-9](?:[A-Z0-9]|[-./_](?=[A-Z0-9])){2,39})`;
// The label ends in a colon, a number sign or a space before the identifier ("SKU: 123", "Art.-Nr. 123", "ASIN B07...").
const LABEL_END = String.raw`\.?(?:\s*(?:n[°o]\.?|nr\.?|no\.?))?(?:\s*[:#：]\s*|\s+)`;
const label = (words: string) => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${words})${LABEL_END}${ID}(?![\p{L}\p{N}])`, 'iu');

/** Labels in the languages the scanner reads, most specific first (a "manufacturer part number" is not the shop's SKU). */
const MPN_LABELS = label(
  [
    'manufacturer part number',
    'mfr\\.? part (?:number|no)',
    'mpn',
    'part number',
    'item model number',
    'model number',
    'herstellernummer',
    'hersteller-?nr',
    'herstellerartikelnummer',
    'référence fabricant',
    'ref\\.? fabricant',
    'número de pieza del fabricante',
    'referencia del fabricante',
    'codice produttore',
    'numero parte produttore',
    'fabrikantcode',
    'artikelnummer fabrikant',
    'código do fabricante',
    'kod producenta',
    'numer części producenta',
    'kód výrobcu',
  ].join('|'),
);
const GTIN_LABELS = label(
  [
    'gtin(?:-?1[34]|-?8)?',
    'ean(?:-?13|-?8)?(?: code)?',
    'upc',
    'isbn(?:-?1[03])?',
    'barcode',
    'kod ean',
    'código ean',
    'código de barras',
    'codice ean',
    'streepjescode',
  ].join('|'),
);
const SKU_LABELS = label(
  [
    'sku',
    'asin',
    'item (?:number|no|#)',
    'item id',
    'article number',
    'art\\.?-?(?:nr|no)',
    'artikelnummer',
    'artikel-?nr',
    'artikelcode',
    'product (?:code|number|id)',
    'productcode',
    'produktnummer',
    'produkt-?nr',
    'référence',
    'réf',
    'code article',
    'numéro d.article',
    'referencia',
    'ref',
    'código(?: de producto| del artículo)?',
    'codice(?: articolo| prodotto)?',
    'cod\\.? art',
    'referência',
    'kod produktu',
    'numer katalogowy',
    'indeks',
    'katalógové číslo',
    'kód produktu',
    'catalog(?:ue)? number',
    'item code',
  ].join('|'),
);

/** The identifiers the visible text labels, of those wanted; a SKU that repeats the MPN or GTIN is not a SKU. */
export function identifiersFromText(visibleText: string, wanted: ReadonlySet<FactField>): { sku?: string; gtin?: string; mpn?: string } {
  const found: { sku?: string; gtin?: string; mpn?: string } = {};
  if (wanted.has('mpn')) {
    const mpn = MPN_LABELS.exec(visibleText)?.[1];
    if (mpn) found.mpn = mpn;
  }
  if (wanted.has('gtin')) {
    const gtin = normaliseGtin(GTIN_LABELS.exec(visibleText)?.[1] ?? null);
    if (gtin && isValidGtin(gtin)) found.gtin = gtin;
  }
  if (wanted.has('sku')) {
    const sku = SKU_LABELS.exec(visibleText)?.[1];
    if (sku && sku !== found.mpn && sku !== found.gtin) found.sku = sku;
  }
  return found;
}
