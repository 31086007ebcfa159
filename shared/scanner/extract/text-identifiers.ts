/** Product identifiers a page shows behind a label ("SKU: 123", "Art.-Nr. 123", "EAN 4006381333931", a "Kód" table row). */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { buyBoxText } from './buy-box.js';
import { isValidGtin, normaliseGtin } from './gtin.js';
import { ID_BODY, NUMBER_MARK, plausibleIdentifier } from './identifier-values.js';
import { CJK_SKU, GTIN, MPN, SKU, type LabelSet } from './identifier-labels.js';
import { labelledCells } from './label-cells.js';
import type { FactField } from './types.js';

const ID = `(${ID_BODY})`;
// After a specific label: a colon (perhaps behind one more word, "Numero oggetto eBay:"), a number sign, or a space.
const AFTER_SPECIFIC = String.raw`(?:\s+(?!name|hersteller|manufacturer|fabricant|fabrikant|produttore|fabricante)\p{L}{2,12})?\s*[:：#№]\s*|\s+`;
// After a generic word: only a colon or a number sign, or the period of an abbreviation.
const AFTER_GENERIC = String.raw`\s*[:：#№]\s*`;
const BOUNDED = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?![\p{L}\p{N}])`;

function labelPattern(set: LabelSet, extra: readonly string[] = []): RegExp {
  const alternatives = [`(?:${set.specific.join('|')})${NUMBER_MARK}(?:${AFTER_SPECIFIC})`];
  // An abbreviated generic word is a label too ("Réf. 55120", "Cod. 78812").
  if (set.generic.length > 0) alternatives.push(`(?:${set.generic.join('|')})(?:${NUMBER_MARK}${AFTER_GENERIC}|\\.\\s+)`);
  const bounded = `${BOUNDED}(?:${alternatives.join('|')})`;
  const cjk = extra.length > 0 ? `|(?:${extra.join('|')})\\s*[:：]?\\s*` : '';
  return new RegExp(`(?:${bounded}${cjk})${ID}${END}`.replaceAll(' ', String.raw`\s+`), 'giu');
}

const PATTERNS = { mpn: labelPattern(MPN), gtin: labelPattern(GTIN), sku: labelPattern(SKU, CJK_SKU) };
// "Item #418295", "Style # 12-345": the number sign makes "item" a label.
const HASH_LABEL = new RegExp(`${BOUNDED}(?:item|style|model|product|part)\\s*#\\s*:?\\s*${ID}${END}`, 'giu');

const MAX_MATCHES = 20;

export type Identifiers = { sku?: string; gtin?: string; mpn?: string };
export type IdentifierField = keyof Identifiers;

/** The first identifier of this kind the text labels. */
function labelled(text: string, field: IdentifierField): string | null {
  const patterns = field === 'sku' ? [PATTERNS.sku, HASH_LABEL] : [PATTERNS[field]];
  let best: { at: number; value: string } | null = null;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    let seen = 0;
    for (let match = pattern.exec(text); match !== null && seen < MAX_MATCHES; match = pattern.exec(text), seen += 1) {
      if (best && match.index >= best.at) break;
      const value = match[1]!;
      const end = match.index + match[0].length;
      if (!plausibleIdentifier(value, text.slice(end, end + 12), text.slice(Math.max(0, match.index - 40), match.index))) continue;
      best = { at: match.index, value };
      break;
    }
  }
  return best?.value ?? null;
}

/**
 * The identifiers the page labels, of those wanted; a SKU that repeats the MPN or GTIN is not a SKU.
 * With the page's document (`$`, and its buy button when known), the product's buy box is read first,
 * then label/value pairs in table rows and definition lists ("Kód" | "ABC123"), then the whole text;
 * without it, the whole text only.
 */
export function identifiersFromText(
  visibleText: string,
  wanted: ReadonlySet<FactField>,
  $?: CheerioAPI,
  buyButton: Element | null = null,
): Identifiers {
  const fields = (['mpn', 'gtin', 'sku'] as const).filter((field) => wanted.has(field));
  if (fields.length === 0) return {};
  const box = $ ? buyBoxText($, buyButton) : null;
  const cells = $ ? labelledCells($) : null;
  const found: Identifiers = {};
  for (const field of fields) {
    const value = (box !== null ? labelled(box, field) : null) ?? cells?.[field] ?? labelled(visibleText, field);
    if (value === null) continue;
    if (field === 'gtin') {
      const gtin = normaliseGtin(value);
      if (gtin && isValidGtin(gtin)) found.gtin = gtin;
    } else if (field === 'mpn') found.mpn = value;
    else if (value !== found.mpn && value !== found.gtin) found.sku = value;
  }
  return found;
}
