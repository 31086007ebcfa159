/** The product's own buy control, as a shopper finds it. */
import type { CheerioAPI } from 'cheerio';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { aboutOtherProducts, notShown } from './visible-prices.js';

// "Add to cart" and "Buy now" in the languages of the shops the scanner sees; letter boundaries, not \b,
// so Cyrillic, Greek and accented words match too.
const BUY_PHRASES = [
  'add to (?:cart|basket|bag|trolley)',
  'buy now',
  'buy it now',
  'in den (?:warenkorb|einkaufswagen)',
  'jetzt kaufen',
  'ajouter au panier',
  'acheter',
  'añadir al carrito',
  'añadir a la cesta',
  'agregar al carrito',
  'comprar',
  'aggiungi al carrello',
  'acquista',
  'in (?:de )?winkel(?:wagen|mand)',
  'toevoegen aan (?:winkelwagen|winkelmand)',
  'adicionar ao (?:carrinho|cesto)',
  'dodaj do koszyka',
  'do koszyka',
  'kup teraz',
  'do košíku',
  'vložit do košíku',
  'do košíka',
  'pridať do košíka',
  'koupit',
  'kúpiť',
  'в корзину',
  'добавить в корзину',
  'купить',
  'в кошик',
  'до кошика',
  'купити',
  'adaugă în coș',
  'adauga in cos',
  'kosárba',
  'lägg i (?:varukorgen|kundvagnen)',
  'læg i (?:kurv|kurven)',
  'legg i handlekurv(?:en)?',
  'lisää ostoskoriin',
  'dodaj u košaricu',
  'pievienot grozam',
  'ielikt grozā',
  'lisa ostukorvi',
  'προσθήκη στο καλάθι',
  'sepete ekle',
  'satın al',
  // Marketplaces' buy-it-now, in the languages the buy box knows.
  'achat immédiat',
  'compralo subito',
  'sofort-?kaufen',
  'sofort kaufen',
  'cómpralo ya',
  // Arabic (with and without hamza), Hebrew, Persian, Hindi, Thai, Vietnamese, Indonesian and Malay.
  '[أا]ضف [إا]لى (?:السلة|حقيبة التسوق|عربة التسوق)',
  'إضافة إلى (?:السلة|عربة التسوق)',
  'اشتر(?:ي)? الآن',
  'הוס(?:ף|פה) ל(?:סל|עגלה)',
  'קנ(?:ה|י) עכשיו',
  'افزودن به سبد(?: خرید)?',
  'कार्ट में (?:जो(?:ड़|ड़)ें|डालें)',
  'अभी खरीदें',
  'หยิบใส่ตะกร้า',
  'เพิ่ม(?:ลง)?ใน(?:ตะกร้า|รถเข็น)',
  'ซื้อเลย',
  'thêm vào giỏ(?: hàng)?',
  'mua ngay',
  'tambah(?:kan)? ke (?:keranjang|troli)',
  'masukkan (?:ke )?keranjang',
  'beli sekarang',
];
/** A buy control's name in any of those languages. */
export const BUY_WORDS = new RegExp(
  String.raw`(?<![\p{L}])(?:${BUY_PHRASES.join('|')})(?![\p{L}])|장바구니|바로\s*구매|구매하기|カートに入れる|カートに追加|今すぐ購入|購入する|加入购物车|加入購物車|立即购买|立即購買`,
  'iu',
);
const BUY_ATTRIBUTES = /add-?to-?cart|addtocart|add_to_cart|add-?to-?basket|buy-?now|buy-?button/i;
const NAMED_FOR_BUYING = /cart|basket|buy/i;
/** A control's label longer than this is a container's text, not a button's. */
const MAX_LABEL = 60;

/** The page's own buy button: named like one (text, value, id, name or class), outside the page chrome and other products' tiles. */
export function findBuyButton($: CheerioAPI): Element | null {
  const root = $.root()[0];
  const stack: AnyNode[] = root ? [...root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (isBuyButton(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return null;
}

function isBuyButton(element: Element): boolean {
  const kind = candidate(element);
  if (kind === null) return false;
  const attributes = `${element.attribs.id ?? ''} ${element.attribs.name ?? ''} ${element.attribs.class ?? ''}`;
  const text = element.name === 'input' ? (element.attribs.value ?? '') : boundedText(element);
  const labelled = text.length <= MAX_LABEL && BUY_WORDS.test(text);
  // A script-driven div or span counts only when it is also labelled to buy.
  if (!labelled && (kind === 'scripted' || !BUY_ATTRIBUTES.test(attributes))) return false;
  return !notShown(element) && !ariaHidden(element) && !aboutOtherProducts(element);
}

/** Buttons, submit inputs, role=button, links named for buying, and script-driven divs or spans named for buying. */
function candidate(element: Element): 'control' | 'scripted' | null {
  const { name, attribs } = element;
  if (name === 'button' || attribs.role === 'button') return 'control';
  if (name === 'input') return /^(?:submit|button)$/i.test(attribs.type ?? '') ? 'control' : null;
  if (name === 'a') return NAMED_FOR_BUYING.test(`${attribs.class ?? ''} ${attribs.id ?? ''}`) ? 'control' : null;
  if (name === 'div' || name === 'span') return NAMED_FOR_BUYING.test(attribs.class ?? '') ? 'scripted' : null;
  return null;
}

/** A buy control a shopper cannot press: disabled, or styled as unavailable. */
export function isDisabled(button: Element): boolean {
  return (
    button.attribs.disabled !== undefined ||
    button.attribs['aria-disabled'] === 'true' ||
    /(?:^|[\s_-])(?:disabled|is-disabled|sold-?out|out-?of-?stock|unavailable)(?:$|[\s_-])/i.test(button.attribs.class ?? '')
  );
}

/** The element's text up to a little past MAX_LABEL: a container's full text is never needed, and costly. */
function boundedText(element: Element): string {
  let text = '';
  const stack: AnyNode[] = [...element.children].reverse();
  while (stack.length > 0 && text.length <= MAX_LABEL) {
    const node = stack.pop()!;
    if (isText(node)) text += node.data;
    else if (isTag(node)) for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
  }
  return text.replace(/\s+/g, ' ').trim();
}

function ariaHidden(element: Element): boolean {
  for (let node: AnyNode | null = element; node !== null && isTag(node); node = node.parent)
    if (node.attribs['aria-hidden'] === 'true') return true;
  return false;
}
