/**
 * XML sitemaps (sitemaps.org 0.9): urlset or sitemapindex, plain or gzip.
 *
 * Types
 * - `ParsedSitemap`: `kind` ('urlset' | 'sitemapindex' | 'invalid'), page `urls` with an optional
 *   valid `lastmod`, child sitemap URLs in `children`, whether caps cut it short (`truncated`),
 *   and `problems`.
 *
 * Safety: fast-xml-parser runs with entity processing off, so DOCTYPE entities (billion laughs,
 * XXE) are never expanded; the five predefined XML entities and numeric character references in
 * `<loc>` are decoded here in a single non-recursive pass. Gzip output is capped (10 MiB by
 * default); an oversized file is parsed up to the cap and marked truncated, as is a body that was
 * cut off mid-document by the fetcher's size cap.
 */

import { gunzipSync, constants as zlibConstants } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { looksLikeHtmlDocument, stripBom } from './soft-404.js';

export type SitemapKind = 'urlset' | 'sitemapindex' | 'invalid';

export interface SitemapUrl {
  loc: string;
  /** W3C datetime as written, present only when it parses as a date. */
  lastmod?: string;
}

export interface ParsedSitemap {
  kind: SitemapKind;
  urls: SitemapUrl[];
  /** Child sitemap URLs of a sitemapindex. */
  children: string[];
  /** Entries or bytes beyond the caps were dropped, or the document was cut off. */
  truncated: boolean;
  problems: string[];
}

export interface SitemapLimits {
  maxEntries?: number;
  maxDecompressedBytes?: number;
}

export const SITEMAP_MAX_ENTRIES = 50_000;
export const SITEMAP_MAX_DECOMPRESSED_BYTES = 10 * 1024 * 1024;

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

export function parseSitemap(body: Buffer | string, limits: SitemapLimits = {}): ParsedSitemap {
  const maxEntries = limits.maxEntries ?? SITEMAP_MAX_ENTRIES;
  const maxBytes = limits.maxDecompressedBytes ?? SITEMAP_MAX_DECOMPRESSED_BYTES;
  const problems: string[] = [];

  const decoded = decodeBody(body, maxBytes);
  if (decoded.error) return invalid([decoded.error]);
  let truncated = decoded.truncated;
  if (truncated) problems.push(`sitemap exceeds ${maxBytes} bytes; only the first part was read`);

  const text = stripBom(decoded.text).trim();
  if (text === '') return invalid(['empty body']);
  if (looksLikeHtmlDocument(text)) return invalid(['HTML page served instead of a sitemap (soft 404)']);

  const wellFormed = XMLValidator.validate(text) === true;
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    return invalid([`not parseable as XML: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const root = asRecord(document) ?? {};
  const rootName = Object.keys(root).find((key) => !key.startsWith('?'));
  if (rootName !== 'urlset' && rootName !== 'sitemapindex') {
    return invalid([rootName ? `root element <${rootName}> is not urlset or sitemapindex` : 'not an XML sitemap']);
  }

  const rootElement = asRecord(root[rootName]);
  let entries = asArray(rootName === 'urlset' ? rootElement?.url : rootElement?.sitemap);
  if (!wellFormed) {
    // The parser is lenient; on a cut-off document the last entry may be partial, so drop it.
    truncated = true;
    entries = entries.slice(0, -1);
    problems.push('XML is not well-formed (probably cut off); the last entry was dropped');
  }
  if (entries.length > maxEntries) {
    truncated = true;
    problems.push(`more than ${maxEntries} entries; the rest were ignored`);
    entries = entries.slice(0, maxEntries);
  }

  const urls: SitemapUrl[] = [];
  let badLocs = 0;
  let badLastmods = 0;
  for (const entry of entries) {
    const record = asRecord(entry);
    const loc = absoluteHttpUrl(decodeXmlText(textOf(record?.loc)));
    if (!loc) {
      badLocs++;
      continue;
    }
    const lastmodText = textOf(record?.lastmod).trim();
    const lastmodValid = lastmodText !== '' && !Number.isNaN(Date.parse(lastmodText));
    if (lastmodText !== '' && !lastmodValid) badLastmods++;
    urls.push(lastmodValid ? { loc, lastmod: lastmodText } : { loc });
  }
  if (badLocs > 0) problems.push(`${badLocs} entries without an absolute http(s) <loc> were skipped`);
  if (badLastmods > 0) problems.push(`${badLastmods} entries have an unparseable <lastmod>`);

  if (rootName === 'urlset') return { kind: 'urlset', urls, children: [], truncated, problems };
  return { kind: 'sitemapindex', urls: [], children: [...new Set(urls.map((u) => u.loc))], truncated, problems };
}

function invalid(problems: string[]): ParsedSitemap {
  return { kind: 'invalid', urls: [], children: [], truncated: false, problems };
}

function decodeBody(body: Buffer | string, maxBytes: number): { text: string; truncated: boolean; error?: string } {
  if (typeof body === 'string') return { text: body, truncated: false };
  if (body[0] !== 0x1f || body[1] !== 0x8b) {
    return body.length > maxBytes
      ? { text: body.subarray(0, maxBytes).toString('utf8'), truncated: true }
      : { text: body.toString('utf8'), truncated: false };
  }
  try {
    return { text: gunzipSync(body, { maxOutputLength: maxBytes }).toString('utf8'), truncated: false };
  } catch (error) {
    if (!(error instanceof RangeError)) return { text: '', truncated: false, error: 'gzip data is corrupt' };
  }
  return { text: gunzipPrefix(body, maxBytes), truncated: true };
}

/**
 * Node's sync gunzip returns nothing once the output cap is hit, so decompress ever shorter
 * prefixes of the input (a flushing decompress accepts a cut-off stream) until one fits.
 */
function gunzipPrefix(body: Buffer, maxBytes: number): string {
  for (let length = Math.floor(body.length / 2); length > 0; length = Math.floor(length / 2)) {
    try {
      const options = { maxOutputLength: maxBytes, finishFlush: zlibConstants.Z_SYNC_FLUSH };
      return gunzipSync(body.subarray(0, length), options).toString('utf8');
    } catch {
      // Still over the cap (or cut inside the header): try a shorter prefix.
    }
  }
  return '';
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const record = asRecord(value);
  return typeof record?.['#text'] === 'string' ? record['#text'] : '';
}

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes predefined and numeric references only; anything else (custom entities) stays literal. */
function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/gi, (reference, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
    }
    return PREDEFINED_ENTITIES[name.toLowerCase()] ?? reference;
  });
}

function absoluteHttpUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

const PRODUCT_PATH = /\/(?:products?|p|dp|item)\/[^/?#]+|-p-\d+(?:[./?#]|$)/i;
const GIFT_CARD = /gift[-_ ]?cards?|gift[-_ ]?certificates?|gift[-_ ]?vouchers?|e-?gift/i;

/** Product URL patterns from docs/rubric.md discovery (`/products/`, `/product/`, `/p/`, `/dp/`, `/item/`, `-p-123`), gift cards excluded. */
export function looksLikeProductUrl(url: string): boolean {
  let path: string;
  try {
    path = decodeURIComponentSafe(new URL(url, 'https://placeholder.invalid').pathname);
  } catch {
    return false;
  }
  return PRODUCT_PATH.test(path) && !GIFT_CARD.test(path);
}

/** Gift cards are products no agent needs to read: discovery skips them. */
export function isGiftCardPath(decodedPath: string): boolean {
  return GIFT_CARD.test(decodedPath);
}

export function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Taxonomy sitemaps that mention products but list categories, tags or brands. */
const PRODUCT_TAXONOMY = /product[-_]?(?:cat|categor|tag|brand|attribute|type)/i;

/**
 * Children of a sitemap index whose URL names products, e.g. Shopify `sitemap_products_1.xml`,
 * Yoast `product-sitemap.xml`, BigCommerce `xmlsitemap.php?type=products`. Order kept, deduplicated.
 */
export function pickProductSitemaps(children: readonly string[]): string[] {
  const picked = children.filter((child) => {
    let target: string;
    try {
      const url = new URL(child);
      target = `${url.pathname}${url.search}`;
    } catch {
      return false;
    }
    return /product/i.test(target) && !PRODUCT_TAXONOMY.test(target);
  });
  return [...new Set(picked)];
}
