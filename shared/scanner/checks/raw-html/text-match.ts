/** Finding a product's name and price in a page's visible text, tolerant of case, punctuation and locale. */
import { normalisePrice, priceValue } from '#shared/scanner/extract/index.js';

/** Lower case, compatibility-normalised, every run of non-letters/digits folded to one space. */
function foldForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

function isWordAt(text: string, at: number): boolean {
  const code = text.codePointAt(at);
  return code !== undefined && WORD_CHARACTER.test(String.fromCodePoint(code));
}

function isWordBefore(text: string, at: number): boolean {
  if (at === 0) return false;
  const low = text.charCodeAt(at - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && at >= 2;
  return isWordAt(text, pair ? at - 2 : at - 1);
}

/** Where the run of non-letters, non-digits starting at `at` ends; `at` itself when there is none. */
function afterSeparators(text: string, at: number): number {
  let next = at;
  while (next < text.length && !isWordAt(text, next)) next += (text.codePointAt(next) ?? 0) > 0xffff ? 2 : 1;
  return next;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` from `at` reads `word` (lower case) once lower-cased. */
function readsAt(text: string, at: number, word: string): boolean {
  return text.slice(at, at + word.length).toLowerCase() === word;
}

/**
 * Whether text holds `needle` (folded) as whole words, in any case, with any run of non-letters
 * between them: the test `fold(text).includes(needle)` makes, without a folded or lower-cased copy
 * of a page's megabyte of text. Finds the first word with a case-blind search, then checks the rest
 * where it stands.
 */
function holdsWords(haystack: string, needle: string): boolean {
  const [first = '', ...rest] = needle.split(' ');
  const firstWord = new RegExp(escapeRegExp(first), 'gi');
  for (let found = firstWord.exec(haystack); found !== null; found = firstWord.exec(haystack)) {
    const at = found.index;
    firstWord.lastIndex = at + 1;
    if (!readsAt(haystack, at, first) || isWordBefore(haystack, at)) continue;
    let end = at + first.length;
    const whole = rest.every((word) => {
      const start = afterSeparators(haystack, end);
      if (start === end || !readsAt(haystack, start, word)) return false;
      end = start + word.length;
      return true;
    });
    if (whole && !isWordAt(haystack, end)) return true;
  }
  return false;
}

export function containsName(text: string, name: string): boolean {
  return findName(text, [name]) !== null;
}

/** The first of `names` that `text` contains (as `containsName` matches), or null. */
export function findName(text: string, names: readonly string[]): string | null {
  let haystack: string | null = null;
  for (const name of names) {
    const needle = foldForMatch(name);
    if (needle === '') continue;
    haystack ??= text.normalize('NFKC');
    if (holdsWords(haystack, needle)) return name;
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
