/** The language and region a page declares, which decide how its prices are written. */
import type { CheerioAPI } from 'cheerio';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

export interface PageLanguage {
  /** ISO 639 primary subtag, lower case (`de`); null when the page declares none. */
  language: string | null;
  /** ISO 3166 region, upper case (`CH`); null when the page declares none. */
  region: string | null;
}

const TAG = /^([a-z]{2,3})(?:[-_](?:[a-z]{4}[-_])?([a-z]{2}))?\b/i;

function parseTag(value: string | undefined): PageLanguage | null {
  const match = TAG.exec((value ?? '').trim());
  if (!match) return null;
  return { language: match[1]!.toLowerCase(), region: match[2]?.toUpperCase() ?? null };
}

/**
 * From `<html lang>`, then the content-language meta, then `og:locale` (`en_GB`). The first declared
 * language wins; its region comes from the first declaration of the same language that has one.
 */
export function pageLanguage($: CheerioAPI): PageLanguage {
  // Through the page's tag index: a selector query would walk the whole document once more.
  const metas = elementsNamed($, 'meta');
  const meta = (test: (attribs: Record<string, string>) => boolean) => metas.find((element) => test(element.attribs))?.attribs.content;
  const declared = [
    elementsNamed($, 'html')[0]?.attribs.lang,
    meta((attribs) => attribs['http-equiv']?.toLowerCase() === 'content-language')?.split(',')[0],
    meta((attribs) => attribs.property === 'og:locale'),
  ]
    .map(parseTag)
    .filter((tag): tag is PageLanguage => tag !== null);
  const first = declared[0];
  if (!first) return { language: null, region: null };
  const region = declared.find((tag) => tag.language === first.language && tag.region !== null)?.region ?? null;
  return { language: first.language, region };
}

// Languages whose pages write `1.299,00` (or `1 299,00`); their regions that write `1'299.00` or `1,299.00` are listed apart.
const COMMA_DECIMAL = new Set(
  'de fr es it pt nl pl cs sk ru uk be kk sl hr sr bs mk bg ro hu lt lv et fi sv da nb nn no is tr el id vi az ka hy sq ca eu gl'.split(
    ' ',
  ),
);
const DOT_DECIMAL_REGIONS = new Set(['CH', 'LI', 'MX', 'US', 'PR', 'GT', 'DO', 'HN', 'NI', 'PA', 'SV', 'PE']);

/** The decimal mark the page's language writes; null when the page declares no language. */
export function decimalMark(page: PageLanguage): ',' | '.' | null {
  if (page.language === null) return null;
  if (!COMMA_DECIMAL.has(page.language)) return '.';
  return page.region !== null && DOT_DECIMAL_REGIONS.has(page.region) ? '.' : ',';
}
