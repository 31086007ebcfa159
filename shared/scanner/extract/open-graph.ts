/** Open Graph reader: `og:*` plus the type namespaces (`product:*`, `article:*`, ...) on `<meta>`. */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { elementsNamed } from '#shared/scanner/parse/elements.js';

// Shops write both `property=` (the spec) and `name=`; both are read.
const OG_KEY = /^(?:og|product|article|book|profile|music|video|fb):\S/;

export function readOpenGraph($: CheerioAPI): Record<string, string[]> {
  return readOpenGraphMetas(elementsNamed($, 'meta'));
}

/** Same as `readOpenGraph`, over meta elements the caller already collected. */
export function readOpenGraphMetas(metas: readonly Element[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const meta of metas) {
    const key = (meta.attribs.property ?? meta.attribs.name ?? '').trim().toLowerCase();
    const content = meta.attribs.content?.trim();
    if (content === undefined || content === '' || !OG_KEY.test(key)) continue;
    const list = result[key];
    if (list === undefined) result[key] = [content];
    else list.push(content);
  }
  return result;
}
