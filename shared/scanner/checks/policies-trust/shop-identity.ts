/** The shop's own name and main country, for the policies_trust snippets. */
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { markupPages, type MarkupPage } from '#shared/scanner/checks/read-artifacts.js';
import { findOrganizations, findWebSites, firstText } from '#shared/scanner/extract/index.js';

function homepageMarkup(artifacts: Artifacts): MarkupPage | null {
  return markupPages(artifacts).find((p) => p.kind === 'homepage') ?? null;
}

/** The shop's name for snippets: its Organization, og:site_name, WebSite, the title, or the host. */
export function shopName(artifacts: Artifacts): string {
  const home = homepageMarkup(artifacts);
  const structured = artifacts.homepage.structured;
  const fromMarkup =
    (structured &&
      findOrganizations(structured)
        .map((o) => firstText(o, 'name'))
        .find((n) => n !== null)) ??
    home?.openGraph['og:site_name']?.[0] ??
    (structured &&
      findWebSites(structured)
        .map((w) => firstText(w, 'name'))
        .find((n) => n !== null)) ??
    home?.facts.title.split(/\s[|–—-]\s/)[0]?.trim();
  return fromMarkup || new URL(artifacts.site.origin).hostname.replace(/^www\./, '');
}

const CURRENCY_COUNTRY: Record<string, string> = {
  GBP: 'GB',
  USD: 'US',
  CAD: 'CA',
  AUD: 'AU',
  NZD: 'NZ',
  CHF: 'CH',
  SEK: 'SE',
  NOK: 'NO',
  DKK: 'DK',
  PLN: 'PL',
  CZK: 'CZ',
  HUF: 'HU',
  JPY: 'JP',
  INR: 'IN',
  BRL: 'BR',
  MXN: 'MX',
  ZAR: 'ZA',
  SGD: 'SG',
};
// Two-letter TLDs used as generic names rather than for their country.
const GENERIC_TLDS = new Set(['co', 'io', 'ai', 'me', 'tv', 'cc', 'fm', 'gg', 'ly', 'to']);

/** The shop's main country (ISO 3166-1 alpha-2), from `<html lang>`, the country TLD, or the currency; null when unknown. */
export function shopCountry(artifacts: Artifacts): string | null {
  const lang = artifacts.homepage.facts?.lang ?? '';
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(lang)?.[1];
  if (region) return region.toUpperCase();
  const tld = /\.([a-z]{2})$/i.exec(new URL(artifacts.site.origin).hostname)?.[1]?.toLowerCase();
  if (tld && !GENERIC_TLDS.has(tld)) return tld === 'uk' ? 'GB' : tld.toUpperCase();
  const currency = artifacts.productPages.map((p) => p.product?.currency).find((c) => c !== null && c !== undefined);
  return (currency && CURRENCY_COUNTRY[currency]) ?? null;
}
