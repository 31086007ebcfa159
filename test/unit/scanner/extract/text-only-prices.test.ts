import { describe, expect, it } from 'vitest';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { retrieval } from '#test/unit/scanner/checks/build-artifacts.js';

const URL = 'https://shop.example/p/42';

/** A shop page with no product markup at all: header with a basket total, the buy box, a footer. */
function shopPage(lang: string, buyBox: string, after = ''): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title></head><body>
    <header><nav><a href="/">Home</a><a href="/basket" class="basket">0 items</a></nav></header>
    <main><nav class="breadcrumbs"><a href="/c">Category</a></nav>
      <div class="product-main"><div class="gallery"><img src="/a.jpg" alt=""></div>
      <div class="summary">${buyBox}</div></div>${after}
    </main><footer><p>Free delivery over 50</p></footer></body></html>`;
}

function agentView(html: string) {
  return analysePage(URL, 'product', retrieval(URL, html)).agentView;
}

describe('the price read from pages without product markup', () => {
  it.each([
    ['en-GB', '<h1>Oak bedside table</h1><div class="product-price">£1,299.00</div><button>Add to basket</button>', '1299', 'GBP'],
    [
      'en-US',
      '<h1>Desk lamp</h1><p class="price"><span class="amount">$24<sup>99</sup></span></p><button>Add to cart</button>',
      '24.99',
      'USD',
    ],
    [
      'de-DE',
      '<h1>Eichentisch</h1><div class="preis"><span class="price">1.299,00 €</span></div><button>In den Warenkorb</button>',
      '1299',
      'EUR',
    ],
    ['de-CH', '<h1>Eichentisch</h1><span class="price">CHF 1\'299.–</span><button>In den Warenkorb</button>', '1299', 'CHF'],
    ['fr-FR', '<h1>Table en chêne</h1><p class="prix-produit price">1 299,90 €</p><button>Ajouter au panier</button>', '1299.9', 'EUR'],
    [
      'es-ES',
      '<h1>Mesa de roble</h1><span class="precio price">349<span class="decimales">,95</span> €</span><button>Añadir al carrito</button>',
      '349.95',
      'EUR',
    ],
    ['es-CL', '<h1>Mesa de roble</h1><span class="price">$24.990</span><button>Comprar</button>', '24990', 'CLP'],
    ['it-IT', '<h1>Tavolo in rovere</h1><span class="price">€ 79,00</span><button>Aggiungi al carrello</button>', '79', 'EUR'],
    ['pl-PL', '<h1>Stół dębowy</h1><div class="cena price">1 249,00 zł</div><button>Dodaj do koszyka</button>', '1249', 'PLN'],
    ['cs-CZ', '<h1>Dubový stůl</h1><strong class="price-final">12 490 Kč</strong><button>Vložit do košíku</button>', '12490', 'CZK'],
    ['ru-RU', '<h1>Стол из дуба</h1><div class="price">44 890 руб.</div><button>В корзину</button>', '44890', 'RUB'],
    ['kk-KZ', '<h1>Үстел</h1><span class="price">131 990 тг.</span><button>Купить</button>', '131990', 'KZT'],
    [
      'ro-RO',
      '<h1>Masă de stejar</h1><p class="product-new-price">173<sup>34</sup> <span>Lei</span></p><button>Adaugă în coș</button>',
      '173.34',
      'RON',
    ],
    ['lv-LV', '<h1>Ozolkoka galds</h1><div class="product-price">EUR15.99</div><button>Ielikt grozā</button>', '15.99', 'EUR'],
    [
      'en-IN',
      '<h1>Ceiling fan</h1><div class="price-box"><span class="price">₹1,23,456</span></div><button>Buy now</button>',
      '123456',
      'INR',
    ],
    ['sv-SE', '<h1>Ekbord</h1><span class="price">2 495 kr</span><button>Köp</button>', '2495', 'SEK'],
  ])('%s: %s', (lang, buyBox, price, currency) => {
    const view = agentView(shopPage(lang, buyBox));
    expect(view).toMatchObject({ source: 'text', price, currency });
    expect(view?.sources).toMatchObject({ price: 'text', currency: 'text' });
  });

  it('reads a price whose element is not named a price when it stands alone between title and buy button', () => {
    const view = agentView(
      shopPage(
        'cs',
        '<h1>Dubový stůl</h1><p class="lead">Masivní dub</p><div class="box"><strong>4 990 Kč</strong></div><button>Koupit</button>',
      ),
    );
    expect(view).toMatchObject({ price: '4990', currency: 'CZK' });
  });

  it('reads no price when the buy box shows two unnamed amounts it cannot tell apart', () => {
    const view = agentView(
      shopPage('en', '<h1>Desk</h1><div class="box"><b>£10.00</b></div><div class="box2"><b>£12.00</b></div><button>Add to cart</button>'),
    );
    expect(view?.price ?? null).toBeNull();
  });

  it('leaves instalment, unit, shipping and "from" amounts out, in several languages', () => {
    const pages = [
      ['en', '<h1>Sofa</h1><span class="price">from £499</span><span class="price">£41.58/month</span><button>Add to basket</button>'],
      ['de', '<h1>Sofa</h1><span class="price">ab 499 €</span><span class="price">2,99 € / kg</span><button>In den Warenkorb</button>'],
      ['es', '<h1>Sofá</h1><span class="price">desde 499 €</span><span class="price">3 cuotas de 166,33 €</span><button>Comprar</button>'],
      [
        'pl',
        '<h1>Sofa</h1><span class="price">od 499 zł</span><span class="price">dostawa 19,99 zł</span><button>Dodaj do koszyka</button>',
      ],
    ] as const;
    for (const [lang, buyBox] of pages) expect(agentView(shopPage(lang, buyBox))?.price ?? null).toBeNull();
  });
});

describe('the product price, not a related product’s', () => {
  const carousel = (heading: string, lang: string) =>
    `<section class="products-strip"><h2>${heading}</h2><ul class="grid">${[12, 19, 25]
      .map(
        (amount) =>
          `<li class="grid__item"><div class="card"><a href="/p/${amount}"><img src="/${amount}.jpg" alt=""><h3>Other ${amount}</h3></a><span class="price">${lang === 'en' ? `£${amount}.00` : `${amount},00 €`}</span></div></li>`,
      )
      .join('')}</ul></section>`;

  it.each([
    ['en', 'Customers also bought'],
    ['de', 'Kunden kauften auch'],
    ['fr', 'Vous aimerez aussi'],
  ])('%s: reads no price when the only prices are in "%s" tiles', (lang, heading) => {
    const buyBox = `<h1>${lang === 'en' ? 'Walnut desk' : 'Nussbaum'}</h1><p class="stock">—</p><button disabled>Notify me</button>`;
    expect(agentView(shopPage(lang, buyBox, carousel(heading, lang)))?.price ?? null).toBeNull();
  });

  it('reads no price from product cards without a heading, each with its own link and price', () => {
    const tiles = [5, 7, 9]
      .map((amount) => `<div class="tile"><a href="/p/${amount}">Other ${amount}</a><span class="price">£${amount}.00</span></div>`)
      .join('');
    const view = agentView(shopPage('en', '<h1>Walnut desk</h1><button>Add to cart</button>', `<div class="row">${tiles}</div>`));
    expect(view?.price ?? null).toBeNull();
  });

  it('reads no price from a section under a related-products heading, even without cards', () => {
    const after = '<section><h2>Ähnliche Produkte</h2><div class="teaser"><span class="price">9,00 €</span></div></section>';
    expect(agentView(shopPage('de', '<h1>Nussbaumtisch</h1>', after))?.price ?? null).toBeNull();
  });

  it('takes the product’s own price before a carousel of others', () => {
    const buyBox = '<h1>Walnut desk</h1><span class="price">£349.00</span><button>Add to cart</button>';
    expect(agentView(shopPage('en', buyBox, carousel('You may also like', 'en')))).toMatchObject({ price: '349', currency: 'GBP' });
  });

  it('reads the value beside a "Price" label whatever its class, and takes the title from outside menus that use h1', () => {
    const menu = `<div class="menu"><ul>${['Sale', 'Mens', 'Womens'].map((name) => `<li><div class="cats"><h1>${name}</h1></div></li>`).join('')}</ul></div>`;
    const table = (label: string, value: string) =>
      `<h1>Womens / Running shoes</h1><table><tr><td>Item No:</td><td>amx1</td></tr><tr><td class="label">${label}</td><td class="value">${value}</td></tr></table>`;
    const pages = [
      shopPage('en', table('Price:', '<strike>64.27 €</strike> <span class="bold red">43.97 €</span> <span>(-32%)</span>')),
      shopPage('de', table('Preis', '<span class="bold">43,97 €</span>')),
      // A label that is not the price: no reading.
      shopPage('en', table('Delivery:', '<span class="bold">4.99 €</span>')),
    ].map((html) => html.replace('<main>', `<main>${menu}`));
    expect(pages.map((html) => agentView(html)?.price ?? null)).toEqual(['43.97', '43.97', null]);
    expect(agentView(pages[0]!)).toMatchObject({ currency: 'EUR', sources: { price: 'text' } });
  });
});
