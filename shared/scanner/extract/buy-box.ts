/** The visible text around the main product's title and buy control: where a shopper reads its stock. */
import type { CheerioAPI } from 'cheerio';
import { hasChildren, isTag, isText, type AnyNode, type Element } from 'domhandler';
import { foldWhitespace } from '#shared/scanner/visible-text.js';
import { mainHeading } from './main-heading.js';

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object', 'canvas', 'select', 'option']);
// Page chrome and other products' tiles: their stock is not this product's.
const CHROME = new Set(['header', 'footer', 'nav', 'aside']);
const OTHER_PRODUCTS =
  /related|recommend|similar|also|viewed|upsell|cross-?sell|carousel|recs\b|bundle|variant|swatch|size-?(?:list|select|picker)|store-?(?:locator|stock|availability)|pickup|click-?(?:and|n)-?collect|reviews?\b|cookie|consent|modal|popup|minicart|mini-cart/i;
/** Characters of text read before the title and after the last anchor. */
const BEFORE_TITLE = 200;
const AFTER_ANCHOR = 1500;

/**
 * The text a shopper reads in the product's buy box: from a little before its title (the first shown
 * h1) to some way past its buy button, without page chrome, recommendation tiles, variant lists,
 * store-stock widgets and dialogs, one text node a line. Null when the page has neither anchor.
 */
export function buyBoxText($: CheerioAPI, buyButton: Element | null): string | null {
  // Availability, identifiers and the stock check all read it: the tree is walked once per page and button.
  let read = cache.get($);
  if (read === undefined) {
    read = new Map();
    cache.set($, read);
  }
  const key = buyButton ?? NO_BUTTON;
  if (!read.has(key)) read.set(key, readBuyBox($, buyButton));
  return read.get(key) ?? null;
}

const cache = new WeakMap<CheerioAPI, Map<Element | typeof NO_BUTTON, string | null>>();
const NO_BUTTON = Symbol('no buy button');

function readBuyBox($: CheerioAPI, buyButton: Element | null): string | null {
  const title = mainHeading($);
  if (!title && !buyButton) return null;
  const pieces: string[] = [];
  let length = 0;
  const anchorsAt: number[] = [];
  const holdsAnchor = ancestors([title, buyButton]);
  const root = $.root()[0];
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      const piece = foldWhitespace(node.data);
      if (piece === '') continue;
      pieces.push(piece);
      length += piece.length + 1;
      continue;
    }
    if (!isTag(node)) continue;
    if (node === title || node === buyButton) anchorsAt.push(length);
    else if (!holdsAnchor.has(node) && skipped(node)) continue;
    if (!hasChildren(node)) continue;
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  if (anchorsAt.length === 0) return null;
  const text = pieces.join('\n');
  const start = Math.max(0, Math.min(...anchorsAt) - BEFORE_TITLE);
  return text.slice(start, Math.max(...anchorsAt) + AFTER_ANCHOR);
}

function ancestors(anchors: ReadonlyArray<Element | null>): Set<Element> {
  const found = new Set<Element>();
  for (const anchor of anchors) for (let node = anchor?.parent ?? null; node !== null && isTag(node); node = node.parent) found.add(node);
  return found;
}

function skipped(element: Element): boolean {
  if (INVISIBLE.has(element.name) || CHROME.has(element.name) || element.attribs.hidden !== undefined) return true;
  if (element.attribs['aria-hidden'] === 'true' || element.attribs.role === 'dialog') return true;
  return OTHER_PRODUCTS.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`);
}
