/**
 * A deliberately naive, regex-only search of raw HTML for offer values in structured-data
 * positions: JSON-LD script text, `itemprop=`/`property=` attributes and Open Graph meta.
 * It shares no code with the extractor, so the real-page test can tell "the page exposes this
 * value in markup" apart from "the extractor found it". It over-reports (it ignores scopes and
 * reads every number two ways), which only makes the test stricter.
 */

export interface MarkupValues {
  price: string[];
  currency: string[];
  availability: string[];
}

const PRICE_KEYS = new Set(['price', 'lowprice']);
const OG_PRICE = new Set(['product:price:amount', 'og:price:amount', 'og:price', 'product:sale_price:amount']);
const OG_CURRENCY = new Set(['product:price:currency', 'og:price:currency']);
const OG_AVAILABILITY = new Set(['product:availability', 'og:availability']);

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function textAfter(html: string, from: number): string {
  return html
    .slice(from, from + 600)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

function add(values: MarkupValues, key: 'price' | 'currency' | 'availability', value: string | undefined): void {
  if (value !== undefined && value.trim() !== '') values[key].push(value.trim());
}

export function markupValues(html: string): MarkupValues {
  const values: MarkupValues = { price: [], currency: [], availability: [] };

  for (const block of html.matchAll(/<script\b[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script\s*>/gi)) {
    const json = (block[1] ?? '').replace(/\\\//g, '/');
    for (const m of json.matchAll(/"(price|lowPrice)"\s*:\s*"?([^",}\]]*)/gi)) add(values, 'price', m[2]);
    for (const m of json.matchAll(/"priceCurrency"\s*:\s*"([^"]*)"/gi)) add(values, 'currency', m[1]);
    for (const m of json.matchAll(/"availability"\s*:\s*"([^"]*)"/gi)) add(values, 'availability', m[1]);
  }

  for (const m of html.matchAll(/<[a-z][a-z0-9]*\s[^>]*?\b(?:itemprop|property)\s*=\s*["']?([^"'\s>]+)[^>]*>/gi)) {
    const tag = m[0];
    const name = (m[1] ?? '').replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, '').toLowerCase();
    const key =
      PRICE_KEYS.has(name) || OG_PRICE.has(name)
        ? 'price'
        : name === 'pricecurrency' || OG_CURRENCY.has(name)
          ? 'currency'
          : name === 'availability' || OG_AVAILABILITY.has(name)
            ? 'availability'
            : null;
    if (key === null) continue;
    const value = attribute(tag, 'content') ?? attribute(tag, 'href') ?? textAfter(html, (m.index ?? 0) + tag.length);
    add(values, key, value);
    if (name === 'og:price') add(values, 'currency', value.replace(/[\d.,\s]/g, ''));
  }

  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const name = (attribute(m[0], 'name') ?? '').toLowerCase();
    const content = attribute(m[0], 'content');
    if (OG_PRICE.has(name)) add(values, 'price', content);
    // `og:price` is sometimes a display string ("30,000원~"): what is not the number is the currency.
    if (name === 'og:price' || name === 'og:price:amount') add(values, 'currency', content?.replace(/[\d.,\s]/g, ''));
    else if (OG_CURRENCY.has(name)) add(values, 'currency', content);
    else if (OG_AVAILABILITY.has(name)) add(values, 'availability', content);
  }
  return values;
}

/** Every number in the strings, read both with the last `.`/`,` as decimal point and as an integer. */
export function numbersIn(texts: readonly string[]): Set<number> {
  const numbers = new Set<number>();
  for (const text of texts) {
    for (const m of text.matchAll(/\d+(?:[.,\s]\d+)*/g)) {
      const token = m[0].replace(/\s/g, '');
      const lastMark = Math.max(token.lastIndexOf('.'), token.lastIndexOf(','));
      const asInteger = Number(token.replace(/[.,]/g, ''));
      const asDecimal =
        lastMark === -1 ? asInteger : Number(`${token.slice(0, lastMark).replace(/[.,]/g, '')}.${token.slice(lastMark + 1)}`);
      numbers.add(asInteger);
      numbers.add(asDecimal);
    }
  }
  return numbers;
}

/** `http://schema.org/InStock`, `in stock`, `InStock` -> `instock`. */
export function availabilityKey(value: string): string {
  return value
    .slice(value.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
