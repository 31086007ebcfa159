/** The product's own buy control, as a shopper finds it. */
import type { CheerioAPI } from 'cheerio';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { aboutOtherProducts, notShown } from './visible-prices.js';

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

function ariaHidden(element: Element): boolean {
  for (let node: AnyNode | null = element; node !== null && isTag(node); node = node.parent)
    if (node.attribs['aria-hidden'] === 'true') return true;
  return false;
}
