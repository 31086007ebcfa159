import type { PageArtifact } from '#shared/scanner/artifacts.js';

/**
 * The Markdown version a page links: `<link rel="alternate" type="text/markdown" href>` in its head,
 * or the same relation in an HTTP `Link` header. Null when it links none.
 */
export function markdownLinkOf(page: PageArtifact): string | null {
  const $ = page.document;
  const element = $?.('link[rel][type][href]')
    .toArray()
    .find((el) => (el.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('alternate') && /^\s*text\/markdown\b/i.test(el.attribs.type ?? ''));
  if (element?.attribs.href) return element.attribs.href;
  const header = page.retrieval.state === 'fetched' ? (page.retrieval.resource.headers.link ?? '') : '';
  for (const part of header.split(/,(?=\s*<)/)) {
    const target = /^\s*<([^>]*)>/.exec(part)?.[1];
    if (target && /;\s*rel="?[^";]*\balternate\b/i.test(part) && /;\s*type="?text\/markdown\b/i.test(part)) return target;
  }
  return null;
}
