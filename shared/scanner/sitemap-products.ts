import type { SitemapArtifact } from '#shared/scanner/artifacts.js';
import { looksLikeProductUrl } from '#shared/scanner/parse/sitemap.js';

/** Product URLs listed by a sitemap and its fetched children, in document order, each once. */
export function productUrlsInSitemaps(sitemap: SitemapArtifact | null): string[] {
  if (!sitemap) return [];
  const entries = [...(sitemap.parsed?.urls ?? []), ...sitemap.children.flatMap((child) => child.parsed?.urls ?? [])];
  return [...new Set(entries.map((entry) => entry.loc).filter(looksLikeProductUrl))];
}
