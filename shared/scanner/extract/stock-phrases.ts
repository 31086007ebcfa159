/**
 * How shops word a product's stock, in the languages of the shops the scanner sees. Each phrase says
 * what a shopper can do now: buy it (InStock, including "only 3 left"), order it before release
 * (PreOrder), order it for later delivery (BackOrder), or not buy it (OutOfStock, including
 * "discontinued"). docs/decisions/088-stock-and-product-codes-read-from-the-visible-page.md says why "limited" is read
 * as InStock.
 */
import type { Availability } from './availability.js';

// Sold out, out of stock, no longer sold. Longer, negated forms come before the positive ones they contain.
const OUT = [
  // English
  'out of stock',
  'sold out',
  'currently unavailable',
  'temporarily unavailable',
  'temporarily out of stock',
  'no longer available',
  'not in stock',
  'not available online',
  'not available for purchase',
  'cannot be (?:purchased|ordered)',
  'discontinued',
  // German
  'ausverkauft',
  'vergriffen',
  '(?:derzeit |zurzeit |momentan |aktuell |leider )?nicht (?:mehr )?(?:lieferbar|auf lager|vorrätig|verfügbar|erhältlich|bestellbar)',
  // French
  'épuisée?s?',
  'en rupture(?: de stock)?',
  'rupture de stock',
  'hors stock',
  '(?:actuellement |temporairement )?indisponibles?',
  'plus disponibles?',
  // Spanish
  'agotad[oa]s?',
  'sin stock',
  'sin existencias',
  'fuera de stock',
  'no hay stock',
  'no se puede comprar',
  '(?:actualmente |temporalmente )?no disponibles?',
  // Italian
  'esaurit[oa]',
  'non (?:più )?disponibil[ei]',
  'fuori stock',
  'non (?:è )?acquistabile',
  'non disponibile in magazzino',
  // Dutch
  'uitverkocht',
  '(?:tijdelijk )?niet (?:meer )?(?:leverbaar|op voorraad|beschikbaar)',
  // Portuguese
  'esgotad[oa]s?',
  'sem (?:estoque|stock)',
  'fora de (?:estoque|stock)',
  'indisponíve(?:l|is)',
  // Polish
  'wyprzedan[ye]',
  'brak (?:w magazynie|towaru|na stanie|produktu)',
  'nie można (?:kupić|zamówić)',
  '(?:chwilowo |tymczasowo |produkt )?niedostępny',
  // Czech, Slovak
  'vyprodáno',
  'nelze (?:zakoupit|koupit|objednat)',
  'nie je možné (?:produkt |tovar )?(?:kúpiť|objednať)',
  'vypredané',
  'není (?:skladem|k dispozici)',
  'nie je (?:skladom|na sklade|k dispozícii)',
  '(?:momentálně |momentálne |dočasně |dočasne )?nedostupné',
  // Russian, Ukrainian
  'нет в наличии',
  'нет на складе',
  'товар закончился',
  'нельзя (?:купить|заказать)',
  'распродан[оа]?',
  'немає в наявності',
  'нема в наявності',
  'розпродано',
  // Romanian
  'stoc epuizat',
  'fără stoc',
  'fara stoc',
  'nu (?:este|e) (?:în|in) stoc',
  'indisponibil',
  // Hungarian
  'elfogyott',
  'nincs (?:készleten|raktáron)',
  'átmenetileg nem (?:kapható|elérhető)',
  // Swedish, Danish, Norwegian, Finnish
  'slutsåld',
  'slut i lager',
  'tillfälligt slut',
  '(?:ej|inte) i lager',
  'udsolgt',
  'utsolgt',
  'ikke på lager',
  'loppuunmyyty',
  'loppu varastosta',
  'ei varastossa',
  'tilapäisesti loppu',
  // Croatian, Latvian, Estonian
  'rasprodano',
  'nema na (?:zalihi|stanju)',
  'nije dostupno',
  'nav noliktavā',
  'izpārdots',
  'ei ole laos',
  'läbi müüdud',
  // Greek, Turkish
  'εξαντλήθηκε',
  'εξαντλημένο',
  'μη διαθέσιμο',
  'stokta yok',
  'tükendi',
];

// Few left: a shopper can still buy it now.
const LIMITED = [
  'only \\d+ left(?: in stock)?',
  'just \\d+ left',
  'last \\d+ (?:items?|pieces?)',
  'few left',
  'low (?:in )?stock',
  'limited stock',
  'nur noch \\d+ (?:stück |artikel )?(?:auf lager|verfügbar|vorrätig|da)',
  'nur noch wenige (?:auf lager|verfügbar|vorrätig)',
  'wenige auf lager',
  'geringer (?:lager)?bestand',
  'plus que \\d+',
  'il (?:ne )?reste (?:que |plus que )?\\d+',
  'stock limité',
  'derniers articles',
  'quedan? \\d+',
  'últimas? \\d+ unidad(?:es)?',
  'últimas unidades',
  'pocas unidades',
  'stock limitado',
  'solo \\d+ disponibil[ie]',
  'ultimi \\d+ pezzi',
  'ultimi pezzi',
  'disponibilità limitata',
  'nog (?:maar )?\\d+ (?:op voorraad|beschikbaar)',
  'beperkte voorraad',
  'restam \\d+',
  'últimas unidades',
  'estoque limitado',
  'ostatni[ae]? (?:\\d+ )?sztuk[ia]?',
  'ostatnie sztuki',
  'posledn(?:í|ích) (?:\\d+ )?kus(?:y|ů)?',
  'posledn(?:é|ý|ých) (?:\\d+ )?kus(?:y|ov)?',
  'осталось (?:всего |только )?\\d+ шт',
  'последни[йе] (?:\\d+ )?(?:шт|экземпляр)',
  'заканчивается',
  'залишилось \\d+',
  'закінчується',
  'ultimele \\d+ (?:bucăți|bucati|produse)',
  'stoc limitat',
  'utolsó (?:\\d+ )?darab',
  'már csak \\d+ (?:db|darab)',
  '(?:endast|bara|kun|bare) \\d+ (?:kvar|tilbage|igjen)',
  'få kvar',
  'vain \\d+ jäljellä',
  'još samo \\d+',
  'posljednji komadi',
  'τελευταία τεμάχια',
  'son \\d+ ürün',
  'tükenmek üzere',
];

// Orderable before release, or for delivery once restocked. "Pre-order" is also a menu's category: read only in the buy box.
const PRE_ORDER = [
  'pre-?order(?: now)?',
  'vorbestellbar',
  'vorbestellen',
  'précommande',
  'en précommande',
  'preventa',
  'pre-?venta',
  'preordine',
  'pré-?venda',
  'pré-?encomenda',
  'voorbestellen',
  'przedsprzedaż',
  'předprodej',
  'predpredaj',
  'предзаказ',
  'передзамовлення',
  'precomandă',
  'előrendelés',
  'förbeställ',
  'forudbestil',
  'ennakkotilaa',
  'ön sipariş',
];
const BACK_ORDER = ['(?:available (?:on|for) )?back-?order(?:ed)?', 'on back-?order'];

// Available to buy now.
const IN = [
  'in stock',
  // A count on hand ("Plus de 10 disponibles", "3 disponibili"); a zero count is none.
  '(?:more than |over )?[1-9]\\d* available',
  '(?:plus de |más de )?[1-9]\\d* disponibles',
  '(?:più di )?[1-9]\\d* disponibili',
  '(?:mais de )?[1-9]\\d* disponíveis',
  '(?:mehr als |über )?[1-9]\\d* (?:stück )?verfügbar',
  'available now',
  'ready to ship',
  'auf lager',
  'sofort lieferbar',
  'sofort verfügbar',
  'lieferbar',
  'vorrätig',
  'en stock',
  'disponible immédiatement',
  'en existencia',
  'disponibile (?:subito|immediatamente)',
  'in magazzino',
  'op voorraad',
  'direct leverbaar',
  'em estoque',
  'em stock',
  'na stanie',
  'w magazynie',
  'dostępny od ręki',
  'skladem',
  'skladom',
  'na skladě',
  'na sklade',
  'в наличии',
  'есть в наличии',
  'є в наявності',
  'в наявності',
  '(?:în|in) stoc',
  'készleten',
  'raktáron',
  'i lager',
  'finns i lager',
  'på lager',
  'varastossa',
  'heti toimitettavissa',
  'na zalihi',
  'na stanju',
  'ir noliktavā',
  'noliktavā',
  'laos olemas',
  'σε απόθεμα',
  'άμεσα διαθέσιμο',
  'stokta(?: var)?',
];

// Words that say "available" without saying "now" or "in stock": read only in the product's buy box.
const IN_BUY_BOX_ONLY = [
  'available',
  'verfügbar',
  'disponibles?',
  'disponibil[ei]',
  'beschikbaar',
  'disponíve(?:l|is)',
  'dostępny',
  'dostupné',
  'dostupný',
  'dostupno',
  'disponibil',
  'elérhető',
  'tillgänglig',
  'saatavilla',
  'διαθέσιμο',
  'mevcut',
];

// Scripts without spaces between words: no letter boundary around the phrase.
const CJK: Array<[string, Kind]> = [
  ['품절\\s*임박', 'limited'],
  ['残りわずか', 'limited'],
  ['在庫わずか', 'limited'],
  ['残り\\d+点', 'limited'],
  ['일시\\s*품절', 'out'],
  ['품절', 'out'],
  ['재고\\s*없음', 'out'],
  ['在庫切れ', 'out'],
  ['在庫なし', 'out'],
  ['売り切れ', 'out'],
  ['品切れ', 'out'],
  ['予約受付中', 'pre'],
  ['예약\\s*판매', 'pre'],
  ['재고\\s*있음', 'in'],
  ['在庫あり', 'in'],
];

type Kind = 'out' | 'limited' | 'pre' | 'back' | 'in' | 'loose' | 'preLoose';
const KINDS: Record<Kind, Availability> = {
  out: 'OutOfStock',
  limited: 'InStock',
  pre: 'PreOrder',
  back: 'BackOrder',
  in: 'InStock',
  loose: 'InStock',
  preLoose: 'PreOrder',
};
const LOOSE: ReadonlySet<Kind> = new Set(['loose', 'preLoose']);

// A space in a phrase stands for any whitespace: the buy box puts each text node on its own line.
const group = (kind: Kind, phrases: readonly string[]) => `(?<${kind}>${phrases.join('|').replaceAll(' ', String.raw`\s+`)})`;
const bounded = (body: string) => String.raw`(?<![\p{L}\p{N}])(?:${body})(?![\p{L}])`;
const cjk = (kind: Kind) => {
  const phrases = CJK.filter(([, of]) => of === kind).map(([phrase]) => phrase);
  return phrases.length === 0 ? '' : `|(?<${kind}Cjk>${phrases.join('|')})`;
};
// One pass over the text; at one position the alternatives are tried in this order.
const PHRASES = new RegExp(
  bounded(
    [
      group('out', OUT),
      group('limited', LIMITED),
      group('back', BACK_ORDER),
      group('in', IN),
      group('loose', IN_BUY_BOX_ONLY),
      group('preLoose', PRE_ORDER),
    ].join('|'),
  ) + (['limited', 'out', 'pre', 'in'] as const).map(cjk).join(''),
  'giu',
);

// A phrase about later, a condition or a notice ("notify me when back in stock", "wenn wieder auf Lager",
// "si está disponible"), or about a physical store, within the few words before it.
const NOT_ABOUT_NOW = [
  'notify',
  'notification',
  'alert',
  'email me',
  'let me know',
  'tell me',
  'back',
  'again',
  'restock',
  'when',
  'once',
  'if',
  'until',
  'wieder',
  'benachrichtig\\p{L}*',
  'informier\\p{L}*',
  'wenn',
  'sobald',
  'falls',
  'à nouveau',
  'de nouveau',
  'prévenir',
  'avertir',
  'alerte',
  'quand',
  'dès que',
  'lorsque',
  'si',
  'de nuevo',
  'avísame',
  'avisarme',
  'cuando',
  'di nuovo',
  'avvisami',
  'quando',
  'appena',
  'se',
  'opnieuw',
  'zodra',
  'wanneer',
  'novamente',
  'avise-me',
  'ponownie',
  'powiadom\\p{L}*',
  'gdy',
  'kiedy',
  'jeśli',
  'jeżeli',
  'znovu',
  'opět',
  'hlídat',
  'upozorn\\p{L}*',
  'když',
  'až',
  'keď',
  'снова',
  'сообщить',
  'уведом\\p{L}*',
  'если',
  'когда',
  'знову',
  'повідом\\p{L}*',
  'якщо',
  'din nou',
  'dacă',
  'când',
  'újra',
  'értesít\\p{L}*',
  'amikor',
  'igen',
  'igjen',
  'åter',
  'när',
  'hvis',
  'når',
  'taas',
  'ilmoita',
  'jos',
  'ponovno',
  'obavijest\\p{L}*',
  'kada',
  'ako',
  'atkal',
  'uuesti',
  'ξανά',
  'όταν',
  'tekrar',
  // Pictures, videos and delivery: "Immagine non disponibile", "Delivery not available" say nothing of stock.
  'image',
  'picture',
  'photo',
  'video',
  'bild',
  'immagine',
  'imagen',
  'imagem',
  'zdjęcie',
  'obrázek',
  'изображение',
  'фото',
  'delivery',
  'shipping',
  'lieferung',
  'versand',
  'livraison',
  'envío',
  'spedizione',
  'levering',
  'dostawa',
  'доставка',
  // Stores and pick-up points: what a branch holds is not what the shop sells online.
  'stores?',
  'shops?',
  'in-store',
  'pick-?up',
  'filialen?',
  'markt',
  'magasins?',
  'boutiques?',
  'tiendas?',
  'negozi[oi]?',
  'winkels?',
  'lojas?',
  'sklep\\p{L}*',
  'prodejn\\p{L}*',
  'predajn\\p{L}*',
  'магазин\\p{L}*',
];
const BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${NOT_ABOUT_NOW.join('|')})(?:[^\p{L}\p{N}]+[\p{L}\p{N}]+){0,3}[^\p{L}\p{N}]*$`, 'iu');
// "available in 3 stores", "disponible en magasin", "auf Lager in der Filiale", "available from 12 May".
const AFTER = new RegExp(
  String.raw`^[^\p{L}\p{N}]*(?:[\p{L}\p{N}]+[^\p{L}\p{N}]+){0,3}?(?:stores?|shops?|branch\p{L}*|filial\p{L}*|markt|märkten|magasins?|boutiques?|tiendas?|negozi[oi]?|winkels?|lojas?|sklep\p{L}*|prodejn\p{L}*|predajn\p{L}*|obchod\p{L}*|магазин\p{L}*|áruház\p{L}*|butik\p{L}*|myymälä\p{L}*|poslovnic\p{L}*|veikal\p{L}*|kauplus\p{L}*|καταστήματ\p{L}*|mağaza\p{L}*)(?![\p{L}])`,
  'iu',
);
// A bare "available" is a stock status only as a line of its own or behind an availability label.
const STATUS_LABEL = new RegExp(
  String.raw`(?<![\p{L}])(?:availability|stock|status|verfügbarkeit|lieferstatus|disponibilité|disponibilidad|disponibilità|beschikbaarheid|disponibilidade|dostępność|dostupnost|dostupnosť|наличие|наявність|disponibilitate|elérhetőség|tillgänglighet|saatavuus|pieejamība|saadavus|διαθεσιμότητα|durum)[^\p{L}\p{N}]*$`,
  'iu',
);
const LINE_START = /(?:^|\n)[^\p{L}\p{N}\n]*$/u;
const LINE_END = /^[^\p{L}\p{N}\n]*(?:\n|$)/u;
// A negation right before a positive phrase ("nenachází se skladem", "kein Lager", "δεν είναι σε απόθεμα"): unsure, not read.
const NEGATED = new RegExp(
  String.raw`(?<![\p{L}])(?:not|no|nicht|kein\p{L}*|pas|non|niet|geen|não|nie|ne|není|nenachází|nemáme|не|нет|nu|nem|ikke|inte|ej|ei|nije|nav|δεν|değil)(?:[^\p{L}\p{N}]+[\p{L}]+){0,2}[^\p{L}\p{N}]*$`,
  'iu',
);
// "In stock: 0", "Auf Lager (0)", "0 in stock": none to sell.
const ZERO_AFTER = /^\s*[:(]?\s*0(?![\d.,])/u;
const ZERO_BEFORE = /(?<![\d.,])0\s*(?:pcs|stk|ks|шт|szt|db|kpl)?\.?\s*$/iu;
const LOOK_BEHIND = 48;
const LOOK_AHEAD = 40;

export interface StockPhrase {
  availability: Availability;
  index: number;
  /** Says "available" without "now": trusted only in the product's buy box. */
  loose: boolean;
}

/** The first phrase in the text that states the product's stock now (not a notice, a condition or a store's stock). */
export function firstStockPhrase(text: string, { loose }: { loose: boolean }): StockPhrase | null {
  PHRASES.lastIndex = 0;
  for (let match = PHRASES.exec(text); match !== null; match = PHRASES.exec(text)) {
    const groups = match.groups ?? {};
    const kind = (Object.keys(KINDS) as Kind[]).find((name) => groups[name] !== undefined || groups[`${name}Cjk`] !== undefined);
    if (!kind || (LOOSE.has(kind) && !loose)) continue;
    const before = text.slice(Math.max(0, match.index - LOOK_BEHIND), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + LOOK_AHEAD);
    if (BEFORE.test(before) || AFTER.test(after)) continue;
    const positive = kind === 'in' || kind === 'loose';
    if (positive && NEGATED.test(before.slice(-24))) continue;
    if (positive && (ZERO_AFTER.test(after) || ZERO_BEFORE.test(before)))
      return { availability: 'OutOfStock', index: match.index, loose: false };
    if (kind === 'loose' && !STATUS_LABEL.test(before) && !(LINE_START.test(before) && LINE_END.test(after))) continue;
    return { availability: KINDS[kind], index: match.index, loose: LOOSE.has(kind) };
  }
  return null;
}

const SOLD_OUT = new RegExp(bounded(group('out', OUT)) + cjk('out'), 'iu');

/** A control's label that says the product cannot be bought ("Sold out", "Ausverkauft", "Нет в наличии"). */
export function saysSoldOut(label: string): boolean {
  return SOLD_OUT.test(label);
}
