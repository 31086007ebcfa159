/** The page's main headings, and of them the product's title: where a shopper starts reading the buy box. */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { elementsNamed } from '#shared/scanner/parse/elements.js';
import { inPageChrome } from './related-products.js';
import { notShown } from './visible-prices.js';

/** The h1 elements a shopper sees. */
export function shownHeadings($: CheerioAPI): Element[] {
  return elementsNamed($, 'h1').filter((heading) => !notShown(heading));
}

/**
 * The product's title: the first shown h1 outside the page's chrome (a shop's logo is often an h1 in its
 * header) and outside list items (menus and tiles that style their entries as h1), that says something;
 * else the first shown h1.
 */
export function mainHeading($: CheerioAPI): Element | null {
  const headings = shownHeadings($);
  return (
    headings.find((heading) => !inPageChrome(heading) && !inListItem(heading) && $(heading).text().trim() !== '') ?? headings[0] ?? null
  );
}

function inListItem(element: Element): boolean {
  for (let node: AnyNode | null = element.parent; node !== null && isTag(node); node = node.parent) if (node.name === 'li') return true;
  return false;
}
