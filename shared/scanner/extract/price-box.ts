/**
 * What a price element shows, read as a shopper reads it: the amount to pay now, apart from a
 * crossed-out or "was" list price and from instalment, unit, saving, shipping, "from", loyalty and
 * auction estimate amounts, in the wording of the languages shops write in.
 */
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { amountsIn, type PriceConventions, type ShownAmount } from './price-conventions.js';

/** Class or id words of a list price (crossed out, "was", RRP). */
export const LIST_CLASS =
  /(?<![a-z])(?:old|was|strike|regular|compare|list-?price|before|original|rrp|uvp|msrp|crossed|previous|line-?through)/;
/** Class or id words of amounts that are not the price: instalments, unit prices, savings, shipping, tax notes, loyalty. */
export const OTHER_CLASS =
  /(?<![a-z])(?:instal|monthly|per-?month|financ|unit-?price|per-?unit|base-?price|grundpreis|saving|save|discount|shipping|delivery|tax-?info|vat|bonus|cashback|loyalty|points)/;
const STRUCK_TAGS = new Set(['del', 's', 'strike']);
const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'noscript', 'svg']);
const SPLIT_TAGS = new Set(['sup', 'small', 'sub']);
const SPLIT_CLASS = /cent|decimal|fraction|minor|sup\b|dec\b/i;
/** Between the text of two elements: no amount runs across it, a mark may stand before it. */
export const BOUNDARY = '\u2029';
const MAX_BOX_TEXT = 200;

type Role = 'current' | 'list' | 'other';

const L = String.raw`(?<!\p{L})`;
const R = String.raw`(?!\p{L})`;
// Labels before an amount that make it a list price.
const LIST_LABEL = new RegExp(
  L +
    String.raw`(?:was|were|rrp|msrp|list price|regular price|reg\.|originally|original price|compare at|instead of|uvp|statt|vorher|ursprünglich|streichpreis|unverbindliche preisempfehlung|avant|au lieu de|prix barré|prix conseillé|antes|precio anterior|precio habitual|prima|invece di|prezzo consigliato|prezzo di listino|było|bylo|zamiast|cena regularna|cena katalogowa|původně|původní cena|běžná cena|doporučená cena|pôvodne|pôvodná cena|bežná cena|старая цена|было|обычная цена|originalpreis|alter preis|bisher|regulärer preis|normalpreis|listenpreis|prix d.origine|prix initial|ancien prix|precio original|precio de lista|prezzo originale|prezzo pieno|oorspronkelijke prijs|adviesprijs|cena pierwotna|poprzednia cena|stará cena|ordinarie pris|ord\.? pris|tidigare pris|normalpris|alkuperäinen hinta|régi ár|eredeti ár|preț vechi|preț inițial|eski fiyat|αρχική τιμή|السعر الأصلي|السعر القديم)` +
    R +
    '[^]{0,30}$',
  'iu',
);
const PAIRED_SALE = /(?<!\p{L})(?:por|voor)(?!\p{L})/iu;
const PAIRED_LIST = /(?<!\p{L})(?:de|van)(?!\p{L})\s*:?\s*$/iu;
// Labels before an amount that make it something other than the price.
const OTHER_LABEL = new RegExp(
  L +
    String.raw`(?:from|starting at|ab|à partir de|dès|desde|a partire da|vanaf|od|от|save|you save|sparen|sie sparen|économisez|ahorra|ahorras|risparmi|oszczędzasz|ušetříte|ušetríte|экономия|выгода|shipping|delivery|versand|lieferung|livraison|envío|spedizione|dostawa|doprava|доставка|frete|cashback|bonus|späť|zpět|zurück|points|punkty|бонус\p{L}*|lowest price|niedrigster|prix le plus bas|precio más bajo|prezzo più basso|najniższa cena|nejnižší cena|najnižšia cena|monthly|per month|cuotas?|rate da|raty|rat|parcelas?|em até|mtl|monatlich|финансирование|member price|members'? price|club price|with (?:club |loyalty )?card|mitgliederpreis|clubpreis|mit karte|prix (?:adhérent|membre|fidélité)|precio (?:socio|club)|prezzo (?:soci|club)|estimated?|est\.|estimated value|schätzpreis|schätzwert|schätzung|estimation|estimé|stima|valutazione|estimación|valor estimado|estimativa|szacunkowa|wycena|odhad|оценка|richtprijs|schatting)` +
    R +
    String.raw`[^]{0,30}$|[-−+]\s*$|\d\s*[x×]\s*$`,
  'iu',
);
// What follows an amount that makes it a unit, instalment or pre-tax price.
const OTHER_AFTER = new RegExp(
  String.raw`^\s*(?:\*\s*)?(?:(?:\/|per|pro|par|por|za|за|je|a|al|im|x)\s*(?:1\s*|100\s*)?(?:kg|g|gr|l|ltr|ml|cl|m²|m2|m³|m3|m|lfm|qm|sqm|ft|lb|oz|mo|month|mes|monat|mois|mese|mies|měs|мес|кг|л|м²|м)(?!\p{L})|x\s*\d|(?:mtl|monatlich|mensuel|al mes|mensile|miesięcznie|měsíčně|в месяц)|\(?(?:excl|exkl|ohne mwst|zzgl|hors taxe|ht${R}|bez dph|netto|sin iva|senza iva|без ндс|\+\s*(?:vat|mwst|tva|iva|dph)))`,
  'iu',
);

// Attributes that name an element for a shop's own tests (`data-testid="old-price"`): read like a class.
export const TEST_IDS = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-auto', 'data-automation', 'data-cy'];

/** Class, id and test names as lower-case words (`oldPrice` -> `old-price`), so `bold` is not read as `old`. */
export function classWords(element: Element): string {
  const { attribs } = element;
  const names = [attribs.class, attribs.id, ...TEST_IDS.map((name) => attribs[name])].filter((value) => value !== undefined);
  return names
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

function roleOf(element: Element, inherited: Role): Role {
  if (inherited !== 'current') return inherited;
  if (STRUCK_TAGS.has(element.name) || /line-through/i.test(element.attribs.style ?? '')) return 'list';
  const names = classWords(element);
  if (LIST_CLASS.test(names)) return 'list';
  return OTHER_CLASS.test(names) ? 'other' : 'current';
}

function hidden(element: Element): boolean {
  return HIDDEN_TAGS.has(element.name) || element.attribs.hidden !== undefined || /display:\s*none/i.test(element.attribs.style ?? '');
}

/** A price's cents set apart (`19<sup>99</sup>`, `19<span>,99</span>`) joins the whole amount. */
function joinsAsCents(before: string, text: string, parent: Element): boolean {
  if (!/\d[.,]?$/.test(before) || !/^[.,]?\d{2}(?!\d)\s*\D{0,4}$/.test(text)) return false;
  return /^[.,]/.test(text) || /[.,]$/.test(before) || SPLIT_TAGS.has(parent.name) || SPLIT_CLASS.test(classWords(parent));
}

/** The node's text, whitespace folded; null as soon as it grows past `max` characters (a container, not a price). */
export function boundedText(node: AnyNode, max: number): string | null {
  let text = '';
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (isText(next)) {
      text += next.data;
      if (text.length > max * 4 && text.replace(/\s+/g, ' ').trim().length > max) return null;
    } else if (isTag(next) && !HIDDEN_TAGS.has(next.name))
      for (let i = next.children.length - 1; i >= 0; i -= 1) stack.push(next.children[i]!);
  }
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? null : folded;
}

/** The element's text by role, with a boundary wherever an element starts or ends. Null when it is longer than `max` (not one price box). */
export function boxTexts(element: Element, max = MAX_BOX_TEXT): Record<Role, string> | null {
  const texts: Record<Role, string> = { current: '', list: '', other: '' };
  const last: Record<Role, AnyNode | null> = { current: null, list: null, other: null };
  let length = 0;
  const stack: Array<{ node: AnyNode; role: Role }> = [{ node: element, role: roleOf(element, 'current') }];
  while (stack.length > 0) {
    const { node, role } = stack.pop()!;
    if (isText(node)) {
      const text = node.data.replace(/\s+/g, ' ');
      if (text.trim() === '') {
        texts[role] += ' ';
        continue;
      }
      length += text.length;
      if (length > max) return null;
      const before = texts[role].trimEnd();
      const parent = node.parent as Element;
      if (last[role] !== null && last[role] !== parent && joinsAsCents(before, text.trim(), parent))
        texts[role] = before + (/[.,]$/.test(before) || /^[.,]/.test(text.trim()) ? '' : '.') + text.trim();
      else texts[role] += (last[role] !== null && last[role] !== parent ? BOUNDARY : '') + text;
      last[role] = parent;
      continue;
    }
    if (!isTag(node) || (node !== element && hidden(node))) continue;
    const childRole = node === element ? role : roleOf(node, role);
    for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push({ node: node.children[i]!, role: childRole });
  }
  return texts;
}

export interface BoxReading {
  /** Distinct amounts to pay now. */
  selling: ShownAmount[];
  /** Crossed-out, "was" or RRP amounts beside them. */
  list: number[];
}

/** The element's amounts sorted into the price to pay now and the list price. Null when it is too long to be one price box. */
export function readPriceBox(element: Element, conventions: PriceConventions, max = MAX_BOX_TEXT): BoxReading | null {
  const texts = boxTexts(element, max);
  if (texts === null) return null;
  const list = amountsIn(texts.list, conventions).map((shown) => shown.amount);
  const selling: ShownAmount[] = [];
  const current = amountsIn(texts.current, conventions);
  // "De R$ 1.999 por R$ 1.499", "van € 20 voor € 15": the first word marks the list price where the second marks the sale.
  const pairedLabels = PAIRED_SALE.test(texts.current);
  current.forEach((shown, i) => {
    const before = texts.current.slice(Math.max(current[i - 1]?.end ?? 0, shown.start - 40), shown.start);
    const after = texts.current.slice(shown.end, Math.min(current[i + 1]?.start ?? Infinity, shown.end + 24));
    if (OTHER_AFTER.test(after) || OTHER_LABEL.test(before)) return;
    if (LIST_LABEL.test(before) || (pairedLabels && PAIRED_LIST.test(before))) list.push(shown.amount);
    else if (shown.amount > 0 && !selling.some((seen) => seen.amount === shown.amount)) selling.push(shown);
  });
  return { selling, list };
}
