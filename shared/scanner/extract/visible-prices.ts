/** Amounts with a currency mark in a page's price elements: what a shopper reads as prices. */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { amountsIn } from './price-conventions.js';
import { boxTexts } from './price-box.js';

export interface VisiblePrice {
  amount: number;
  /** ISO 4217 code; null when the mark is ambiguous (`$`, `kr`). */
  currency: string | null;
  text: string;
}

const MAX_PRICES = 300;
// Where themes put prices. Reading only these keeps shipping thresholds ("free over €50") and
// instalment amounts in the page copy out of the comparison.
export const PRICE_ELEMENTS = '[class*="price" i], [id*="price" i], [itemprop="price"], [data-price], [data-product-price]';
// A longer text is a container (a whole buy box), not a price.
export const MAX_PRICE_TEXT = 80;
// Recommendation widgets and page chrome show other products' prices.
export const OTHER_PRODUCTS = /related|recommend|similar|also|viewed|upsell|cross-?sell|carousel|recs\b|bundle/i;
export const CHROME = new Set(['header', 'footer', 'nav', 'aside']);

/** Inside page chrome (`chrome`: by default header, footer, nav and aside) or a recommendation widget. */
export function aboutOtherProducts(el: Element, chrome: ReadonlySet<string> = CHROME): boolean {
  for (let parent = el.parent; parent !== null && isTag(parent); parent = parent.parent) {
    if (chrome.has(parent.name) || OTHER_PRODUCTS.test(`${parent.attribs.class ?? ''} ${parent.attribs.id ?? ''}`)) return true;
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

/**
 * The amounts with a currency mark in a text (price-conventions.ts `amountsIn`, without a page's
 * language): `$` and `kr` leave the currency open.
 */
export function visiblePrices(text: string): VisiblePrice[] {
  return amountsIn(text).map(({ amount, currency, text: shown }) => ({ amount, currency, text: shown }));
}

/**
 * The prices shown in the page's own price elements (class or id naming "price", itemprop=price), outside
 * recommendation widgets, read as price boxes (price-box.ts): text of separate elements kept apart and
 * cents set apart joined (`173<sup>34</sup> Lei` is 173.34), current and list prices alike.
 */
export function pricesShown($: CheerioAPI): VisiblePrice[] {
  const texts = new Set<string>();
  for (const el of $(PRICE_ELEMENTS).toArray()) {
    if (texts.size >= MAX_PRICES || notShown(el) || aboutOtherProducts(el)) continue;
    const box = boxTexts(el, MAX_PRICE_TEXT);
    if (box === null) continue;
    for (const text of Object.values(box)) if (text.trim() !== '') texts.add(text);
  }
  return [...texts].flatMap(visiblePrices);
}

/** Within 1% of each other. */
export function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b));
}
