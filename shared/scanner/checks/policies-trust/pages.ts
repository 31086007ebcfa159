/** What the policies_trust checks share: the pages whose markup they read, and the shop's own name and country. */
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { allEntities, findOrganizations, findWebSites, firstText } from '#shared/scanner/extract/index.js';
import type { Entity } from '#shared/scanner/extract/index.js';
import { unreadableReason } from '#shared/scanner/checks/product-data/pages.js';
import type { PageFacts } from '#shared/scanner/page-facts.js';

export { jsonLdScript } from '#shared/scanner/checks/product-data/pages.js';

export interface MarkupPage {
  url: string;
  kind: 'homepage' | 'product';
  entities: Entity[];
  facts: PageFacts;
  openGraph: Record<string, string[]>;
}

/** The homepage and product pages whose markup could be read, homepage first, each URL once. */
export function markupPages(artifacts: Artifacts): MarkupPage[] {
  const seen = new Set<string>();
  const pages: MarkupPage[] = [];
  const productUrls = new Set(artifacts.productPages.map((p) => p.url));
  for (const page of [artifacts.homepage, ...artifacts.productPages]) {
    if (unreadableReason(page) !== null || page.structured === null || page.facts === null || seen.has(page.url)) continue;
    seen.add(page.url);
    // A scanned URL that is itself a product is both the homepage artifact and a product page.
    const kind = productUrls.has(page.url) ? 'product' : page.kind;
    pages.push({ url: page.url, kind, entities: allEntities(page.structured), facts: page.facts, openGraph: page.structured.openGraph });
  }
  return pages;
}

/** Product pages were read: offers, where per-offer policies sit, were seen. */
export function productPagesRead(pages: readonly MarkupPage[]): boolean {
  return pages.some((p) => p.kind === 'product');
}

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
