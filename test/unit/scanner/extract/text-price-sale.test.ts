import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { findBuyButton } from '#shared/scanner/extract/buy-button.js';
import { mainPriceNearTitle } from '#shared/scanner/extract/text-price.js';

function mainPrice(lang: string, buyBox: string) {
  const html = `<html lang="${lang}"><body><header><a class="cart" href="/cart">Cart</a></header><main><div class="product">${buyBox}</div></main></body></html>`;
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } });
  return mainPriceNearTitle($, findBuyButton($));
}

describe('sale price versus list price', () => {
  it.each([
    [
      'en',
      'a struck <del>',
      '<h1>Desk</h1><div class="price-box"><del>£399.00</del> <ins>£349.00</ins></div><button>Add to cart</button>',
      '349',
      '399',
    ],
    [
      'en',
      'an <s> in the price element',
      '<h1>Desk</h1><p class="price"><s>$120.00</s> $89.99</p><button>Add to cart</button>',
      '89.99',
      '120',
    ],
    [
      'en',
      'a line-through style',
      '<h1>Desk</h1><div class="price"><span style="text-decoration: line-through">£20.00</span><span>£15.00</span></div><button>Add to cart</button>',
      '15',
      '20',
    ],
    ['en', 'a "was" label', '<h1>Desk</h1><div class="price">Was £20.00 Now £15.00</div><button>Add to cart</button>', '15', '20'],
    [
      'en',
      'an RRP label',
      '<h1>Desk</h1><div class="pricing"><span class="price">£15.00</span><span class="price">RRP £20.00</span></div><button>Add to cart</button>',
      '15',
      '20',
    ],
    ['de', 'a UVP label', '<h1>Tisch</h1><div class="price">UVP 129,00 € 99,00 €</div><button>In den Warenkorb</button>', '99', '129'],
    [
      'de',
      'a "statt" label',
      '<h1>Tisch</h1><div class="price">79,90 € statt 99,90 €</div><button>In den Warenkorb</button>',
      '79.9',
      '99.9',
    ],
    [
      'fr',
      'an "avant" label',
      '<h1>Table</h1><div class="prix price"><span>Avant : 59,00 €</span> <strong>45,00 €</strong></div><button>Ajouter au panier</button>',
      '45',
      '59',
    ],
    [
      'es',
      'an "antes" label',
      '<h1>Mesa</h1><div class="price"><span>Antes 59,95 €</span><span>Ahora 49,95 €</span></div><button>Comprar</button>',
      '49.95',
      '59.95',
    ],
    [
      'it',
      'a "prima" label',
      '<h1>Tavolo</h1><div class="price">Prima 89,00 € <b>69,00 €</b></div><button>Aggiungi al carrello</button>',
      '69',
      '89',
    ],
    [
      'pl',
      'a "było" label',
      '<h1>Stół</h1><div class="price">Było: 499,00 zł <span>399,00 zł</span></div><button>Dodaj do koszyka</button>',
      '399',
      '499',
    ],
    [
      'cs',
      'a "původní cena" label',
      '<h1>Stůl</h1><div class="price">Původní cena 5 990 Kč <strong>4 990 Kč</strong></div><button>Koupit</button>',
      '4990',
      '5990',
    ],
    [
      'ru',
      'an <s> beside the price',
      '<h1>Стол</h1><div class="product-price"><s>49 890 тг.</s><br><span class="ok_pr">44 890 тг.</span><div>+ до 448 бонусов</div></div><button>Купить</button>',
      '44890',
      '49890',
    ],
    [
      'en',
      'old-price and special-price classes',
      '<h1>Desk</h1><div class="price-box"><span class="old-price"><span class="price">£80.00</span></span><span class="special-price"><span class="price">£60.00</span></span></div><button>Add to cart</button>',
      '60',
      '80',
    ],
    [
      'lv',
      'an original-price class',
      '<h1>Soma</h1><div class="price-block"><span class="original-price">EUR219.99</span> -50% <span class="current-price">EUR110.00</span></div><button>Pirkt</button>',
      '110',
      '219.99',
    ],
    [
      'en',
      'a wasPrice class in camel case',
      '<h1>Desk</h1><div class="priceBlock"><span class="wasPrice">£30.00</span><span class="nowPrice">£25.00</span></div><button>Add to cart</button>',
      '25',
      '30',
    ],
    [
      'pt-BR',
      'a "De … Por …" pair',
      '<h1>Cama box</h1><div class="prd-price">De: <span>R$ 1.999,99</span> Por: <span>R$ 1.759,99</span></div><button>Comprar</button>',
      '1759.99',
      '1999.99',
    ],
    [
      'nl',
      'a "van … voor …" pair',
      '<h1>Kruk</h1><div class="price">van € 79,95 voor € 59,95</div><button>In winkelwagen</button>',
      '59.95',
      '79.95',
    ],
    [
      'ru',
      'test ids naming the old and the current price',
      '<h1>Смесь</h1><div><span data-testid="old-price">1 529 ₽</span></div><div data-testid="price"><span>899</span>&nbsp;<span>₽</span></div><button>Добавить в корзину</button>',
      '899',
      null,
    ],
  ])('%s, %s', (lang, _convention, buyBox, price, listPrice) => {
    expect(mainPrice(lang, buyBox)).toMatchObject({ price, listPrice });
  });

  it('reads no price when two amounts stand side by side with nothing telling them apart', () => {
    expect(mainPrice('en', '<h1>Desk</h1><div class="price">£399.00 £349.00</div><button>Add to cart</button>')).toBeNull();
  });

  it('reads no price when the only amount shown is the crossed-out one', () => {
    expect(mainPrice('en', '<h1>Desk</h1><div class="price"><del>£399.00</del></div><p>Sold out</p>')).toBeNull();
  });

  it('takes the product title, not a logo h1 in the page header beside the basket total', () => {
    const html =
      '<html lang="en"><body><header><h1 class="logo"><a href="/">Shop</a></h1><div class="mini-cart">Basket <span class="price">£12.50</span></div></header>' +
      '<main><div class="product"><h1>Desk</h1><span class="price">£349.00</span><button>Add to cart</button></div></main></body></html>';
    const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } });
    expect(mainPriceNearTitle($, findBuyButton($))).toMatchObject({ price: '349' });
    const logoOnly = load(html.replace('<span class="price">£349.00</span>', '').replace('<h1>Desk</h1>', '<h2>Desk</h2>'));
    expect(mainPriceNearTitle(logoOnly, null)).toBeNull();
  });

  it('does not take "bold" in a class name for "old"', () => {
    expect(
      mainPrice(
        'en',
        '<h1>Crib mattress</h1><div class="price-display"><span class="font-weight-bold price">$ 169.99</span></div><button>Add to cart</button>',
      ),
    ).toMatchObject({
      price: '169.99',
      listPrice: null,
    });
  });

  it('leaves out a saving, a cashback and a price excluding tax', () => {
    expect(
      mainPrice('en', '<h1>Desk</h1><div class="price">£349.00 <span>Save £50.00</span></div><button>Add to cart</button>'),
    ).toMatchObject({ price: '349' });
    expect(
      mainPrice(
        'sk',
        '<h1>Kábel</h1><div class="prices"><p class="price">Cena: 13,40 €</p><p class="price-options">Späť na kartu 0,27 €</p></div><button>Do košíka</button>',
      ),
    ).toMatchObject({ price: '13.4' });
    expect(
      mainPrice('de', '<h1>Tisch</h1><div class="price">119,00 € <span>99,99 € zzgl. MwSt.</span></div><button>In den Warenkorb</button>'),
    ).toMatchObject({ price: '119' });
  });

  it("leaves out an auction's estimate: the hammer price is not known, the buy-it-now or starting price is", () => {
    expect(
      mainPrice('en', '<h1>Pair of Regency chairs</h1><p class="price">Estimate: £200 - £300</p><button>Place bid</button>'),
    ).toBeNull();
    expect(
      mainPrice(
        'de',
        '<h1>Jugendstil-Vase</h1><div class="price">Schätzpreis 400 €</div><div class="price">Startpreis 250 €</div><button>Gebot abgeben</button>',
      ),
    ).toMatchObject({ price: '250' });
    expect(
      mainPrice(
        'fr',
        '<h1>Commode Louis XV</h1><div class="price"><span>Estimation : 1 500 €</span></div><div class="price">Achat immédiat 1 200 €</div><button>Enchérir</button>',
      ),
    ).toMatchObject({ price: '1200' });
  });

  it('reads list-price and member-price labels in more languages', () => {
    const box = (lang: string, inner: string) =>
      mainPrice(lang, `<h1>Item</h1><div class="price">${inner}</div><button>Add to cart</button>`);
    expect(box('de', '<span>Originalpreis: 99,95 €</span> <span>79,95 €</span>')).toMatchObject({ price: '79.95', listPrice: '99.95' });
    expect(box('sv', '<span>Ord. pris 499 kr</span> <span>399 kr</span>')).toMatchObject({ price: '399', listPrice: '499' });
    expect(box('fr', '<span>Ancien prix 45,00 €</span> <span>39,00 €</span>')).toMatchObject({ price: '39', listPrice: '45' });
    expect(box('en', '<span>£12.00</span> <span>Member price £9.00</span>')).toMatchObject({ price: '12' });
    expect(box('de', '<span>4,99 €</span> <span>Mit Karte 3,99 €</span>')).toMatchObject({ price: '4.99' });
  });
});
