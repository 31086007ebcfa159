import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { aboutOtherProducts, notShown } from './visible-prices.js';
import type { Availability } from './availability.js';
import { normaliseGtin, isValidGtin } from './gtin.js';
import { FACT_FIELDS, type FactField, type ProductFacts } from './types.js';
import { mainPriceNearTitle } from './text-price.js';

/** What the visible page states without markup: the fields an agent reading the text would take. */
export interface TextFacts {
  price?: string;
  currency?: string;
  availability?: Availability;
  sku?: string;
  gtin?: string;
  mpn?: string;
}

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

// Availability phrases, each language's usual shop wording; "back in stock" is about the future.
// Only wording about stock: "not available" alone is as often about an image, a video or a store.
const OUT_OF_STOCK = new RegExp(
  String.raw`(?<![\p{L}])(?:currently unavailable|out of stock|sold out|no longer available|temporarily unavailable|` +
    String.raw`nicht (?:mehr )?(?:lieferbar|auf lager|vorrätig)|ausverkauft|derzeit nicht (?:lieferbar|verfügbar)|vergriffen|` +
    String.raw`épuisée?|rupture de stock|plus disponible|` +
    String.raw`agotado|sin stock|sin existencias|` +
    String.raw`esaurito|non disponibile in magazzino|` +
    String.raw`uitverkocht|niet (?:meer )?(?:leverbaar|op voorraad)|` +
    String.raw`esgotado|sem estoque|fora de estoque|` +
    String.raw`wyprzedany|brak w magazynie|brak towaru|` +
    String.raw`vypredané|nie je skladom)(?![\p{L}])`,
  'iu',
);
const IN_STOCK = new RegExp(
  String.raw`(?<![\p{L}])(?<!back )(?:in stock|available now|ready to ship|` +
    String.raw`auf lager|sofort lieferbar|lieferbar|sofort verfügbar|` +
    String.raw`en stock|disponible immédiatement|` +
    String.raw`en existencia|disponible|` +
    String.raw`disponibile|` +
    String.raw`op voorraad|direct leverbaar|` +
    String.raw`em estoque|disponível|` +
    String.raw`dostępny|na stanie|w magazynie|` +
    String.raw`skladom|na sklade|skladem)(?![\p{L}])`,
  'iu',
);
const BUY_WORDS =
  /\b(add to (?:cart|basket|bag|trolley)|buy now|buy it now|in den warenkorb|jetzt kaufen|ajouter au panier|acheter|añadir al carrito|añadir a la cesta|comprar|aggiungi al carrello|acquista|in (?:de )?winkelwagen|adicionar ao carrinho|dodaj do koszyka|kup teraz|do košíka|vložit do košíku|do koszyka|в корзину|купить)\b/iu;
const BUY_ATTRIBUTES = /add-?to-?cart|addtocart|add_to_cart|add-?to-?basket|buy-?now|buy-?button/i;
const BUY_CANDIDATES = [
  'button',
  'input[type="submit"]',
  'input[type="button"]',
  '[role="button"]',
  ...['cart', 'basket', 'buy'].flatMap((word) => [`a[class*="${word}" i]`, `a[id*="${word}" i]`]),
].join(', ');

/**
 * The facts a reader of the page takes from its visible text where no markup states them, with high
 * precision: the main price by the product's title and buy button (text-price.ts), availability from
 * the page's wording or an enabled buy button, and identifiers only where a label names them.
 */
export function textFacts($: CheerioAPI, visibleText: string, wanted: ReadonlySet<FactField>): TextFacts {
  const facts: TextFacts = {};
  const buyButton = wanted.has('price') || wanted.has('availability') ? findBuyButton($) : null;
  if (wanted.has('price')) {
    const price = mainPriceNearTitle($, buyButton);
    if (price) {
      facts.price = price.price;
      if (price.currency) facts.currency = price.currency;
    }
  }
  if (wanted.has('availability')) {
    const availability = availabilityFromText(visibleText, buyButton);
    if (availability) facts.availability = availability;
  }
  if (wanted.has('mpn')) {
    const mpn = MPN_LABELS.exec(visibleText)?.[1];
    if (mpn) facts.mpn = mpn;
  }
  if (wanted.has('gtin')) {
    const gtin = normaliseGtin(GTIN_LABELS.exec(visibleText)?.[1] ?? null);
    if (gtin && isValidGtin(gtin)) facts.gtin = gtin;
  }
  if (wanted.has('sku')) {
    const sku = SKU_LABELS.exec(visibleText)?.[1];
    if (sku && sku !== facts.mpn && sku !== facts.gtin) facts.sku = sku;
  }
  return facts;
}

function availabilityFromText(text: string, buyButton: Element | null): Availability | null {
  if (buyButton && !isDisabled(buyButton)) return 'InStock';
  const out = OUT_OF_STOCK.exec(text);
  const inStock = IN_STOCK.exec(text);
  if (out && (!inStock || out.index < inStock.index)) return 'OutOfStock';
  if (inStock) return 'InStock';
  return null;
}

function isDisabled(button: Element): boolean {
  return (
    button.attribs.disabled !== undefined || button.attribs['aria-disabled'] === 'true' || /\bdisabled\b/i.test(button.attribs.class ?? '')
  );
}

/** The page's own buy button: named like one (text, value, id, name or class), outside the page chrome and other products' tiles. */
export function findBuyButton($: CheerioAPI): Element | null {
  for (const element of $(BUY_CANDIDATES).toArray() as Element[]) {
    const attributes = `${element.attribs.id ?? ''} ${element.attribs.name ?? ''} ${element.attribs.class ?? ''}`;
    const text = element.name === 'input' ? (element.attribs.value ?? '') : $(element).text();
    if (!BUY_WORDS.test(text) && !BUY_ATTRIBUTES.test(attributes)) continue;
    if (notShown(element) || ariaHidden(element) || aboutOtherProducts(element)) continue;
    return element;
  }
  return null;
}

/**
 * The markup's facts with the fields it leaves empty filled from the visible text, each labelled
 * `text`; the text never overrides a value the markup states.
 */
export function withTextFacts(markup: ProductFacts | null, text: TextFacts, visibleText: string): ProductFacts | null {
  const found = Object.entries(text).filter(([, value]) => value !== undefined) as Array<[FactField, string]>;
  if (found.length === 0) return markup;
  const facts: ProductFacts = markup ? { ...markup, sources: { ...markup.sources } } : { ...emptyFacts(), source: 'text' };
  for (const [field, value] of found) {
    if (facts[field] !== null && !(field === 'sku' && hiddenCode(facts.sku, value, visibleText))) continue;
    (facts as Record<FactField, string | null>)[field] = value;
    facts.sources[field] = 'text';
  }
  // A price read from the text comes with the currency it was shown in, never one the markup pairs with nothing.
  if (facts.sources.price === 'text' && facts.sources.currency !== 'text') {
    facts.currency = text.currency ?? null;
    facts.sources.currency = text.currency ? 'text' : null;
  }
  return facts;
}

/**
 * The one exception to "markup first": a product code the page labels for shoppers ("Product code:
 * 83810610") is the one people and agents quote, so it replaces a markup `sku` the page never shows.
 */
function hiddenCode(markupSku: string | null, labelled: string, visibleText: string): boolean {
  return markupSku !== null && markupSku !== labelled && !visibleText.includes(markupSku);
}

/** The fields an agent would still look for in the text: those the markup leaves empty, and the product code it may label. */
export function missingFields(markup: ProductFacts | null): Set<FactField> {
  return new Set(FACT_FIELDS.filter((field) => field === 'sku' || (markup?.[field] ?? null) === null));
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

function ariaHidden(element: Element): boolean {
  for (let node: AnyNode | null = element; node !== null && isTag(node); node = node.parent)
    if (node.attribs['aria-hidden'] === 'true') return true;
  return false;
}
