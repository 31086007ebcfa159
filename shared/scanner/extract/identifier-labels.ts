/**
 * The labels shops put before a product's identifiers, in the languages of the shops the scanner sees.
 * A specific label ("SKU", "Art.-Nr.", "Bestellnummer") may be followed by the identifier after a space;
 * a generic word ("Model", "Kód", "Ref", "Код") only after a colon, a number sign or in the next table
 * cell, since the same word also starts ordinary sentences ("il codice EE5BKKRB al momento del pagamento").
 */

export interface LabelSet {
  specific: readonly string[];
  generic: readonly string[];
}

/** A manufacturer's part or model number: not the shop's SKU. */
export const MPN: LabelSet = {
  specific: [
    'manufacturer part (?:number|no)',
    'mfr\\.? part (?:number|no)',
    'mpn',
    'part number',
    'item model number',
    'model number',
    'model (?:no|#)',
    'herstellernummer',
    'hersteller-?nr',
    'herstellerartikelnummer',
    'hersteller-?artikelnummer',
    'référence fabricant',
    'ref\\.? fabricant',
    'número de pieza del fabricante',
    'referencia del fabricante',
    'codice produttore',
    'numero parte produttore',
    'fabrikantcode',
    'artikelnummer fabrikant',
    'código do fabricante',
    'kod producenta',
    'numer części producenta',
    'kód výrobce',
    'kód výrobcu',
    'код производителя',
    'gyártói cikkszám',
    'رقم الموديل',
  ],
  generic: ['model', 'modelo', 'modello', 'modèle', 'modell', 'модель', 'típus'],
};

/** A barcode number: EAN, UPC, ISBN. */
export const GTIN: LabelSet = {
  specific: [
    'gtin(?:-?1[34]|-?8)?',
    'ean(?:-?13|-?8)?(?: code)?',
    'upc',
    'isbn(?:-?1[03])?',
    'barcode',
    'kod ean',
    'código ean',
    'código de barras',
    'codice ean',
    'streepjescode',
    'штрих-?код',
    'vonalkód',
  ],
  generic: [],
};

/** The shop's own product number. */
export const SKU: LabelSet = {
  specific: [
    'sku',
    'asin',
    'item (?:number|no|#)',
    'item id',
    'item code',
    'style (?:number|no|#)',
    'article number',
    'product (?:code|number|id)',
    'catalog(?:ue)? number',
    'post id',
    'ad id',
    'listing id',
    'art\\.?-?(?:nr|no)',
    'artikelnummer',
    'artikel-?nr',
    'artikelcode',
    'bestellnummer',
    'bestell-?nr',
    'produktnummer',
    'produkt-?nr',
    'anzeigen-?(?:nummer|nr|id)',
    'productcode',
    'code article',
    'code produit',
    'numéro d.article',
    'numéro de l.objet',
    'numéro d.annonce',
    'código de (?:producto|artículo)',
    'código del artículo',
    'número de artículo',
    'référence',
    'referencia',
    'codice (?:articolo|prodotto)',
    'numero (?:dell.)?oggetto',
    'cod\\.? art(?:icolo)?',
    'referência',
    'código do produto',
    'kod produktu',
    'kod towaru',
    'numer katalogowy',
    'nr katalogowy',
    'numer ogłoszenia',
    'kód produktu',
    'kód zboží',
    'kód tovaru',
    'katalógové číslo',
    'katalogové číslo',
    'číslo inzerátu',
    'код товара',
    'код товару',
    'код продукта',
    'артикул',
    'номер объявления',
    'cod(?: |\\.)?produs',
    'cikkszám',
    'termékkód',
    'varenummer',
    'varenr',
    'artikelnr',
    'tuotenumero',
    'tuotekoodi',
    'šifra (?:proizvoda|artikla)',
    'preces kods',
    'tootekood',
    'κωδικός προϊόντος',
    'ürün kodu',
    'stok kodu',
    'prekės kodas',
    'artikuls',
    'kode produk',
    'mã (?:sản phẩm|sp|hàng)',
    'رمز المنتج',
    'رقم المنتج',
    'מק"ט',
  ],
  generic: ['anzeige', 'réf', 'ref', 'código', 'cód', 'codice', 'cod', 'kód', 'kod', 'kods', 'код', 'šifra', 'symbol', 'indeks', 'κωδικός'],
};

// Scripts without spaces between words take no letter boundary.
export const CJK_SKU = ['상품번호', '품번', '商品番号', '品番', '商品コード', '货号', '貨號', '商品编号', '商品編號'];
