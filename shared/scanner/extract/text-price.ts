import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isTag, type AnyNode } from 'domhandler';
import { mainHeading } from './main-heading.js';
import { pageLanguage } from './page-language.js';
import { boundedText, classWords, LIST_CLASS, TEST_IDS, OTHER_CLASS, readPriceBox, type BoxReading } from './price-box.js';
import { amountsIn, conventionsOf, type PriceConventions } from './price-conventions.js';
import { aboutOtherProductsBelow, ancestorsOf, inProductTile, relatedHeadingPositions } from './related-products.js';
import { MAX_PRICE_TEXT, notShown } from './visible-prices.js';

export interface MainPrice {
  /** The amount to pay now (the sale price when the page shows a list price beside it), as a plain decimal. */
  price: string;
  currency: string | null;
  /** The crossed-out, "was" or RRP price shown beside it, when higher. */
  listPrice: string | null;
}

/** Farther than this (elements in document order) from the title or the buy button is another part of the page. */
const MAX_DISTANCE = 400;
/** A title and buy button farther apart than this do not frame one buy box. */
const MAX_BUY_BOX = 250;
const STRUCK_TAGS = new Set(['del', 's', 'strike']);
// A text holding only an amount and its mark: a price element whatever its class says.
const PRICE_ONLY =
  /^[^\d\p{L}]{0,3}\p{L}{0,4}\.?\s?\d[\d.,'’\s\u00a0\u202f-]*\s?\p{L}{0,4}\.?$|^[^\d]{0,3}\d[\d.,'’\s\u00a0\u202f-]*[^\d]{0,3}$/u;

interface Page {
  $: CheerioAPI;
  conventions: PriceConventions;
  order: Map<Element, number>;
  anchorAncestors: Set<AnyNode>;
  cards: WeakMap<Element, boolean>;
  /** Where a section about other products starts, after the title. */
  relatedFrom: number;
}

type Reading = { price: number; currency: string | null; list: number | null } | 'ambiguous' | null;

/**
 * The price a shopper reads as this product's price, near its title (h1) and buy button: the first
 * price element between the two, else the nearest one; each read as a price box (the sale price
 * apart from a crossed-out or "was" list price; instalment, unit, saving, shipping and "from" amounts
 * left out), in the number conventions of the page's language. Prices of other products (tiles,
 * carousels, "customers also bought") are never taken. Null when unsure: a wrong price is worse than none.
 */
export function mainPriceNearTitle($: CheerioAPI, buyButton: Element | null): MainPrice | null {
  const title = mainHeading($);
  const anchors = [title, buyButton].filter((element): element is Element => element !== null);
  if (anchors.length === 0) return null;
  const { order, priceElements: elements } = documentOrder($);
  const anchorAt = anchors.map((anchor) => order.get(anchor) ?? 0);
  const titleAt = title ? (order.get(title) ?? 0) : null;
  const buyAt = buyButton ? (order.get(buyButton) ?? 0) : null;
  const base = titleAt ?? buyAt ?? 0;
  const page: Page = {
    $,
    conventions: conventionsOf(pageLanguage($)),
    order,
    anchorAncestors: ancestorsOf(anchors),
    cards: new WeakMap(),
    relatedFrom: relatedHeadingPositions($, order).find((at) => at > base) ?? Infinity,
  };

  const framed = titleAt !== null && buyAt !== null && titleAt < buyAt && buyAt - titleAt <= MAX_BUY_BOX;
  const ambiguous = new Set<Element>();

  // The buy box between title and button, in reading order.
  if (framed)
    for (const { element, at } of elements) {
      if (at <= titleAt || at > buyAt) continue;
      const found = readCandidate(page, element, at, ambiguous);
      if (found) return found;
    }

  let best: { distance: number; found: MainPrice } | null = null;
  for (const { element, at } of elements) {
    const distance = Math.min(...anchorAt.map((anchor) => Math.abs(anchor - at)));
    if (distance > MAX_DISTANCE || (best && distance >= best.distance)) continue;
    const found = readCandidate(page, element, at, ambiguous);
    if (found) best = { distance, found };
  }
  if (best) return best.found;
  return framed ? unlabelledPriceInBuyBox(page, titleAt, buyAt) : null;
}

function readCandidate(page: Page, element: Element, at: number, ambiguous: Set<Element>): MainPrice | null {
  if (under(element, ambiguous)) return null;
  const reading = readElement(page, element, at);
  if (reading === 'ambiguous') ambiguous.add(element);
  if (reading === null || reading === 'ambiguous') return null;
  const list = reading.list ?? listBeside(page, element, reading.price);
  return { price: String(reading.price), currency: reading.currency, listPrice: list === null ? null : String(list) };
}

function readElement(page: Page, element: Element, at: number): Reading {
  if (!sellingPlace(page, element, at)) return null;
  return decide(readPriceBox(element, page.conventions, MAX_PRICE_TEXT));
}

function decide(box: BoxReading | null): Reading {
  if (box === null || box.selling.length === 0) return null;
  if (box.selling.length > 1) return 'ambiguous';
  const shown = box.selling[0]!;
  const list = box.list.filter((amount) => amount > shown.amount);
  return { price: shown.amount, currency: shown.currency, list: list.length > 0 ? Math.max(...list) : null };
}

/** Not crossed out, not a list, instalment, unit or shipping price by its class, not another product's. */
function sellingPlace(page: Page, element: Element, at: number): boolean {
  if (at > page.relatedFrom || notShown(element) || struck(element)) return false;
  const near = [element, ...page.$(element).parents().toArray().slice(0, 3)];
  if (near.some((node) => LIST_CLASS.test(classWords(node)) || OTHER_CLASS.test(classWords(node)))) return false;
  return !aboutOtherProductsBelow(element, page.anchorAncestors) && !inProductTile(page.$, element, page.anchorAncestors, page.cards);
}

/** The list price in the price box around an element whose own text shows only the sale price. */
function listBeside(page: Page, element: Element, price: number): number | null {
  let node = element.parent;
  for (let level = 0; level < 3 && node !== null && isTag(node); level += 1, node = node.parent) {
    if (page.anchorAncestors.has(node)) return null;
    const reading = decide(readPriceBox(node, page.conventions));
    if (reading === 'ambiguous') return null;
    if (reading !== null && reading.price === price && reading.list !== null) return reading.list;
  }
  return null;
}

/**
 * Between title and buy button, elements whose whole text is one amount with a currency mark, whatever
 * their class: taken only when they agree on a single price.
 */
function unlabelledPriceInBuyBox(page: Page, titleAt: number, buyAt: number): MainPrice | null {
  let found: Exclude<Reading, 'ambiguous' | null> | null = null;
  for (const [element, at] of page.order) {
    if (at <= titleAt || at >= buyAt || element.children.length > 4) continue;
    const text = boundedText(element, 24);
    if (text === null || text.length === 0 || !PRICE_ONLY.test(text) || amountsIn(text, page.conventions).length !== 1) continue;
    const reading = readElement(page, element, at);
    if (reading === 'ambiguous') return null;
    if (reading === null) continue;
    if (found !== null && found.price !== reading.price) return null;
    found = found ?? reading;
  }
  if (found === null) return null;
  return { price: String(found.price), currency: found.currency, listPrice: null };
}

function under(element: Element, set: ReadonlySet<Element>): boolean {
  if (set.size === 0) return false;
  for (let node: AnyNode | null = element.parent; node !== null && isTag(node); node = node.parent) if (set.has(node)) return true;
  return false;
}

function struck(element: Element): boolean {
  for (let node: AnyNode | null = element; node !== null && isTag(node); node = node.parent) if (STRUCK_TAGS.has(node.name)) return true;
  return false;
}

/** Each element's position in document order, and the price elements (visible-prices.ts PRICE_ELEMENTS), by one walk: cheaper than matching selectors. */
function documentOrder($: CheerioAPI): { order: Map<Element, number>; priceElements: Array<{ element: Element; at: number }> } {
  const order = new Map<Element, number>();
  const priceElements: Array<{ element: Element; at: number }> = [];
  const root = $.root()[0];
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (isPriceElement(node.attribs) || isLabelledPrice(node)) priceElements.push({ element: node, at: order.size });
    order.set(node, order.size);
    const { children } = node;
    for (let i = children.length - 1; i >= 0; i -= 1) if (isTag(children[i]!)) stack.push(children[i]!);
  }
  return { order, priceElements };
}

function isPriceElement(attribs: Record<string, string>): boolean {
  if (attribs.class?.toLowerCase().includes('price') || attribs.id?.toLowerCase().includes('price')) return true;
  if (attribs.itemprop === 'price' || attribs['data-price'] !== undefined || attribs['data-product-price'] !== undefined) return true;
  return TEST_IDS.some((name) => attribs[name]?.toLowerCase().includes('price') === true);
}

// "Price" in the languages of the corpus and their neighbours, as a label cell's whole text.
const PRICE_LABEL =
  /^(?:(?:our |sale |your )?price|preis|prix|prezzo|precio|preço|prijs|cena|цена|ціна|pris|hinta|hind|kaina|cijena|fiyat|τιμή|السعر|価格|价格|價格|가격)\s*[:：]?$/iu;
const LABEL_TAGS = new Set(['th', 'td', 'dt', 'span', 'strong', 'b', 'label']);
const VALUE_TAGS = new Set(['td', 'dd', 'span', 'strong', 'b', 'div', 'p']);

/** The value beside a label that says "Price" (a table row, a definition list, two inline elements): a price element whatever its class. */
function isLabelledPrice(element: Element): boolean {
  if (!VALUE_TAGS.has(element.name)) return false;
  let label = element.prev;
  while (label !== null && !isTag(label)) label = label.prev;
  if (label === null || !LABEL_TAGS.has(label.name) || label.children.length > 3) return false;
  const text = boundedText(label, 24);
  return text !== null && PRICE_LABEL.test(text);
}
