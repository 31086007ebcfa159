/**
 * Amounts as shops write them: the currency mark before or after the amount, and the grouping and
 * decimal conventions of the page's language (`1.299,00 €`, `£1,299.00`, `1 299 Kč`, `CHF 1'299.–`,
 * `₹1,23,456`, `24.990 $` in Chile).
 */
import { normaliseCurrency } from './currency.js';
import type { PageLanguage } from './page-language.js';
import { decimalMark } from './page-language.js';

export interface PriceConventions {
  /** The page language's decimal mark; null when unknown. */
  decimal: ',' | '.' | null;
  language: string | null;
  region: string | null;
}

export const NO_CONVENTIONS: PriceConventions = { decimal: null, language: null, region: null };

export function conventionsOf(page: PageLanguage): PriceConventions {
  return { decimal: decimalMark(page), language: page.language, region: page.region };
}

export interface ShownAmount {
  amount: number;
  /** ISO 4217 code; null when the mark names several currencies and the page's region does not settle it. */
  currency: string | null;
  text: string;
  /** Where the match (mark included) starts and ends in the text. */
  start: number;
  end: number;
}

// Grouped the Indian way (1,23,456), grouped in threes (1.299,00 / 1,299.00 / 1 299 / 1'299.–), or plain (1299.00 / 19,99).
const AMOUNT = String.raw`\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?(?!\d)|\d{1,3}(?:[.,'’\u00a0\u202f\u2009 ]\d{3})+(?:[.,]\d{1,2}|[.,][-–])?(?!\d)|\d+(?:[.,]\d{1,2}|[.,][-–])?(?!\d)`;
// Signs (with a country prefix: US$, R$), ISO codes, and the local abbreviations shops write out.
const WORD_MARKS = String.raw`zł|Kč|Ft|kr|Kr|lei|Lei|LEI|руб|грн|тг|лв|Rs\.?|RM|Rp|TL|Fr\.?|ر\.س|د\.إ`;
const MARK = String.raw`[A-Z]{0,3}\p{Sc}|(?<!\p{L})(?:[A-Z]{3}|${WORD_MARKS})(?!\p{L})|원|円|元`;
const PRICE = new RegExp(String.raw`(${MARK})?[\s\u2029]*(?<![\d.,])(${AMOUNT})[\s\u2029]*(${MARK})?`, 'gu');
const MAX_AMOUNTS = 300;

// Currencies whose minor unit is a thousandth: `12.500 KWD` is twelve and a half.
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

// Marks that name several currencies: the page's region (or language) tells which.
const BY_REGION: Record<string, Record<string, string>> = {
  $: { US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD', MX: 'MXN', CL: 'CLP', AR: 'ARS', CO: 'COP', SG: 'SGD', HK: 'HKD', TW: 'TWD', UY: 'UYU' },
  kr: { SE: 'SEK', DK: 'DKK', NO: 'NOK', IS: 'ISK', sv: 'SEK', da: 'DKK', nb: 'NOK', nn: 'NOK', no: 'NOK', is: 'ISK' },
  rs: { IN: 'INR', PK: 'PKR', LK: 'LKR', NP: 'NPR', hi: 'INR', ur: 'PKR' },
  '¥': { CN: 'CNY', JP: 'JPY', zh: 'CNY', ja: 'JPY', default: 'JPY' },
  fr: { CH: 'CHF', LI: 'CHF' },
  tl: { TR: 'TRY', tr: 'TRY' },
};

/** The currency a mark names on this page: a code, null when ambiguous, undefined when it is no currency mark. */
export function currencyOfMark(mark: string, conventions: PriceConventions): string | null | undefined {
  const key = mark.replace(/[.\s]/g, '').toLowerCase();
  const choices = BY_REGION[key === 'kr' || key === 'rs' || key === 'fr' || key === 'tl' ? key : mark.trim()];
  if (choices) {
    const code =
      (conventions.region && choices[conventions.region]) ||
      (conventions.language && choices[conventions.language]) ||
      choices.default ||
      null;
    // "Fr." outside Switzerland is more often a weekday than francs.
    return code ?? (key === 'fr' ? undefined : null);
  }
  const code = normaliseCurrency(mark);
  if (code !== null) return code;
  // A currency sign the normaliser does not pin to one currency is still a price mark.
  return /\p{Sc}/u.test(mark) ? null : undefined;
}

/**
 * The value of an amount as written. The last `.` or `,` followed by one or two digits is the decimal
 * mark; followed by three it groups thousands (`24.990`, `1,299`), except for a currency whose minor
 * unit is a thousandth written with the language's own decimal mark. Spaces and `'` only group.
 */
export function amountValue(digits: string, currency: string | null, conventions: PriceConventions): number | null {
  const written = digits.replace(/[.,][-–]$/, '');
  const parts = written.split(/([.,'’\u00a0\u202f\u2009 ])/);
  const groups = parts.filter((_, i) => i % 2 === 0);
  const separators = parts.filter((_, i) => i % 2 === 1);
  const last = separators[separators.length - 1];
  const tail = groups[groups.length - 1] ?? '';
  let decimal = last !== undefined && (last === '.' || last === ',') && tail.length <= 2;
  if (last !== undefined && separators.length === 1 && tail.length === 3 && currency !== null && THREE_DECIMALS.has(currency))
    decimal = last === (conventions.decimal ?? '.');
  const integer = (decimal ? groups.slice(0, -1) : groups).join('');
  const value = Number(decimal ? `${integer}.${tail}` : integer);
  return Number.isFinite(value) && integer !== '' ? value : null;
}

/**
 * Every amount with a currency mark in the text, in order. A word that is no currency (`UVP 129 €`)
 * stays out of the match, and a mark that starts the next amount (`£399 £349`) is not taken as a
 * trailing mark of this one.
 */
export function amountsIn(text: string, conventions: PriceConventions = NO_CONVENTIONS): ShownAmount[] {
  const found: ShownAmount[] = [];
  const pattern = new RegExp(PRICE);
  for (let match = pattern.exec(text); match !== null && found.length < MAX_AMOUNTS; match = pattern.exec(text)) {
    const [whole, before, digits = '', after] = match;
    const digitsStart = match.index + whole.indexOf(digits, before?.length ?? 0);
    const digitsEnd = digitsStart + digits.length;
    const beforeCode = before === undefined ? undefined : currencyOfMark(before, conventions);
    let afterCode = after === undefined ? undefined : currencyOfMark(after, conventions);
    const nextStartsHere = /^[\s\u2029]*\d/.test(text.slice(match.index + whole.length));
    if (beforeCode !== undefined && nextStartsHere) afterCode = undefined;
    if (after !== undefined && afterCode === undefined) pattern.lastIndex = digitsEnd;
    const currencies = [beforeCode, afterCode].filter((code) => code !== undefined);
    if (currencies.length === 0) continue;
    const currency = currencies.find((code) => code !== null) ?? null;
    const amount = amountValue(digits, currency, conventions);
    if (amount === null) continue;
    const start = beforeCode === undefined ? digitsStart : match.index;
    const end = afterCode === undefined ? digitsEnd : match.index + whole.length;
    found.push({ amount, currency, text: text.slice(start, end), start, end });
  }
  return found;
}
