import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { buyBoxText } from '#shared/scanner/extract/buy-box.js';
import { findBuyButton, isDisabled } from '#shared/scanner/extract/buy-button.js';
import { firstStockPhrase, saysSoldOut } from '#shared/scanner/extract/stock-phrases.js';
import { availabilityFromText } from '#shared/scanner/extract/text-availability.js';

const read = (text: string) => firstStockPhrase(text, { loose: false })?.availability ?? null;
const readInBox = (text: string) => firstStockPhrase(text, { loose: true })?.availability ?? null;

describe('stock phrases, language by language', () => {
  it.each([
    ['en', 'Availability: In stock', 'InStock'],
    ['en', 'Only 3 left in stock - order soon', 'InStock'],
    ['en', 'Sold out', 'OutOfStock'],
    ['en', 'This item is currently unavailable.', 'OutOfStock'],
    ['en', 'Available on backorder', 'BackOrder'],
    ['de', 'Auf Lager, Lieferzeit 1-3 Werktage', 'InStock'],
    ['de', 'Nur noch 2 auf Lager', 'InStock'],
    ['de', 'Derzeit nicht verfügbar', 'OutOfStock'],
    ['de', 'Leider ausverkauft', 'OutOfStock'],
    ['fr', 'En stock', 'InStock'],
    ['fr', 'Plus que 3 articles', 'InStock'],
    ['fr', 'Épuisé', 'OutOfStock'],
    ['fr', 'Rupture de stock', 'OutOfStock'],
    ['es', 'Quedan 2 unidades', 'InStock'],
    ['es', 'Agotado', 'OutOfStock'],
    ['es', 'Sin stock', 'OutOfStock'],
    ['it', 'Disponibile subito', 'InStock'],
    ['it', 'Esaurito', 'OutOfStock'],
    ['it', 'Non disponibile', 'OutOfStock'],
    ['nl', 'Op voorraad', 'InStock'],
    ['nl', 'Uitverkocht', 'OutOfStock'],
    ['nl', 'Tijdelijk niet leverbaar', 'OutOfStock'],
    ['pt', 'Em estoque', 'InStock'],
    ['pt', 'Produto esgotado', 'OutOfStock'],
    ['pl', 'Na stanie', 'InStock'],
    ['pl', 'Ostatnie 3 sztuki', 'InStock'],
    ['pl', 'Brak towaru', 'OutOfStock'],
    ['cs', 'Skladem > 5 ks', 'InStock'],
    ['cs', 'Vyprodáno', 'OutOfStock'],
    ['cs', 'Není skladem', 'OutOfStock'],
    ['sk', 'Posledné kusy', 'InStock'],
    ['sk', 'Nie je skladom', 'OutOfStock'],
    ['ru', 'В наличии', 'InStock'],
    ['ru', 'Осталось 3 шт.', 'InStock'],
    ['ru', 'Нет в наличии', 'OutOfStock'],
    ['uk', 'Є в наявності', 'InStock'],
    ['uk', 'Немає в наявності', 'OutOfStock'],
    ['ro', 'În stoc', 'InStock'],
    ['ro', 'Stoc epuizat', 'OutOfStock'],
    ['hu', 'Raktáron', 'InStock'],
    ['hu', 'Elfogyott', 'OutOfStock'],
    ['sv', 'Finns i lager', 'InStock'],
    ['sv', 'Tillfälligt slut', 'OutOfStock'],
    ['da', 'På lager', 'InStock'],
    ['da', 'Udsolgt', 'OutOfStock'],
    ['fi', 'Varastossa', 'InStock'],
    ['fi', 'Loppuunmyyty', 'OutOfStock'],
    ['hr', 'Na zalihi', 'InStock'],
    ['hr', 'Rasprodano', 'OutOfStock'],
    ['lv', 'Nav noliktavā', 'OutOfStock'],
    ['et', 'Laos olemas', 'InStock'],
    ['el', 'Εξαντλήθηκε', 'OutOfStock'],
    ['tr', 'Stokta var', 'InStock'],
    ['tr', 'Tükendi', 'OutOfStock'],
    ['ko', '상품 상태: 품절', 'OutOfStock'],
    ['ko', '품절임박', 'InStock'],
    ['ja', '在庫あり', 'InStock'],
    ['ja', '在庫切れ', 'OutOfStock'],
    ['ja', '残りわずか', 'InStock'],
  ])('%s: %s -> %s', (_language, text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    ['a back-in-stock notice', 'Notify me when back in stock'],
    ['a restock e-mail offer', 'Email me when this item is in stock again'],
    ['a German notice', 'Benachrichtigen, wenn wieder auf Lager'],
    ['a French condition', 'Prévenez-moi quand il sera en stock'],
    ['a Russian notice', 'Сообщить, когда будет в наличии'],
    ['a store locator', 'In stock in 3 stores near you'],
    ['a Spanish store check', 'Disponible en tienda'],
    ['a picture without stock meaning', 'Immagine non disponibile'],
  ])('reads nothing from %s', (_what, text) => {
    expect(readInBox(text)).toBeNull();
  });

  it('reads a bare "available" only in the buy box, as a status line or behind an availability label', () => {
    expect(read('Disponible')).toBeNull();
    expect(readInBox('Prix\n12,00 €\nDisponible\nAjouter au panier')).toBe('InStock');
    expect(readInBox('Availability: Available')).toBe('InStock');
    expect(readInBox('Express delivery available')).toBeNull();
  });

  it('reads plural "available" counts in the buy box, and their negations as sold out', () => {
    expect(readInBox('Quantité :\nPlus de 10 disponibles')).toBe('InStock');
    expect(readInBox('Quantità:\n3 disponibili')).toBe('InStock');
    expect(readInBox('Quantidade:\n5 disponíveis')).toBe('InStock');
    expect(readInBox('Ces articles ne sont plus disponibles')).toBe('OutOfStock');
    expect(readInBox('Articoli non più disponibili')).toBe('OutOfStock');
    expect(readInBox('Tallas no disponibles')).toBe('OutOfStock');
    expect(readInBox('Produtos indisponíveis')).toBe('OutOfStock');
  });

  it('reads "pre-order" only in the buy box, since menus name a pre-order category', () => {
    expect(read('Home New Pre-order Sale')).toBeNull();
    expect(readInBox('Release 12 May\nPre-order now')).toBe('PreOrder');
  });

  it('takes the negated form over the positive one it contains', () => {
    expect(read('Nicht auf Lager')).toBe('OutOfStock');
    expect(read('Stokta yok')).toBe('OutOfStock');
    expect(read('Status: ikke på lager')).toBe('OutOfStock');
  });

  it('reads a zero count as out of stock and a negated positive as nothing', () => {
    expect(read('In stock: 0')).toBe('OutOfStock');
    expect(read('Varastossa 0 kpl')).toBe('OutOfStock');
    expect(read('Na stanie: 12 szt.')).toBe('InStock');
    expect(read('Zboží se momentálně nenachází skladem')).toBeNull();
    expect(read('Preis 10,00 Auf Lager')).toBe('InStock');
  });

  it('knows a buy control labelled sold out', () => {
    expect(saysSoldOut('Sold out')).toBe(true);
    expect(saysSoldOut('Ausverkauft')).toBe(true);
    expect(saysSoldOut('Add to cart')).toBe(false);
  });
});

function page(body: string) {
  return load(`<html><body><header><nav><a href="/pre">Pre-order</a></nav></header><main>${body}</main></body></html>`, {
    xml: { xmlMode: false, decodeEntities: true },
  });
}

describe('availability of the main product', () => {
  it('an enabled buy button means buyable, whatever a recommendation tile says', () => {
    const $ = page('<h1>Lamp</h1><button>Add to cart</button><section class="related"><p>Sold out</p></section>');
    const button = findBuyButton($);
    expect(button).not.toBeNull();
    expect(availabilityFromText($.root().text(), button, $)).toBe('InStock');
  });

  it('a disabled buy button labelled sold out means out of stock', () => {
    const $ = page('<h1>Lamp</h1><button class="add-to-cart" disabled>Sold out</button>');
    const button = findBuyButton($);
    expect(button && isDisabled(button)).toBe(true);
    expect(availabilityFromText('', button, $)).toBe('OutOfStock');
  });

  it('reads the buy box, not a variant list, the store widget or the page chrome', () => {
    const $ = page(
      '<h1>Lamp</h1><p class="price">€20</p><ul class="variant-list"><li>Red: sold out</li></ul><p>Only 2 left</p><div class="store-availability">Out of stock in 3 stores</div>',
    );
    expect(availabilityFromText($.root().text(), null, $)).toBe('InStock');
  });

  it('does not take the menu\'s "Pre-order" for the product', () => {
    const $ = page('<h1>Lamp</h1><p class="price">€20</p>');
    expect(availabilityFromText($.root().text(), null, $)).toBeNull();
  });

  it('finds Cyrillic and Greek buy controls, which \\b never matched', () => {
    expect(findBuyButton(page('<h1>Чайник</h1><button>Купить</button>'))).not.toBeNull();
    expect(findBuyButton(page('<h1>Βραστήρας</h1><button>Προσθήκη στο καλάθι</button>'))).not.toBeNull();
    expect(findBuyButton(page('<h1>Lamp</h1><div class="buy-box">Free returns on every order within 30 days</div>'))).toBeNull();
  });

  it('keeps the box to the text by the title and the buy button', () => {
    const $ = page(`<h1>Lamp</h1><p>In stock</p><article>${'Long description. '.repeat(200)}</article><p>Out of stock</p>`);
    const box = buyBoxText($, null);
    expect(box).toContain('In stock');
    expect(box).not.toContain('Out of stock');
  });
});
