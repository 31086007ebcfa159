import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isTag, type AnyNode } from 'domhandler';
import { aboutOtherProducts, MAX_PRICE_TEXT, notShown, PRICE_ELEMENTS, visiblePrices } from './visible-prices.js';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

// Prices a shopper does not pay now: crossed out, list or "was" prices, instalments, unit prices, savings, shipping.
const NOT_THE_PRICE =
  /old|was|strike|regular|compare|list-?price|before|original|rrp|uvp|msrp|crossed|previous|instal|monthly|per-?month|financ|unit-?price|per-?unit|base-?price|grundpreis|saving|save|discount|shipping|delivery|tax-?info|vat/i;
const INSTALMENT_TEXT =
  /\/\s*(?:mo|month|mes|monat|mois)\b|\bx\s*\d|\d\s*x\b|per month|a month|cuotas|raten|mensualit|rate da|parcelas|\bfrom\b|\bab\b|\bà partir de\b|\bdesde\b|\ba partire da\b|\bvanaf\b/i;
const STRUCK = 'del, s, strike';
/** Farther than this (elements in document order) from the title or the buy button is another part of the page. */
const MAX_DISTANCE = 400;

/**
 * The price a shopper reads as this product's price: among the page's price elements (not crossed
 * out, not a list, unit or instalment price, not another product's tile), the one nearest the
 * product's title (its h1) or buy button in document order, holding exactly one amount with a
 * currency mark. Null when the page has neither anchor, or nothing near it: a wrong price is worse
 * than none.
 */
export function mainPriceNearTitle($: CheerioAPI, buyButton: Element | null): { price: string; currency: string | null } | null {
  const title = elementsNamed($, 'h1').find((element) => !notShown(element)) ?? null;
  const anchors = [title, buyButton].filter((element): element is Element => element !== null);
  if (anchors.length === 0) return null;
  const order = documentOrder($);
  const anchorAt = anchors.map((anchor) => order.get(anchor) ?? 0);

  let best: { distance: number; price: string; currency: string | null } | null = null;
  for (const element of $(PRICE_ELEMENTS).toArray()) {
    const at = order.get(element);
    if (at === undefined) continue;
    const distance = Math.min(...anchorAt.map((anchor) => Math.abs(anchor - at)));
    if (distance > MAX_DISTANCE || (best && distance >= best.distance)) continue;
    if (!isSellingPriceElement($, element)) continue;
    const text = $(element).text().replace(/\s+/g, ' ').trim();
    if (text === '' || text.length > MAX_PRICE_TEXT || INSTALMENT_TEXT.test(text)) continue;
    const amounts = [...new Set(visiblePrices(text).map((price) => price.amount))];
    const shown = visiblePrices(text)[0];
    if (amounts.length !== 1 || !shown || shown.amount <= 0) continue;
    best = { distance, price: String(shown.amount), currency: shown.currency };
  }
  return best && { price: best.price, currency: best.currency };
}

function isSellingPriceElement($: CheerioAPI, element: Element): boolean {
  if (notShown(element) || struck(element) || $(element).find(STRUCK).length > 0) return false;
  const near = [element, ...$(element).parents().toArray().slice(0, 3)];
  if (near.some((node) => NOT_THE_PRICE.test(`${node.attribs.class ?? ''} ${node.attribs.id ?? ''}`))) return false;
  return !aboutOtherProducts(element);
}

const STRUCK_TAGS = new Set(['del', 's', 'strike']);

function struck(element: Element): boolean {
  for (let node: AnyNode | null = element; node !== null && isTag(node); node = node.parent) if (STRUCK_TAGS.has(node.name)) return true;
  return false;
}

/** Each element's position in document order, by one walk (cheaper than matching `*`). */
function documentOrder($: CheerioAPI): Map<Element, number> {
  const order = new Map<Element, number>();
  const root = $.root()[0];
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    order.set(node, order.size);
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return order;
}
