import { describe, expect, it } from 'vitest';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { retrieval } from '#test/unit/scanner/checks/build-artifacts.js';

/** Pages with no product markup at all: what an agent reading them takes from the visible text. */
function agentView(body: string, lang = 'en') {
  const html = `<!doctype html><html lang="${lang}"><head><title>Shop</title></head><body><header><a href="/">Shop</a><span class="price">€1.00 basket</span></header><main>${body}</main><footer>© Shop</footer></body></html>`;
  return analysePage('https://shop.example/p/1', 'product', retrieval('https://shop.example/p/1', html)).agentView;
}

describe('what agents read from the visible text', () => {
  it.each([
    [
      'en',
      '<h1>Oak stool</h1><div class="product-price">£8.71</div><p>In stock</p><p>SKU: OAK-1207</p>',
      { price: '8.71', currency: 'GBP', availability: 'InStock', sku: 'OAK-1207' },
    ],
    [
      'de',
      '<h1>Eichenhocker</h1><span class="price">129,90 €</span><p>Auf Lager</p><p>Art.-Nr. 4471-22</p>',
      { price: '129.9', currency: 'EUR', availability: 'InStock', sku: '4471-22' },
    ],
    [
      'fr',
      '<h1>Tabouret</h1><p class="prix price">1 299,00 €</p><p>Rupture de stock</p><p>Référence : TB-99</p>',
      { price: '1299', currency: 'EUR', availability: 'OutOfStock', sku: 'TB-99' },
    ],
    [
      'es',
      '<h1>Taburete</h1><span class="precio price">49,95 €</span><p>Agotado</p><p>Referencia: TA-5</p>',
      { price: '49.95', currency: 'EUR', availability: 'OutOfStock', sku: 'TA-5' },
    ],
    [
      'it',
      '<h1>Sgabello</h1><span class="price">€ 79,00</span><p>Disponibile</p><p>Codice articolo: SG-31</p>',
      { price: '79', currency: 'EUR', availability: 'InStock', sku: 'SG-31' },
    ],
    [
      'nl',
      '<h1>Kruk</h1><span class="price">€ 59,95</span><p>Uitverkocht</p><p>Artikelnummer: KR-8</p>',
      { price: '59.95', currency: 'EUR', availability: 'OutOfStock', sku: 'KR-8' },
    ],
    [
      'pt',
      '<h1>Banco</h1><span class="price">R$ 199,90</span><p>Em estoque</p><p>Referência: BN-4</p>',
      { price: '199.9', currency: 'BRL', availability: 'InStock', sku: 'BN-4' },
    ],
    [
      'pl',
      '<h1>Taboret</h1><span class="price">249,00 zł</span><p>Brak towaru</p><p>Kod produktu: TB-2</p>',
      { price: '249', currency: 'PLN', availability: 'OutOfStock', sku: 'TB-2' },
    ],
  ])('reads price, availability and a labelled code in %s', (lang, body, expected) => {
    const view = agentView(body, lang);
    expect(view).toMatchObject({ ...expected, source: 'text' });
    expect(view?.sources).toMatchObject({ price: 'text', availability: 'text', sku: 'text' });
  });

  it('takes the price by the title and buy button, not crossed-out, instalment or related products', () => {
    const view = agentView(`
      <div class="related-products"><h3>You may also like</h3><span class="price">£12.00</span></div>
      <h1>Walnut desk</h1>
      <div class="price-box"><del class="price">£399.00</del><span class="price price--sale">£349.00</span></div>
      <span class="price monthly">£29.08 / month</span>
      <button class="add-to-cart">Add to basket</button>`);
    expect(view).toMatchObject({ price: '349', currency: 'GBP', availability: 'InStock' });
  });

  it('reads identifiers only where a label names them, and checks a GTIN', () => {
    const view = agentView(
      '<h1>Kettle</h1><table><tr><th>ASIN</th><td>B07FW264WL</td></tr><tr><th>EAN</th><td>4006381333931</td></tr><tr><th>Manufacturer part number</th><td>KT-200X</td></tr></table><p>Reference to our care guide 12 pages</p>',
    );
    expect(view).toMatchObject({ sku: 'B07FW264WL', gtin: '4006381333931', mpn: 'KT-200X' });
    expect(agentView('<h1>Kettle</h1><p>EAN: 4006381333932</p>')?.gtin ?? null).toBeNull();
  });

  it('says nothing when the page has no title or buy button to anchor a price, or no currency mark', () => {
    expect(agentView('<span class="price">£8.71</span>')?.price ?? null).toBeNull();
    expect(agentView('<h1>Stool</h1><span class="price">8.71</span>')?.price ?? null).toBeNull();
  });

  it('keeps what the markup states where the page agrees, and labels each field with where it came from', () => {
    const markup =
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Stool","offers":{"@type":"Offer","price":"10.00","priceCurrency":"EUR"}}</script>';
    const view = agentView(`${markup}<h1>Stool</h1><span class="price">€10.00</span><p>In stock</p>`);
    expect(view).toMatchObject({ price: '10.00', currency: 'EUR', availability: 'InStock', source: 'json-ld' });
    expect(view?.sources).toMatchObject({ name: 'json-ld', price: 'json-ld', currency: 'json-ld', availability: 'text', gtin: null });
  });

  it('replaces a markup sku the page never shows with the product code it labels for shoppers', () => {
    const markup =
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Speaker","sku":"238368885"}</script>';
    expect(agentView(`${markup}<h1>Speaker</h1><p>Product code: 83810610</p>`)).toMatchObject({
      sku: '83810610',
      sources: { sku: 'text' },
    });
    expect(agentView(`${markup}<h1>Speaker</h1><p>Item 238368885</p><p>Product code: 83810610</p>`)).toMatchObject({
      sku: '238368885',
      sources: { sku: 'json-ld' },
    });
  });
});
