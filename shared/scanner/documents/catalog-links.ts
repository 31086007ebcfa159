import type { Retrieval } from '#shared/scanner/artifacts.js';
import { documentNames, documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';
import { validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import { isHttpUrl } from '#shared/scanner/parse/well-known/json-body.js';
import { successBody } from '#shared/scanner/site-files.js';

/**
 * How many AI Catalog entries a scan follows (docs/decisions/103-found-where-the-standard-puts-it.md): one
 * request each, in the round after the catalog, counted in the scan's budget like every other.
 */
export const maxCatalogLinks = 4;

export interface CatalogLink {
  document: DocumentName;
  url: string;
}

/**
 * The entries of a served AI Catalog that point at a document the scanner reads (by `type`, or the older
 * `mediaType`, as its reader gives them), in the catalog's order, each URL once, at most `maxCatalogLinks`. Only absolute http(s)
 * URLs: the fetcher's SSRF guard judges each before it is asked.
 */
export function catalogLinks(catalog: Retrieval, wanted: (name: DocumentName) => boolean): CatalogLink[] {
  const body = successBody(catalog);
  const read = body === null ? null : validateAiCatalog(body);
  if (read === null || !read.present) return [];
  const byType = new Map<string, DocumentName>();
  for (const name of documentNames) {
    if (wanted(name)) for (const type of documentOf(name).catalogTypes ?? []) byType.set(type, name);
  }
  const links: CatalogLink[] = [];
  const seen = new Set<string>();
  for (const entry of read.entries) {
    const document = byType.get(entry.type.toLowerCase());
    if (document === undefined || !isHttpUrl(entry.url) || seen.has(entry.url)) continue;
    seen.add(entry.url);
    links.push({ document, url: entry.url });
    if (links.length === maxCatalogLinks) break;
  }
  return links;
}
