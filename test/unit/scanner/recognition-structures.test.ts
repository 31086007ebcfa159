/**
 * Product-page recognition across the ways shops build their pages (issue 42), generated rather than
 * collected: listings in every tile structure (list items, cards, articles, table rows, classless
 * blocks, a featured first tile), with and without a button per tile, are never confirmed; product pages
 * with a buy-now button, a sticky bar, a carousel or a comparison table of other products always are.
 * Each case is built from its parts, so a rule fitted to one layout fails here on another.
 */
import { describe, expect, it } from 'vitest';
import { isConfirmedProduct } from '#shared/scanner/discovery.js';
import { textOnlyPage } from '#test/support/text-only-page.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

interface Language {
  lang: string;
  cart: string;
  price: (n: number) => string;
  category: string;
}
const LANGUAGES: Language[] = [
  { lang: 'en', cart: 'Add to cart', price: (n) => `£${n}.00`, category: 'Lamps' },
  { lang: 'de', cart: 'In den Warenkorb', price: (n) => `${n},00 €`, category: 'Lampen' },
  { lang: 'fr', cart: 'Ajouter au panier', price: (n) => `${n},00 €`, category: 'Lampes' },
  { lang: 'ru', cart: 'В корзину', price: (n) => `${n} ₽`, category: 'Лампы' },
  { lang: 'ar', cart: 'أضف إلى السلة', price: (n) => `${n} ر.س`, category: 'مصابيح' },
];

type Button = 'form' | 'link' | 'none';
const button = (language: Language, kind: Button, n: number) =>
  kind === 'form'
    ? `<form action="/cart/add" method="post"><input type="hidden" name="id" value="${n}"><button type="submit">${language.cart}</button></form>`
    : kind === 'link'
      ? `<a class="btn add-to-cart" href="/cart/add?id=${n}">${language.cart}</a>`
      : '';

const TILES: Record<string, (inner: string, n: number) => string> = {
  'list items': (inner) => `<li>${inner}</li>`,
  cards: (inner) => `<div class="card product-card">${inner}</div>`,
  articles: (inner) => `<article class="product">${inner}</article>`,
  'classless blocks': (inner) => `<div>${inner}</div>`,
  'a featured first tile': (inner, n) => `<div class="${n === 1 ? 'featured card' : 'card'}">${inner}</div>`,
};
const wrap = (structure: string, tiles: string) =>
  structure === 'list items' ? `<ul class="products">${tiles}</ul>` : `<div class="grid">${tiles}</div>`;

function listing(language: Language, structure: string, kind: Button, count: number, priceInLink: boolean): string {
  const tiles = Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const name = `<a href="/p/item-${n}">Item ${n}${priceInLink ? ` <span class="price">${language.price(10 + n)}</span>` : ''}</a>`;
    const price = priceInLink ? '' : `<span class="price">${language.price(10 + n)}</span>`;
    return TILES[structure]!(`${name}${price}${button(language, kind, n)}`, n);
  }).join('');
  return page(language, `<h1>${language.category}</h1><p>${count} items</p>${wrap(structure, tiles)}`);
}

function tableListing(language: Language, kind: Button): string {
  const rows = [1, 2, 3, 4]
    .map(
      (n) =>
        `<tr><td><a href="/p/item-${n}">Item ${n}</a></td><td class="price">${language.price(10 + n)}</td><td>${button(language, kind, n)}</td></tr>`,
    )
    .join('');
  return page(language, `<h1>${language.category}</h1><table>${rows}</table>`);
}

type Extra = 'buy now' | 'sticky bar' | 'carousel' | 'comparison';
function product(language: Language, kind: Exclude<Button, 'none'>, extras: readonly Extra[]): string {
  const own = `<div class="product-info"><h1>Brass desk lamp</h1><p class="price">${language.price(49)}</p>${button(language, kind, 99)}${
    extras.includes('buy now') ? '<button type="button" onclick="buyNow()">Buy now</button>' : ''
  }</div>`;
  const sticky = extras.includes('sticky bar') ? `<div class="sticky"><span>Brass desk lamp</span>${button(language, kind, 99)}</div>` : '';
  const carousel = extras.includes('carousel')
    ? `<h2>More lamps</h2><div class="grid">${[1, 2, 3, 4, 5].map((n) => `<div class="card"><a href="/p/other-${n}">Other ${n}</a><span class="price">${language.price(20 + n)}</span>${button(language, kind, n)}</div>`).join('')}</div>`
    : '';
  const comparison = extras.includes('comparison')
    ? `<table><tr>${[1, 2, 3, 4].map((n) => `<td class="compare">${button(language, 'form', n)}</td>`).join('')}</tr></table>`
    : '';
  return page(language, `${own}${sticky}${carousel}${comparison}`);
}

function page(language: Language, main: string): string {
  return `<!doctype html><html lang="${language.lang}"><head><meta charset="utf-8"><title>Shop</title></head><body><header><a href="/">Shop</a><a href="/cart">Cart</a></header><main>${main}</main><footer><p>Shop Ltd</p></footer></body></html>`;
}

function confirmedServedAndTextOnly(html: string): [boolean, boolean] {
  const { productPages } = buildArtifacts({ products: [html, textOnlyPage(html)] });
  return [isConfirmedProduct(productPages[0]!), isConfirmedProduct(productPages[1]!)];
}

describe('product-page recognition across page structures', () => {
  const listings = LANGUAGES.flatMap((language) =>
    Object.keys(TILES).flatMap((structure) =>
      (['form', 'link', 'none'] as const).flatMap((kind) =>
        [3, 12].flatMap((count) => [false, true].map((priceInLink) => ({ language, structure, kind, count, priceInLink }))),
      ),
    ),
  );

  it.each(
    listings.map(
      (c) => [`${c.language.lang}, ${c.count} ${c.structure}, button ${c.kind}${c.priceInLink ? ', price in the link' : ''}`, c] as const,
    ),
  )('a listing of %s is not a product page', (_name, c) => {
    expect(confirmedServedAndTextOnly(listing(c.language, c.structure, c.kind, c.count, c.priceInLink))).toEqual([false, false]);
  });

  it.each(LANGUAGES.flatMap((language) => (['form', 'link', 'none'] as const).map((kind) => [language.lang, kind, language] as const)))(
    'a listing in table rows (%s, button %s) is not a product page',
    (_lang, kind, language) => {
      expect(confirmedServedAndTextOnly(tableListing(language, kind))).toEqual([false, false]);
    },
  );

  const extras: Extra[][] = [
    [],
    ['buy now'],
    ['sticky bar'],
    ['carousel'],
    ['comparison'],
    ['buy now', 'sticky bar', 'carousel', 'comparison'],
  ];
  it.each(
    LANGUAGES.flatMap((language) =>
      (['form', 'link'] as const).flatMap((kind) =>
        extras.map((extra) => [language.lang, kind, extra.join(', ') || 'nothing else', language, extra] as const),
      ),
    ),
  )('a product page (%s, button %s, with %s) is one', (_lang, kind, _extras, language, extra) => {
    expect(confirmedServedAndTextOnly(product(language, kind, extra))).toEqual([true, true]);
  });

  const MARKETS = [
    { lang: 'de', deal: 'Kontaktieren', price: '€ 120,-', cart: 'Warenkorb', checkout: 'Zur Kasse', total: 'Gesamtsumme' },
    { lang: 'en', deal: 'Contact seller', price: '£120', cart: 'Your basket', checkout: 'Checkout', total: 'Total' },
    { lang: 'it', deal: "Fai un'offerta", price: 'EUR 120,00', cart: 'Carrello', checkout: 'Procedi all’ordine', total: 'Totale' },
    { lang: 'ru', deal: 'Показать телефон', price: '12 000 ₽', cart: 'Корзина', checkout: 'Оформить заказ', total: 'Итого' },
  ];

  it.each(MARKETS.map((market) => [market.lang, market] as const))(
    "a classified's item page (%s) is one, and for sale",
    (_lang, market) => {
      const html = `<!doctype html><html lang="${market.lang}"><body><header><a href="/">Ads</a></header><main><h1>Bicycle, 28 inch</h1><div class="price">${market.price}</div><p>Used, good condition.</p></main><aside class="contact"><button type="button">${market.deal}</button></aside></body></html>`;
      const { productPages } = buildArtifacts({ products: [html, textOnlyPage(html)] });
      expect(productPages.map(isConfirmedProduct)).toEqual([true, true]);
      expect(productPages[0]!.agentView?.availability).toBe('InStock');
    },
  );

  it.each(MARKETS.map((market) => [market.lang, market] as const))(
    "a classified's listing with a contact button per ad (%s) is not",
    (_lang, market) => {
      const ads = [1, 2, 3, 4]
        .map(
          (n) =>
            `<div class="ad"><a href="/ad/${n}">Bicycle ${n}</a><div class="price">${market.price}</div><button type="button">${market.deal}</button></div>`,
        )
        .join('');
      const html = `<!doctype html><html lang="${market.lang}"><body><main><h1>Bicycles</h1>${ads}</main></body></html>`;
      expect(confirmedServedAndTextOnly(html)).toEqual([false, false]);
    },
  );

  it.each(MARKETS.map((market) => [market.lang, market] as const))('a cart (%s) is not', (_lang, market) => {
    const lines = [1, 2]
      .map(
        (n) =>
          `<div class="line"><a href="/p/${n}">Lamp ${n}</a><span class="price">${market.price}</span><input type="number" name="qty" value="1"></div>`,
      )
      .join('');
    const html = `<!doctype html><html lang="${market.lang}"><body><main><h1>${market.cart}</h1><form action="/cart" method="post">${lines}<p>${market.total} <span class="price">${market.price}</span></p><button type="submit">${market.checkout}</button></form></main></body></html>`;
    expect(confirmedServedAndTextOnly(html)).toEqual([false, false]);
  });

  it.each([
    ['en', 'Buy now', 1],
    ['en', 'Buy now', 2],
    ['de', 'Jetzt kaufen', 2],
  ] as const)('a buying guide (%s) whose "%s" links go to %i products\' pages is not one', (lang, name, count) => {
    const items = Array.from({ length: count }, (_, index) => index + 1)
      .map(
        (n) =>
          `<h2>${n}. Lamp ${n}</h2><p>Warm light.</p><p class="price">£${40 + n}.00</p><a class="button buy-button" href="https://shop.example/p/lamp-${n}">${name}</a>`,
      )
      .join('');
    const html = `<!doctype html><html lang="${lang}"><body><main><article><h1>The best desk lamps</h1><p>We tried twelve.</p>${items}</article></main></body></html>`;
    expect(confirmedServedAndTextOnly(html)).toEqual([false, false]);
  });

  it('a product page whose own buy link goes to a checkout step is one', () => {
    const html = `<!doctype html><html lang="en"><body><main><h1>Brass desk lamp</h1><p class="price">£49.00</p><a class="button" href="/checkout?variant=4410">Buy now</a></main></body></html>`;
    expect(confirmedServedAndTextOnly(html)).toEqual([true, true]);
  });

  const ALERTS = [
    ['en', '<button type="button">Notify me when available</button>'],
    ['de', '<button type="button">Benachrichtigen</button>'],
    ['fr', '<a href="#alert" class="btn">M’alerter</a>'],
    ['pt', '<button type="button">Avise-me quando chegar</button>'],
    ['ru', '<button type="button">Сообщить о поступлении</button>'],
    ['en', '<button type="submit" disabled>Sold out</button>'],
    ['de', '<button type="submit" class="btn is-disabled">Ausverkauft</button>'],
  ] as const;

  it.each(ALERTS)('an out-of-stock product page (%s, %s) is one, and out of stock', (lang, control) => {
    const html = `<!doctype html><html lang="${lang}"><body><main><h1>Brass desk lamp</h1><p class="price">49,00 €</p>${control}</main></body></html>`;
    const { productPages } = buildArtifacts({ products: [html, textOnlyPage(html)] });
    expect(productPages.map(isConfirmedProduct)).toEqual([true, true]);
    expect(productPages.map((page) => page.agentView?.availability)).toEqual(['OutOfStock', 'OutOfStock']);
  });

  it.each(ALERTS)('a listing with a stock alert per tile (%s, %s) is not', (lang, control) => {
    const tiles = [1, 2, 3]
      .map((n) => `<div class="card"><a href="/p/${n}">Lamp ${n}</a><span class="price">4${n},00 €</span>${control}</div>`)
      .join('');
    const html = `<!doctype html><html lang="${lang}"><body><main><h1>Lamps</h1><div class="grid">${tiles}</div></main></body></html>`;
    expect(confirmedServedAndTextOnly(html)).toEqual([false, false]);
  });
});
