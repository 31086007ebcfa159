import type { PageArtifact } from '#shared/scanner/artifacts.js';

/**
 * The Markdown version a page links: `<link rel="alternate" type="text/markdown" href>` in its head,
 * or the same relation in an HTTP `Link` header. Null when it links none.
 */
export function markdownLinkOf(page: PageArtifact): string | null {
  const element = page.facts?.links.find((link) => link.rel.split(/\s+/).includes('alternate') && /^\s*text\/markdown\b/i.test(link.type));
  if (element?.href) return element.href;
  const header = page.retrieval.state === 'fetched' ? (page.retrieval.resource.headers.link ?? '') : '';
  for (const part of header.split(/,(?=\s*<)/)) {
    const target = /^\s*<([^>]*)>/.exec(part)?.[1];
    if (target && /;\s*rel="?[^";]*\balternate\b/i.test(part) && /;\s*type="?text\/markdown\b/i.test(part)) return target;
  }
  return null;
}
