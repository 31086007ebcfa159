import type { PageArtifact } from '#shared/scanner/artifacts.js';

/**
 * The targets a page declares for a link relation, resolved against the page: its HTTP `Link` header
 * first (RFC 8288), then its `<link rel>` elements, each URL once. How AI Catalog (`ai-catalog`) and
 * RFC 9727 (`api-catalog`) catalogs are advertised besides their /.well-known paths.
 */
export function linkTargets(page: PageArtifact, relation: string): string[] {
  if (page.retrieval.state !== 'fetched') return [];
  const { headers, finalUrl } = page.retrieval.resource;
  const wanted = relation.toLowerCase();
  const fromHeader = (headers.link ?? '').split(/,(?=\s*<)/).flatMap((part) => {
    const target = /^\s*<([^>]*)>/.exec(part)?.[1];
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(part);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    return target !== undefined && relations.includes(wanted) ? [target] : [];
  });
  const fromElements = (page.facts?.links ?? []).filter((link) => link.rel.split(/\s+/).includes(wanted)).map((link) => link.href);
  const resolved = [...fromHeader, ...fromElements].flatMap((href) => {
    try {
      return [new URL(href.trim(), finalUrl).toString()];
    } catch {
      return [];
    }
  });
  return [...new Set(resolved)];
}
