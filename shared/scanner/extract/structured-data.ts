/** One entry point over all structured-data readers. */
import { load } from 'cheerio/slim';
import type { CheerioAPI } from 'cheerio';
import { readJsonLdScripts } from './json-ld.js';
import { readMicrodata } from './microdata.js';
import { readOpenGraphMetas } from './open-graph.js';
import { readRdfa } from './rdfa.js';
import { scanDocument } from './scan.js';
import type { StructuredData } from './types.js';

/**
 * Reads JSON-LD, microdata, RDFa Lite and Open Graph from a page. Pass the engine's already-parsed
 * cheerio document to avoid parsing the page twice; a string is parsed here.
 */
export function extractStructuredData(html: string | CheerioAPI, pageUrl: string): StructuredData {
  const $ = typeof html === 'string' ? load(html) : html;
  const scan = scanDocument($);
  return {
    jsonLd: readJsonLdScripts(scan.scripts, pageUrl),
    microdata: scan.hasMicrodata ? readMicrodata($, pageUrl) : [],
    rdfa: scan.hasRdfa ? readRdfa($, pageUrl) : [],
    openGraph: readOpenGraphMetas(scan.metas),
  };
}
