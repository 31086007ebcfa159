/** Identifiers in label/value pairs the page lays out as a table row, a definition list or two inline elements ("Kód" | "ABC123"). */
import type { CheerioAPI } from 'cheerio';
import { isTag, isText, type Element } from 'domhandler';
import { elementsNamed } from '#shared/scanner/parse/elements.js';
import { foldWhitespace } from '#shared/scanner/visible-text.js';
import { CJK_SKU, GTIN, MPN, SKU, type LabelSet } from './identifier-labels.js';
import { NUMBER_MARK, wholeIdentifier } from './identifier-values.js';
import { aboutOtherProducts, notShown } from './visible-prices.js';

const wholeLabel = (set: LabelSet, extra: readonly string[] = []) =>
  new RegExp(
    `^(?:${[...set.specific, ...set.generic, ...extra].join('|')})${NUMBER_MARK}[\\s:：#№]*$`.replaceAll(' ', String.raw`\s+`),
    'iu',
  );
const LABELS = [
  ['mpn', wholeLabel(MPN)],
  ['gtin', wholeLabel(GTIN)],
  ['sku', wholeLabel(SKU, CJK_SKU)],
] as const;
const MAX_CELL = 48;
const LABEL_CELLS = ['th', 'td', 'dt'];
const VALUE_CELLS = new Set(['td', 'dd']);
// A label written in its own inline element, its value in the next one ("<span>Réf.</span> <span>12345</span>").
const LABEL_LEAVES = ['span', 'strong', 'b', 'label', 'div', 'p'];
const VALUE_LEAVES = new Set(['span', 'strong', 'b', 'div', 'p', 'a']);

/** Each identifier's first label/value pair outside page chrome and other products' tiles: a label cell and the cell beside it. */
export function labelledCells($: CheerioAPI): { sku?: string; gtin?: string; mpn?: string } {
  const found: { sku?: string; gtin?: string; mpn?: string } = {};
  for (const name of [...LABEL_CELLS, ...LABEL_LEAVES]) {
    const leaf = !LABEL_CELLS.includes(name);
    for (const cell of elementsNamed($, name)) {
      if (leaf && cell.children.some(isTag)) continue;
      const label = cellText(cell);
      if (label === null) continue;
      const field = LABELS.find(([, pattern]) => pattern.test(label))?.[0];
      if (!field || found[field] !== undefined) continue;
      const next = nextElement(cell);
      if (!next || !(leaf ? VALUE_LEAVES : VALUE_CELLS).has(next.name)) continue;
      const text = cellText(next);
      const value = text === null ? null : wholeIdentifier(text);
      if (value === null || notShown(cell) || aboutOtherProducts(cell)) continue;
      found[field] = value;
    }
  }
  return found;
}

/** A short cell's text, or null for a long one (a cell holding more than a label or a value). */
function cellText(cell: Element): string | null {
  let text = '';
  const stack = [...cell.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) text += ` ${node.data}`;
    else if (isTag(node)) for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]!);
    if (text.length > MAX_CELL * 4) return null;
  }
  const folded = foldWhitespace(text);
  return folded.length > 0 && folded.length <= MAX_CELL ? folded : null;
}

function nextElement(cell: Element): Element | null {
  for (let node = cell.next; node !== null; node = node.next) if (isTag(node)) return node;
  return null;
}
