import type { SitemapArtifact } from '#shared/scanner/artifacts.js';
import { decodeURIComponentSafe, isGiftCardPath, looksLikeProductUrl, type SitemapUrl } from '#shared/scanner/parse/sitemap-parser.js';

/**
 * Child sitemaps are fetched only because their URL names products (Shopify `sitemap_products_1.xml`,
 * Yoast `product-sitemap.xml`), so their entries count as products whatever the URL pattern
 * (BigCommerce and Magento product URLs are bare slugs), except the home page Shopify lists first.
 */
function isProductInChild(loc: string): boolean {
  const path = new URL(loc).pathname;
  return path !== '/' && !isGiftCardPath(decodeURIComponentSafe(path));
}

/** Product entries of the sitemap and its fetched children, in document order, deduplicated by URL. */
export function productEntries(sitemap: SitemapArtifact | null): SitemapUrl[] {
  if (!sitemap?.parsed) return [];
  const fromParent = sitemap.parsed.urls.filter((entry) => looksLikeProductUrl(entry.loc));
  const fromChildren = sitemap.children.flatMap((child) => (child.parsed?.urls ?? []).filter((entry) => isProductInChild(entry.loc)));
  const byUrl = new Map<string, SitemapUrl>();
  for (const entry of [...fromParent, ...fromChildren]) if (!byUrl.has(entry.loc)) byUrl.set(entry.loc, entry);
  return [...byUrl.values()];
}

/** Product URLs in the sitemap, in document order, deduplicated, gift cards skipped: candidates for product page discovery. */
export function productUrlsFromSitemap(sitemap: SitemapArtifact | null): string[] {
  return productEntries(sitemap).map((entry) => entry.loc);
}
