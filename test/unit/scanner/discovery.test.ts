import { describe, expect, it } from 'vitest';
import { isConfirmedProduct, productLinksOnPage, rankCandidates } from '#shared/scanner/discovery.js';
import { parseRobotsTxt } from '#shared/scanner/parse/robots.js';
import { buildArtifacts } from '#test/unit/scanner/checks/build-artifacts.js';

const robots = (body: string) => parseRobotsTxt({ status: 200, body, contentType: 'text/plain' });
const origin = 'https://shop.example';

describe('product page discovery', () => {
  it('reads product links and ItemList entries from the homepage, resolved and without fragments', () => {
    const { homepage } = buildArtifacts({
      homepage: `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"url":"https://shop.example/p/listed"}]}</script></head>
        <body><a href="/products/mug#reviews">Mug</a><a href="/about">About</a><a href="javascript:alert(1)">x</a><a href="/item/lamp-42">Lamp</a><a href="http://[bad">bad</a></body></html>`,
    });
    expect(productLinksOnPage(homepage)).toEqual([
      'https://shop.example/p/listed',
      'https://shop.example/products/mug',
      'https://shop.example/item/lamp-42',
    ]);
  });

  it('keeps each same-site URL once, skips what robots.txt disallows for the scanner, and spreads over path prefixes', () => {
    const ranked = rankCandidates(
      [
        'https://shop.example/products/a',
        'https://shop.example/products/a',
        'https://www.shop.example/products/b',
        'https://other.example/products/c',
        'https://shop.example/private/products/d',
        'https://shop.example/collections/x/products/e',
        'https://shop.example/products/f',
      ],
      origin,
      robots('User-agent: AgentReadinessScanner\nDisallow: /private/\n'),
      new Set(['https://shop.example/products/f']),
    );
    expect(ranked).toEqual([
      'https://shop.example/products/a',
      'https://shop.example/collections/x/products/e',
      'https://www.shop.example/products/b',
    ]);
  });

  it('confirms a product page by its markup or og:type, not by its URL', () => {
    const { productPages } = buildArtifacts({
      products: [
        '<html><head><meta property="og:type" content="product"></head><body>Mug</body></html>',
        '<html><body><h1>Category page</h1></body></html>',
        '<html><head><script type="application/ld+json">{"@type":"Product","name":"Lamp","offers":{"price":"5","priceCurrency":"EUR"}}</script></head><body></body></html>',
      ],
    });
    expect(productPages.map(isConfirmedProduct)).toEqual([true, false, true]);
  });

  it('confirms a page without product markup by its add-to-cart control and its own price, not a listing of tiles', () => {
    const tile = (name: string, price: string) =>
      `<li class="product-card"><a href="/products/${name}">${name}</a><span class="price">£${price}</span><button type="submit">Add to basket</button></li>`;
    const { productPages } = buildArtifacts({
      products: [
        // The product's own page: title, price, stock wording and the buy button, no markup.
        '<html><body><main><h1>Linen apron</h1><p class="price">£30.00</p><p>In stock</p><form action="/cart/add" method="post"><button type="submit">Add to basket</button></form></main></body></html>',
        // A listing: every price and button belongs to a tile.
        `<html><body><main><h1>Aprons</h1><ul class="product-grid">${tile('linen-apron', '30.00')}${tile('canvas-apron', '24.00')}${tile('denim-apron', '36.00')}</ul></main></body></html>`,
        // A price but nothing to buy with.
        '<html><body><main><h1>Linen apron</h1><p class="price">£30.00</p><p>Sold in our shops only</p></main></body></html>',
        // A buy button but no price.
        '<html><body><main><h1>Linen apron</h1><form action="/cart/add" method="post"><button type="submit">Add to basket</button></form></main></body></html>',
      ],
    });
    expect(productPages.map(isConfirmedProduct)).toEqual([true, false, false, false]);
    expect(productPages[0]!.agentView).toMatchObject({ price: '30', currency: 'GBP', sources: { price: 'text' } });
  });

  it('confirms a page without markup whose price box shows two amounts no reading can tell apart, with its buy button', () => {
    const box = '<div class="price-box"><span>1 099,00 €</span> <span>916,00 €</span></div>';
    const { productPages } = buildArtifacts({
      products: [
        `<html lang="sk"><body><main><h1>Monitor 27"</h1>${box}<form action="/cart/add" method="post"><button type="submit">Do košíka</button></form></main></body></html>`,
        // The same box on a page with nothing to buy with.
        `<html lang="sk"><body><main><h1>Monitor 27"</h1>${box}</main></body></html>`,
      ],
    });
    expect(productPages[0]!.agentView?.price ?? null).toBeNull();
    expect(productPages.map(isConfirmedProduct)).toEqual([true, false]);
  });

  it("counts a product's own buttons, not those of a row of tiles below it, nor its buy box's copies as tiles", () => {
    const own =
      '<h1>Linen apron</h1><p class="price">£30.00</p><form action="/cart/add" method="post"><button type="submit">Add to basket</button></form>';
    const cell = (n: number) =>
      `<td class="compare"><form action="/cart/add" method="post"><button type="submit">Add to basket</button></form><a href="/p/${n}">Apron ${n}</a></td>`;
    const sticky =
      '<div class="sticky-bar"><span>Linen apron £30.00</span><button type="button" onclick="add()">Add to basket</button></div>';
    const { productPages } = buildArtifacts({
      products: [
        // A comparison table of four other aprons, each with its own button: a row of tiles, not the product's.
        `<html><body><main>${own}<table><tr>${cell(1)}${cell(2)}${cell(3)}${cell(4)}</tr></table></main></body></html>`,
        // Three variant forms built alike, each with the product's title: copies of one buy box, not tiles.
        `<html><body><main>${[1, 2, 3].map(() => `<form class="variant" action="/cart/add" method="post"><h1>Linen apron</h1><p class="price">£30.00</p><button type="submit">Add to basket</button></form>`).join('')}</main></body></html>`,
        // Its own button, a buy-now and a sticky bar's copy.
        `<html><body><main>${own}<button type="button" onclick="buy()">Buy now</button>${sticky}</main></body></html>`,
        // A listing laid out in plain paragraphs, one button each: still a row of tiles.
        `<html><body><main><h1>Aprons</h1>${['linen', 'canvas', 'denim'].map((name) => `<p><a href="/p/${name}">${name} apron</a> £30.00</p><form action="/cart/add" method="post"><button type="submit">Add to basket</button></form>`).join('')}</main></body></html>`,
      ],
    });
    expect(productPages.map((page) => page.facts?.addToCart.controls)).toEqual([1, 3, 3, 0]);
    expect(productPages.map(isConfirmedProduct)).toEqual([true, true, true, false]);
  });

  it("confirms a marketplace's or classified's page by its own bid, offer or contact control beside its price", () => {
    const classified = (contact: string) =>
      `<html lang="de"><body><main><h1>Fernseher 40 Zoll</h1><p class="price">€ 120,-</p><p>Verhandlungsbasis</p></main><aside class="seller">${contact}</aside></body></html>`;
    const { productPages } = buildArtifacts({
      products: [
        classified('<button type="button">Kontaktieren</button>'),
        '<html lang="it"><body><main><h1>Orsetto di peluche</h1><p>Prezzo di partenza: <span class="price">EUR 12,99</span></p><a class="btn" href="/bid">Fai un\'offerta</a></main></body></html>',
        '<html lang="ru"><body><main><h1>Сумка-кенгуру</h1><p class="price">502 руб.</p><button type="button">Показать телефоны</button></main></body></html>',
        // A contact link in the footer, and one that asks a question rather than leading with the deal.
        classified('').replace('</body>', '<footer><a href="/kontakt">Kontaktieren</a></footer></body>'),
        classified('<a href="/faq">Fragen? Kontaktieren Sie uns</a>'),
        classified('<a href="/kontakt">Kontaktieren Sie uns</a>'),
        // A listing of classifieds with a contact button per tile.
        `<html lang="de"><body><main><h1>Fernseher</h1><ul>${[1, 2, 3].map((n) => `<li class="ad"><a href="/ad/${n}">Fernseher ${n}</a> <span class="price">€ ${n}0,-</span> <button>Kontaktieren</button></li>`).join('')}</ul></main></body></html>`,
      ],
    });
    expect(productPages.map((page) => page.facts?.buyBoxControls.deals)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(productPages.map(isConfirmedProduct)).toEqual([true, true, true, false, false, false, false]);
    // A deal control is not an add-to-cart control: the cart checks never read it.
    expect(productPages[0]!.facts?.addToCart.control).toBeNull();
    // A priced listing with its own deal control is for sale unless it says otherwise.
    expect(productPages.slice(0, 3).map((page) => page.agentView?.availability)).toEqual(['InStock', 'InStock', 'InStock']);
    const sold = buildArtifacts({
      products: [classified('<button type="button">Kontaktieren</button>').replace('Verhandlungsbasis', 'Nicht mehr verfügbar')],
    });
    expect(sold.productPages[0]!.agentView?.availability).toBe('OutOfStock');
  });

  it("reads buy buttons in Arabic, Hebrew, Chinese, Vietnamese and Indonesian, and marketplaces' buy-it-now", () => {
    const names = [
      'اضف الى حقيبة التسوق',
      'أضف إلى السلة',
      'הוסף לסל',
      '加入购物车',
      'Thêm vào giỏ hàng',
      'Tambah ke keranjang',
      'Achat immédiat',
      'Compralo Subito',
    ];
    const { productPages } = buildArtifacts({
      products: names.map(
        (name) =>
          `<html><body><main><h1>Item</h1><p class="price">€ 99,00</p><form action="/cart/add" method="post"><button type="submit">${name}</button></form></main></body></html>`,
      ),
    });
    expect(productPages.map((page) => page.facts?.addToCart.control?.name)).toEqual(names);
    expect(productPages.every(isConfirmedProduct)).toBe(true);
  });
});
