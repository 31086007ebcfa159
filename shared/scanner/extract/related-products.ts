/**
 * Parts of a product page about other products: tiles (a price inside a link, or inside one of a row
 * of like cards each with its own link) and the sections under a "customers also bought" heading.
 */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { boundedText } from './price-box.js';
import { amountsIn } from './price-conventions.js';
import { CHROME, OTHER_PRODUCTS } from './visible-prices.js';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

const RELATED_HEADING = new RegExp(
  String.raw`also (?:bought|viewed|like|purchased)|you (?:may|might) (?:also )?like|related|similar|recommended|recently viewed|frequently bought|complete the look|more from|kunden kauften|ähnliche|das könnte|empfehl|zuletzt angesehen|passend dazu|vous aimerez|similaires|recommand|también te|relacionados|similares|ti potrebbe|correlati|simili|podobné|související|doporuč|klienci kupili|podobne|polecane|inni kupili|похожие|с этим товаром|рекоменд|вместе с|смотрели`,
  'iu',
);
const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'];

/** Document-order positions of headings that introduce other products. */
export function relatedHeadingPositions($: CheerioAPI, order: ReadonlyMap<Element, number>): number[] {
  const positions: number[] = [];
  for (const name of HEADINGS)
    for (const heading of elementsNamed($, name)) {
      const text = $(heading).text();
      if (text.length <= 120 && RELATED_HEADING.test(text)) positions.push(order.get(heading) ?? 0);
    }
  return positions.sort((a, b) => a - b);
}

/** The anchors' ancestors: a tile never holds the product's own title or buy button. */
export function ancestorsOf(anchors: readonly Element[]): Set<AnyNode> {
  const set = new Set<AnyNode>();
  for (const anchor of anchors) for (let node: AnyNode | null = anchor; node !== null; node = node.parent) set.add(node);
  return set;
}

// Cards are named (a class) or are list items and articles; unnamed divs repeat for layout.
const CARD_TAGS = new Set(['li', 'article']);

function sameKind(a: Element, b: AnyNode): boolean {
  return isTag(b) && b !== a && b.name === a.name && (b.attribs.class ?? '') === (a.attribs.class ?? '');
}

function cardLike(element: Element): boolean {
  return CARD_TAGS.has(element.name) || (element.attribs.class ?? '').trim() !== '';
}

function holdsLink($: CheerioAPI, element: Element): boolean {
  return $(element).find('a[href]').length > 0;
}

const MAX_CARD_TEXT = 600;
// Enough like siblings to tell a row of cards; reading every one of a long list would cost more than it tells.
const MAX_SIBLINGS_READ = 6;

/** Two or more like siblings that show an amount of their own: a row of product cards, not layout cells. */
function repeatedCard($: CheerioAPI, element: Element, cards: WeakMap<Element, boolean>): boolean {
  const known = cards.get(element);
  if (known !== undefined) return known;
  let priced = 0;
  let looked = 0;
  if (cardLike(element))
    for (const sibling of element.parent?.children ?? []) {
      if (!sameKind(element, sibling)) continue;
      if ((looked += 1) > MAX_SIBLINGS_READ) break;
      const text = boundedText(sibling, MAX_CARD_TEXT);
      if (text !== null && amountsIn(text).length > 0) priced += 1;
      if (priced >= 2) break;
    }
  const card = priced >= 2 && holdsLink($, element);
  cards.set(element, card);
  return card;
}

/** Inside a link or a repeated card of its own, below the nearest ancestor shared with the title or buy button. */
export function inProductTile(
  $: CheerioAPI,
  element: Element,
  anchorAncestors: ReadonlySet<AnyNode>,
  cards: WeakMap<Element, boolean> = new WeakMap(),
): boolean {
  for (let node: AnyNode | null = element; node !== null && isTag(node) && !anchorAncestors.has(node); node = node.parent) {
    if (node.name === 'a' && node.attribs.href !== undefined) return true;
    if (repeatedCard($, node, cards)) return true;
  }
  return false;
}

const SECTIONING = new Set(['main', 'article', 'section']);

/** Page chrome: a header, footer, nav or aside that is the page's own, not one inside main, an article or a section. */
export function inPageChrome(element: Element): boolean {
  let chrome = false;
  for (let node: AnyNode | null = element; node !== null && isTag(node); node = node.parent) {
    if (SECTIONING.has(node.name)) return false;
    if (CHROME.has(node.name)) chrome = true;
  }
  return chrome;
}

/**
 * In page chrome, or in a recommendation widget or a header below the region that holds the product's
 * title or buy button: a `header` around the product's own title and price is the product's header.
 */
export function aboutOtherProductsBelow(element: Element, anchorAncestors: ReadonlySet<AnyNode>): boolean {
  if (inPageChrome(element)) return true;
  for (let node: AnyNode | null = element.parent; node !== null && isTag(node); node = node.parent) {
    if (anchorAncestors.has(node)) continue;
    if (CHROME.has(node.name) || OTHER_PRODUCTS.test(`${node.attribs.class ?? ''} ${node.attribs.id ?? ''}`)) return true;
  }
  return false;
}
