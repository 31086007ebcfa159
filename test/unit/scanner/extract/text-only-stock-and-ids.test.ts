import { describe, expect, it } from 'vitest';
import { analysePage } from '#shared/scanner/analyse-page.js';
import { retrieval } from '#test/unit/scanner/checks/build-artifacts.js';

/** A product page with no markup at all, as a scan fetches it: what agents see is read from its visible text. */
function agentView(lang: string, main: string) {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title></head><body>
<header><nav><a href="/">Home</a> <a href="/pre-order">Pre-order</a> <a href="/sale">Sold out soon</a></nav></header>
<main>${main}</main>
<footer><p>© Shop · Hotline +49 30 1234 5678</p></footer></body></html>`;
  const url = 'https://shop.example/p/1';
  return analysePage(url, 'product', retrieval(url, html)).agentView;
}

describe('text-only product pages: stock and product code as a shopper reads them', () => {
  it.each([
    [
      'en',
      `<h1>Walnut side table</h1><div class="product-price">$129.00</div><p class="stock">Only 3 left in stock</p>
       <p>Item #: WST-4410</p><p>Ships in 2 days. Also available in 4 stores.</p>`,
      { availability: 'InStock', sku: 'WST-4410' },
    ],
    [
      'de',
      `<h1>Wasserkocher Edelstahl 1,7 l</h1><span class="price">39,99 €</span><p>Nur noch 2 auf Lager</p>
       <p>Art.-Nr.: 200451-7</p><p>Benachrichtigen Sie mich, wenn wieder verfügbar: nein</p>`,
      { availability: 'InStock', sku: '200451-7' },
    ],
    [
      'fr',
      `<h1>Lampe de bureau Nova</h1><span class="price">49,90 €</span><p class="availability">Épuisé</p>
       <p>Référence : NOVA-220</p><p>M'avertir quand le produit est en stock</p>`,
      { availability: 'OutOfStock', sku: 'NOVA-220' },
    ],
    [
      'es',
      `<h1>Silla de comedor Roble</h1><span class="precio price">89,00 €</span><p>Quedan 2 unidades</p>
       <p>Código: SR-1180</p><p>Disponible en 3 tiendas</p>`,
      { availability: 'InStock', sku: 'SR-1180' },
    ],
    [
      'pl',
      `<h1>Czajnik elektryczny Aro</h1><span class="price">149,99 zł</span><p>Dostępność: Brak towaru</p>
       <p>Kod produktu: ARO-5521</p>`,
      { availability: 'OutOfStock', sku: 'ARO-5521' },
    ],
    [
      'cs',
      `<h1>Stolní lampa Luma</h1><span class="price">1 290 Kč</span><p>Skladem &gt; 5 ks</p>
       <p>Kód: LUMA-77</p>`,
      { availability: 'InStock', sku: 'LUMA-77' },
    ],
    [
      'ru',
      `<h1>Чайник электрический Вега</h1><span class="price">2 490 ₽</span><p>Нет в наличии</p>
       <p>Артикул: 7741203</p><p>Сообщить о поступлении</p>`,
      { availability: 'OutOfStock', sku: '7741203' },
    ],
    [
      'it',
      `<h1>Moka Classica 6 tazze</h1><span class="price">24,90 €</span><p>Disponibilità: Esaurito</p>
       <p>Cod. articolo: MK-606</p>`,
      { availability: 'OutOfStock', sku: 'MK-606' },
    ],
    [
      'hu',
      `<h1>Vízforraló Aqua</h1><span class="price">12 990 Ft</span><p>Raktáron</p><p>Cikkszám: AQ-1290</p>`,
      { availability: 'InStock', sku: 'AQ-1290' },
    ],
  ])('%s', (lang, main, expected) => {
    const view = agentView(lang, main);
    expect(view?.availability).toBe(expected.availability);
    expect(view?.sources.availability).toBe('text');
    expect(view?.sku).toBe(expected.sku);
    expect(view?.sources.sku).toBe('text');
  });

  it('an enabled buy button makes a page without stock wording buyable', () => {
    const view = agentView(
      'nl',
      '<h1>Bureaustoel Flex</h1><span class="price">€ 199,00</span><button>In winkelwagen</button><p>Artikelnummer: BF-300</p>',
    );
    expect(view?.availability).toBe('InStock');
    expect(view?.sku).toBe('BF-300');
  });

  it('reads no stock from the menu, a notice or a store widget, and no SKU from a phone number or a price', () => {
    const view = agentView(
      'en',
      `<h1>Walnut side table</h1><div class="product-price">$129.00</div><p>Email me when back in stock</p>
       <div class="store-availability">In stock at 2 stores near you</div><p>Call us: 0800 123 4567</p>`,
    );
    expect(view?.availability ?? null).toBeNull();
    expect(view?.sku ?? null).toBeNull();
  });
});
