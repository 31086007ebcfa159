import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { labelledCells } from '#shared/scanner/extract/label-cells.js';
import { plausibleIdentifier } from '#shared/scanner/extract/identifier-values.js';
import { identifiersFromText } from '#shared/scanner/extract/text-identifiers.js';
import type { FactField } from '#shared/scanner/extract/types.js';

const ALL: ReadonlySet<FactField> = new Set(['sku', 'gtin', 'mpn']);
const skuOf = (text: string) => identifiersFromText(text, ALL).sku;

describe('identifiers behind their labels', () => {
  it.each([
    ['Item #418295 Shipping & Returns', '418295'],
    ['Item number: 133588510845', '133588510845'],
    ['Style # 12-3456', '12-3456'],
    ['Item ID: A77-19', 'A77-19'],
    ['Product code 83810610', '83810610'],
    ['Art.-Nr. 4471-22', '4471-22'],
    ['Artikelnummer: 100293', '100293'],
    ['Bestellnummer 79961 Dieses Regal', '79961'],
    ['Anzeige: 278526196 Datum: Heute', '278526196'],
    ['Référence : CH-2231', 'CH-2231'],
    ['Réf. 55120', '55120'],
    ['Cod. 78812', '78812'],
    ['Código: 55-1234', '55-1234'],
    ['Kód: ZX1200', 'ZX1200'],
    ['Kód produktu: 1182734', '1182734'],
    ['Katalógové číslo: KX-4410', 'KX-4410'],
    ['Код: 01245 Все изображения', '01245'],
    ['Код товара: 7741203', '7741203'],
    ['Артикул: 55312-B', '55312-B'],
    ['Cikkszám: 99120', '99120'],
    ['Varenummer 66120', '66120'],
    ['Tuotenumero 120045', '120045'],
    ['Šifra: 44012', '44012'],
    ['Kods: 10023', '10023'],
    ['Numero oggetto eBay: 133588510845', '133588510845'],
    ['post id: 7221815683 posted: about a month ago', '7221815683'],
    ['SKU: OAK-1207', 'OAK-1207'],
    ['Prekės kodas: 55120', '55120'],
    ['Kode produk: KP-2231', 'KP-2231'],
    ['Mã sản phẩm: SP10023', 'SP10023'],
    ['رمز المنتج: 14448AT50HJP', '14448AT50HJP'],
    ['מק"ט: 771203', '771203'],
    ['货号：A77190', 'A77190'],
  ])('%s -> %s', (text, expected) => {
    expect(skuOf(text)).toBe(expected);
  });

  it.each([
    ['a coupon', 'Inserisci il codice EE5BKKRB al momento del pagamento'],
    ['a generic word without a colon', 'Kod 2020 promocji obowiązuje'],
    ['a price behind a label', 'Cod: 199.99 €'],
    ['an amount', 'Ref: 12,50'],
    ['a date', 'Réf: 12/05/2024'],
    ['a year', 'Model: 2021'],
    ['a phone number', 'Kód: 778-746-00-01'],
    ['a quantity', 'Item #: 250 ml'],
    ['a label with no digit after it', 'SKU: unavailable'],
  ])('never reads %s as a SKU', (_what, text) => {
    expect(skuOf(text)).toBeUndefined();
  });

  it('reads an Arabic supplier model number as the manufacturer part number, not the SKU', () => {
    expect(identifiersFromText('SKU 14448AT50HJP رقم الموديل من المورد GE0654', ALL)).toMatchObject({ sku: '14448AT50HJP' });
    expect(identifiersFromText('رقم الموديل: GE0654', ALL)).toEqual({ mpn: 'GE0654' });
  });

  it('keeps the manufacturer part number and the barcode apart from the shop SKU', () => {
    expect(identifiersFromText('Model No. WX-220 SKU: 88120 EAN 4006381333931', ALL)).toEqual({
      mpn: 'WX-220',
      sku: '88120',
      gtin: '4006381333931',
    });
    expect(identifiersFromText('Herstellernummer: HX-1 Model: HX-1', ALL).sku).toBeUndefined();
    expect(identifiersFromText('EAN: 4006381333932', ALL).gtin).toBeUndefined();
  });

  it('reads only the identifiers wanted', () => {
    expect(identifiersFromText('SKU: 88120 EAN 4006381333931', new Set<FactField>(['gtin']))).toEqual({ gtin: '4006381333931' });
  });

  it('never takes a price, a date or a quantity as an identifier', () => {
    expect(plausibleIdentifier('19.99')).toBe(false);
    expect(plausibleIdentifier('1299', ' €')).toBe(false);
    expect(plausibleIdentifier('2024-05-12')).toBe(false);
    expect(plausibleIdentifier('500', ' g')).toBe(false);
    expect(plausibleIdentifier('A-1299')).toBe(true);
  });
});

const document = (body: string) =>
  load(`<html><body><main>${body}</main></body></html>`, { xml: { xmlMode: false, decodeEntities: true } });

describe('labels in table cells and definition lists', () => {
  it.each([
    ['a table row', '<table><tr><th>Kód</th><td>ZX1200</td></tr></table>', { sku: 'ZX1200' }],
    ['a row with td cells', '<table><tr><td>Artikelnummer:</td><td>100293</td></tr></table>', { sku: '100293' }],
    ['a definition list', '<dl><dt>Item #</dt><dd>418295</dd><dt>Model</dt><dd>WX-220</dd></dl>', { sku: '418295', mpn: 'WX-220' }],
    ['a barcode row', '<table><tr><th>EAN</th><td>4006381333931</td></tr></table>', { gtin: '4006381333931' }],
    ['two inline elements', '<p><span>Šifra</span> <span>44012</span></p>', { sku: '44012' }],
  ])('reads %s', (_what, body, expected) => {
    expect(labelledCells(document(body))).toEqual(expected);
  });

  it.each([
    ['a price in the value cell', '<table><tr><th>Ref</th><td>19,99</td></tr></table>'],
    ['a sentence in the value cell', '<table><tr><th>SKU</th><td>Ask our staff about availability</td></tr></table>'],
    ['a label in a recommendation tile', '<div class="related-products"><table><tr><th>SKU</th><td>777123</td></tr></table></div>'],
    ['a value cell that is no cell', '<table><tr><th>SKU</th></tr></table><p>777123</p>'],
  ])('reads nothing from %s', (_what, body) => {
    expect(labelledCells(document(body))).toEqual({});
  });

  it('prefers the buy box, then the labelled cells, then the rest of the page', () => {
    const $ = document('<h1>Lamp</h1><p>Kód: BOX-100</p><button>Add to cart</button><table><tr><th>SKU</th><td>CELL-200</td></tr></table>');
    expect(identifiersFromText('SKU CELL-200 Kód: BOX-100', ALL, $, null).sku).toBe('BOX-100');
    const cellsOnly = document('<table><tr><th>Kód</th><td>CELL-200</td></tr></table>');
    expect(identifiersFromText('Kód CELL-200', ALL, cellsOnly, null).sku).toBe('CELL-200');
  });
});
