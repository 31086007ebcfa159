import type { PageArtifact } from '#shared/scanner/artifacts.js';
import { entityValues, firstText } from '#shared/scanner/extract/entity.js';
import { isAllowed, type RobotsTxt } from '#shared/scanner/parse/robots.js';
import { looksLikeProductUrl } from '#shared/scanner/parse/sitemap-parser.js';
import { SCANNER_ROBOTS_TOKEN } from '#shared/outbound/user-agent.js';

const maxCandidates = 40;

function sameSite(url: URL, origin: URL): boolean {
  const strip = (host: string) => host.replace(/^www\./, '');
  return strip(url.hostname) === strip(origin.hostname);
}

function normalise(href: string, base: string): URL | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/** Product URLs the homepage declares: links that look like product pages, and ItemList entries in its JSON-LD. */
export function productLinksOnPage(page: PageArtifact): string[] {
  if (!page.facts || page.retrieval.state !== 'fetched') return [];
  const base = page.retrieval.resource.finalUrl;
  const found: string[] = [];
  for (const list of page.structured?.jsonLd.entities.filter((e) => e.types.includes('ItemList')) ?? []) {
    for (const item of entityValues(list, 'itemListElement')) {
      const url =
        firstText(item, 'url') ??
        entityValues(item, 'item')
          .map((inner) => firstText(inner, 'url'))
          .find(Boolean) ??
        null;
      if (url) found.push(url);
    }
  }
  for (const anchor of page.facts.anchors) {
    const url = normalise(anchor.href, base);
    if (url && looksLikeProductUrl(url.toString())) found.push(url.toString());
  }
  return found.map((href) => normalise(href, base)?.toString()).filter((url): url is string => url !== undefined);
}

/**
 * Orders candidate product URLs (already chosen as products by their source) for fetching: same site only, allowed for the scanner by robots.txt,
 * each URL once, and distinct path prefixes first so a growth scan sees more than one collection.
 */
export function rankCandidates(candidates: readonly string[], origin: string, robots: RobotsTxt, exclude: ReadonlySet<string>): string[] {
  const originUrl = new URL(origin);
  const seen = new Set<string>(exclude);
  const accepted: URL[] = [];
  for (const raw of candidates) {
    const url = normalise(raw, origin);
    if (!url || !sameSite(url, originUrl)) continue;
    const key = url.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    if (!isAllowed(robots, SCANNER_ROBOTS_TOKEN, `${url.pathname}${url.search}`)) continue;
    accepted.push(url);
    if (accepted.length >= maxCandidates) break;
  }
  const prefixOf = (url: URL) => url.pathname.split('/').slice(0, -1).join('/');
  const firstOfPrefix: URL[] = [];
  const rest: URL[] = [];
  const prefixes = new Set<string>();
  for (const url of accepted) {
    if (prefixes.has(prefixOf(url))) rest.push(url);
    else {
      prefixes.add(prefixOf(url));
      firstOfPrefix.push(url);
    }
  }
  return [...firstOfPrefix, ...rest].map(String);
}

/**
 * More add-to-cart controls outside rows of tiles than a product page has (add to cart and buy now, and a
 * sticky bar's copies) make a listing that lays out its products in some other way.
 */
const maxOwnCartControls = 4;

/**
 * A fetched page counts as a product page only once confirmed (the rubric's discovery rules): product
 * markup, og:type product, or its own add-to-cart control (or, on a marketplace or classified, its own bid,
 * offer or contact-the-seller control; on an out-of-stock page, its stock alert or disabled "Sold out"
 * button) with the product's own price in its text (the main price "what
 * agents see" reads: beside the title or the button, not crossed out, not in a tile; or, where no one amount
 * can be told as the price, amounts shown in its buy box). Controls in rows of tiles are other products'
 * (product-tiles.ts): a listing with a button per tile has none of its own.
 */
export function isConfirmedProduct(page: Pick<PageArtifact, 'product' | 'structured' | 'facts' | 'agentView'>): boolean {
  if (hasProductMarkup(page)) return true;
  const cart = page.facts?.addToCart;
  const ownCart = cart?.control != null && cart.controls >= 1 && cart.controls <= maxOwnCartControls;
  const { deals = 0, stockAlerts = 0 } = page.facts?.buyBoxControls ?? {};
  if (!ownCart && deals === 0 && stockAlerts === 0) return false;
  return (page.agentView?.price != null && page.agentView.sources.price === 'text') || cart?.priceBeside === true;
}

/** Product markup, or og:type product. */
export function hasProductMarkup(page: Pick<PageArtifact, 'product' | 'structured'>): boolean {
  if (page.product !== null) return true;
  const ogType = page.structured?.openGraph['og:type']?.[0]?.toLowerCase() ?? '';
  return ogType === 'product' || ogType === 'og:product' || ogType === 'product.item';
}
