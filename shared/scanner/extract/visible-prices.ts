/** Amounts with a currency mark in a page's price elements: what a shopper reads as prices. */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { normaliseCurrency } from './currency.js';
import { normalisePrice, priceValue } from './price.js';
import { foldWhitespace } from '#shared/scanner/visible-text.js';

export interface VisiblePrice {
  amount: number;
  /** ISO 4217 code; null when the mark is ambiguous (`$`, `kr`). */
  currency: string | null;
  text: string;
}

// A grouped amount (1.299,00 / 1,299.00 / 1 299) or a plain one (1299.00 / 19,99).
const AMOUNT = String.raw`\d{1,3}(?:[.,'\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)`;
const MARK = String.raw`[A-Z]{0,3}\p{Sc}|\b[A-Z]{3}\b|zł|Kč|Ft|kr|lei|руб|грн|원|円`;
const PRICE = new RegExp(String.raw`(${MARK})?\s*(?<![\d.,])(${AMOUNT})\s*(${MARK})?`, 'gu');
const AMBIGUOUS = new Set(['$', 'kr']);
const MAX_PRICES = 300;
// Where themes put prices. Reading only these keeps shipping thresholds ("free over €50") and
// instalment amounts in the page copy out of the comparison.
export const PRICE_ELEMENTS = '[class*="price" i], [id*="price" i], [itemprop="price"], [data-price], [data-product-price]';
// A longer text is a container (a whole buy box), not a price.
export const MAX_PRICE_TEXT = 80;
// Recommendation widgets and page chrome show other products' prices.
const OTHER_PRODUCTS = /related|recommend|similar|also|viewed|upsell|cross-?sell|carousel|recs\b|bundle/i;
const CHROME = new Set(['header', 'footer', 'nav', 'aside']);

export function aboutOtherProducts(el: Element): boolean {
  for (let parent = el.parent; parent !== null && isTag(parent); parent = parent.parent) {
    if (CHROME.has(parent.name) || OTHER_PRODUCTS.test(`${parent.attribs.class ?? ''} ${parent.attribs.id ?? ''}`)) return true;
  }
  return false;
}

const NOT_SHOWN_TAGS = new Set(['script', 'style', 'template', 'noscript']);

/** Inside (or being) an element a shopper never sees: a script, style, template, noscript or [hidden]. */
export function notShown(el: Element): boolean {
  for (let node: AnyNode | null = el; node !== null && isTag(node); node = node.parent) {
    if (NOT_SHOWN_TAGS.has(node.name) || node.attribs.hidden !== undefined) return true;
  }
  return false;
}

function currencyOf(mark: string): string | null | undefined {
  if (AMBIGUOUS.has(mark.toLowerCase())) return null;
  const code = normaliseCurrency(mark);
  if (code !== null) return code;
  // A currency sign the normaliser does not pin to one currency is still a price mark.
  return /\p{Sc}/u.test(mark) ? null : undefined;
}

export function visiblePrices(text: string): VisiblePrice[] {
  const found: VisiblePrice[] = [];
  for (const match of text.matchAll(PRICE)) {
    if (found.length >= MAX_PRICES) break;
    const [whole, before, digits, after] = match;
    const marks = [before, after]
      .filter((m): m is string => m !== undefined)
      .map(currencyOf)
      .filter((c) => c !== undefined);
    // A leading sign keeps `24.990` from being read as machine form: on a page it is 24990.
    const amount = priceValue(normalisePrice(`¤${digits ?? ''}`));
    if (marks.length === 0 || amount === null) continue;
    found.push({ amount, currency: marks.find((c) => c !== null) ?? null, text: whole.trim() });
  }
  return found;
}

/** The prices shown in the page's own price elements (class or id naming "price", itemprop=price), outside recommendation widgets. */
export function pricesShown($: CheerioAPI): VisiblePrice[] {
  const texts = new Set<string>();
  for (const el of $(PRICE_ELEMENTS).toArray()) {
    if (texts.size >= MAX_PRICES || notShown(el) || aboutOtherProducts(el)) continue;
    const text = foldWhitespace($.text([el]));
    if (text !== '' && text.length <= MAX_PRICE_TEXT) texts.add(text);
  }
  return [...texts].flatMap(visiblePrices);
}

/** Within 1% of each other. */
export function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b));
}
