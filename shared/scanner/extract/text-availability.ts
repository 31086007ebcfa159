/** Availability as the visible page words it, or as its buy button shows it. */
import type { CheerioAPI } from 'cheerio';
import { hasChildren, isText, type AnyNode, type Element } from 'domhandler';
import type { Availability } from './availability.js';
import { buyBoxText } from './buy-box.js';
import { isDisabled } from './buy-button.js';
import { firstStockPhrase, saysSoldOut } from './stock-phrases.js';

/**
 * What a shopper reads about the main product's stock. An enabled buy button means buyable. With the
 * page's document (`$`), the buy box (the text by the product's title and buy button) decides next:
 * its first stock phrase, else a disabled buy button labelled "sold out". Only where the page has no
 * title and no buy button, or without `$`, is the whole text read, and then only for phrases that name
 * stock ("in stock", "Auf Lager", "Нет в наличии"), never a bare "available" or "pre-order".
 */
export function availabilityFromText(text: string, buyButton: Element | null, $?: CheerioAPI): Availability | null {
  if (buyButton && !isDisabled(buyButton)) return 'InStock';
  const box = $ ? buyBoxText($, buyButton) : null;
  if (box === null) return firstStockPhrase(text, { loose: false })?.availability ?? null;
  const stated = firstStockPhrase(box, { loose: true });
  if (stated) return stated.availability;
  return buyButton && saysSoldOut(buttonLabel(buyButton)) ? 'OutOfStock' : null;
}

function buttonLabel(button: Element): string {
  const label = `${button.attribs['aria-label'] ?? ''} ${button.attribs.title ?? ''}`;
  return button.name === 'input' ? `${button.attribs.value ?? ''} ${label}` : `${textContent(button)} ${label}`;
}

function textContent(element: Element): string {
  const pieces: string[] = [];
  const stack: AnyNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) pieces.push(node.data);
    else if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return pieces.join(' ');
}
