/** Finding a product's name and price in a page's visible text, tolerant of case, punctuation and locale. */
import { normalisePrice, priceValue } from '#shared/scanner/extract/index.js';

/** Lower case, compatibility-normalised, every run of non-letters/digits folded to one space. */
function foldForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function containsName(text: string, name: string): boolean {
  return findName(text, [name]) !== null;
}

/** The first of `names` that `text` contains (as `containsName` matches), or null; folds the text once. */
export function findName(text: string, names: readonly string[]): string | null {
  let haystack: string | null = null;
  for (const name of names) {
    const needle = foldForMatch(name);
    if (needle === '') continue;
    haystack ??= ` ${foldForMatch(text)} `;
    if (haystack.includes(` ${needle} `)) return name;
  }
  return null;
}

const NUMBER_TEXT = /^\d(?:[\d.,']|\s(?=\d{3}(?!\d)))*/;
const CANDIDATE_CHARS = 24;

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/**
 * The text of the first number in `text` whose value equals `price`, read the way it is written
 * (`1.299,00`, `1,299`, `1 299,00 €` and `1299.00` all read as 1299); null when none does.
 * Numbers start at a digit that does not continue another number (`,99` in `1.299,99` is not one).
 */
export function findPrice(text: string, price: string): string | null {
  const wanted = priceValue(price);
  if (wanted === null) return null;
  for (let at = 0; at < text.length; at++) {
    if (!isDigit(text[at]) || isDigit(text[at - 1])) continue;
    if ((text[at - 1] === '.' || text[at - 1] === ',') && isDigit(text[at - 2])) continue;
    const candidate = text.slice(at, at + CANDIDATE_CHARS);
    const value = priceValue(normalisePrice(candidate));
    if (value !== null && Math.abs(value - wanted) < 0.005) return (NUMBER_TEXT.exec(candidate)?.[0] ?? candidate).replace(/[.,']+$/, '');
  }
  return null;
}
