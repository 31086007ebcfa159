/**
 * Price normalisation to a plain decimal string (`.` decimal separator, no grouping), done on the
 * digits as written so the value stays exact: `"1.299,00 €"` -> `"1299.00"`, `13.4` -> `"13.4"`.
 *
 * Separator rules, for the first number in the string:
 * - A value that is already machine form (`259`, `36.99`, `10.1400`) is taken as is: schema.org
 *   says `.` is the decimal separator.
 * - With both `.` and `,` present, the last one is the decimal separator.
 * - One separator kind, used several times: grouping (`1.234.567`), unless the last group is not
 *   three digits long, in which case that last one is the decimal separator.
 * - One separator used once: decimal, except when exactly three digits follow and the integer
 *   part is not `0` (`1,299` -> 1299, `30,000원` -> 30000, `5,95` -> 5.95, `0.125` -> 0.125).
 * - Spaces (also no-break and thin spaces) and `'` group thousands only when three digits follow.
 */

const MACHINE_FORM = /^\d+(?:\.\d+)?$/;
const GROUP_ONLY = new Set([' ', '\u00a0', '\u202f', '\u2009', "'"]);
const SEPARATORS = new Set(['.', ',', ...GROUP_ONLY]);

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

interface NumberToken {
  groups: string[];
  /** separators[i] sits between groups[i] and groups[i + 1]. */
  separators: string[];
}

function readDigits(text: string, from: number): string {
  let end = from;
  while (isDigit(text[end])) end++;
  return text.slice(from, end);
}

function firstNumber(text: string): NumberToken | null {
  let start = 0;
  while (start < text.length && !isDigit(text[start])) start++;
  if (start === text.length) return null;
  if (text[start - 1] === '-' && !isDigit(text[start - 2])) return null;
  const token: NumberToken = { groups: [readDigits(text, start)], separators: [] };
  let pos = start + (token.groups[0]?.length ?? 0);
  for (;;) {
    const sep = text[pos];
    if (sep === undefined || !SEPARATORS.has(sep) || !isDigit(text[pos + 1])) break;
    const group = readDigits(text, pos + 1);
    if (GROUP_ONLY.has(sep) && group.length !== 3) break;
    token.groups.push(group);
    token.separators.push(sep);
    pos += 1 + group.length;
  }
  return token;
}

function decimalIndex(token: NumberToken): number {
  const marks = token.separators.map((s, i) => ({ s, i })).filter(({ s }) => s === '.' || s === ',');
  const last = marks[marks.length - 1];
  if (last === undefined) return -1;
  if (marks.some(({ s }) => s !== last.s)) return last.i;
  const following = token.groups[last.i + 1] ?? '';
  if (marks.length > 1) return following.length === 3 ? -1 : last.i;
  return following.length === 3 && token.groups[0] !== '0' ? -1 : last.i;
}

function canonical(integer: string, fraction: string): string {
  const int = integer.replace(/^0+(?=\d)/, '');
  return fraction === '' ? int : `${int}.${fraction}`;
}

export function normalisePrice(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const text = String(value);
    return /e/i.test(text) ? null : text;
  }
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (MACHINE_FORM.test(trimmed)) {
    const [int = '', frac = ''] = trimmed.split('.');
    return canonical(int, frac);
  }
  const token = firstNumber(trimmed);
  if (token === null) return null;
  const decimal = decimalIndex(token);
  const integer = token.groups.slice(0, decimal === -1 ? undefined : decimal + 1).join('');
  const fraction = decimal === -1 ? '' : token.groups.slice(decimal + 1).join('');
  return canonical(integer, fraction);
}

/** Numeric value of a normalised price string, for comparisons. */
export function priceValue(price: string | null): number | null {
  if (price === null) return null;
  const n = Number(price);
  return Number.isFinite(n) ? n : null;
}

/**
 * A stated price an agent can act on: a positive amount. 0, negative and non-numeric values are markup
 * errors (`invalid` keeps the value as written for the evidence); absent is neither.
 */
export function sellingPrice(raw: unknown): { price: string | null; invalid: string | null } {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { price: null, invalid: null };
  const price = normalisePrice(raw);
  if (price !== null && Number(price) > 0) return { price, invalid: null };
  return {
    price: null,
    invalid: typeof raw === 'string' ? raw.trim().slice(0, 40) : typeof raw === 'number' ? String(raw) : JSON.stringify(raw).slice(0, 40),
  };
}
