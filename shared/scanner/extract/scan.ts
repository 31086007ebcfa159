/** One pass over the document that collects what the readers need, so each page is walked once. */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { documentRoot, walkElements } from './dom.js';

export interface DocumentScan {
  scripts: Element[];
  metas: Element[];
  /** Any `itemscope`: the microdata reader has work to do. */
  hasMicrodata: boolean;
  /** Any `typeof`: the RDFa reader has work to do (properties outside a typeof are ignored). */
  hasRdfa: boolean;
}

export function scanDocument($: CheerioAPI): DocumentScan {
  const scan: DocumentScan = { scripts: [], metas: [], hasMicrodata: false, hasRdfa: false };
  const root = documentRoot($);
  if (root === undefined) return scan;
  walkElements(root, scan, (el) => {
    if (el.name === 'script') scan.scripts.push(el);
    else if (el.name === 'meta') scan.metas.push(el);
    if (el.attribs.itemscope !== undefined) scan.hasMicrodata = true;
    if (el.attribs.typeof !== undefined) scan.hasRdfa = true;
    return scan;
  });
  return scan;
}
