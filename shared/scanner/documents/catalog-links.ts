import type { Retrieval } from '#shared/scanner/artifacts.js';
import { documentNames, documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';
import { arrayOrEmpty, isHttpUrl, isRecord, readJsonBody } from '#shared/scanner/parse/well-known/json-body.js';
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
 * `mediaType`), in the catalog's order, each URL once, at most `maxCatalogLinks`. Only absolute http(s)
 * URLs: the fetcher's SSRF guard judges each before it is asked.
 */
export function catalogLinks(catalog: Retrieval, wanted: (name: DocumentName) => boolean): CatalogLink[] {
  const body = successBody(catalog);
  if (body === null) return [];
  const json = readJsonBody(body);
  if (!json.ok || !isRecord(json.value)) return [];
  const byType = new Map<string, DocumentName>();
  for (const name of documentNames) {
    if (wanted(name)) for (const type of documentOf(name).catalogTypes ?? []) byType.set(type, name);
  }
  const links: CatalogLink[] = [];
  const seen = new Set<string>();
  for (const entry of arrayOrEmpty(json.value.entries)) {
    if (!isRecord(entry)) continue;
    const type = [entry.type, entry.mediaType].find((value): value is string => typeof value === 'string');
    const document = type === undefined ? undefined : byType.get(type.toLowerCase());
    if (document === undefined || !isHttpUrl(entry.url) || seen.has(entry.url)) continue;
    seen.add(entry.url);
    links.push({ document, url: entry.url });
    if (links.length === maxCatalogLinks) break;
  }
  return links;
}
