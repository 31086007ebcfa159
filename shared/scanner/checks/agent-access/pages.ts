/**
 * Small readers over the scanned pages, shared by the agent-access and raw-html checks: which
 * pages there are, what was fetched, and why a page cannot be judged (so it leaves the denominator).
 */
import { describeSkip, type Artifacts, type PageArtifact, type Retrieval } from '#shared/scanner/artifacts.js';
import type { CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { outcome } from '#shared/scanner/checks/types.js';
import type { FetchedResource } from '#shared/outbound/types.js';
import type { BotWallVendor } from '#shared/scanner/parse/bot-wall-detector.js';

export const vendorNames: Record<BotWallVendor, string> = {
  cloudflare: 'Cloudflare',
  datadome: 'DataDome',
  perimeterx: 'PerimeterX/HUMAN',
  imperva: 'Imperva/Incapsula',
  kasada: 'Kasada',
  akamai: 'Akamai',
};

export function resourceOf(retrieval: Retrieval): FetchedResource | null {
  return retrieval.state === 'fetched' ? retrieval.resource : null;
}

/** The homepage and the product pages, each URL once (the scanned page may be both). */
export function scannedPages(artifacts: Artifacts): PageArtifact[] {
  const seen = new Set<string>();
  return [artifacts.homepage, ...artifacts.productPages].filter((page) => {
    if (seen.has(page.url)) return false;
    seen.add(page.url);
    return true;
  });
}

/** Why nothing was fetched: a deadline, robots.txt or a transport failure; null when fetched. */
export function retrievalProblem(retrieval: Retrieval): string | null {
  if (retrieval.state === 'skipped') {
    return describeSkip(retrieval.reason);
  }
  if (retrieval.state === 'failed') return `the request failed (${retrieval.reason.replace(/_/g, ' ')})`;
  return null;
}

/** Why a page's content cannot be judged (not fetched, bot wall, rate limited), or null when it can. */
export function unreadableReason(page: PageArtifact): string | null {
  const problem = retrievalProblem(page.retrieval);
  if (problem !== null) return problem;
  const wall = page.botWall;
  if (wall.kind === 'wall')
    return wall.vendor
      ? `a ${vendorNames[wall.vendor]} bot wall answered (${wall.evidence ?? 'challenge page'})`
      : `the site refused the scanner (${wall.evidence ?? 'refused'})`;
  if (wall.kind === 'rate_limited') return `the site rate limited the scanner (${wall.evidence ?? 'HTTP 429'})`;
  return null;
}

/** "the homepage" or the page's path, for summaries. */
export function pageLabel(page: PageArtifact): string {
  if (page.kind === 'homepage') return 'the homepage';
  try {
    const url = new URL(page.url);
    return url.pathname + url.search;
  } catch {
    return page.url;
  }
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
export function listNames(names: readonly string[], max = 4): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > max) return `${names.slice(0, max - 1).join(', ')} and ${names.length - max + 1} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

export function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}

/**
 * The product pages a product check reads, or the not_assessed outcome when there are none: the
 * tier did not include product pages, or none was found.
 */
export function productPagesOrNotAssessed(artifacts: Artifacts): { pages: PageArtifact[] } | { outcome: CheckOutcome } {
  if (artifacts.productPages.length > 0) return { pages: artifacts.productPages };
  const summary =
    artifacts.productPageBudget === 0
      ? 'This scan covered the homepage only: no product page was checked'
      : 'No product page was found to check';
  return {
    outcome: outcome.notAssessed(summary, [{ url: artifacts.requestedUrl, value: `product page budget ${artifacts.productPageBudget}` }]),
  };
}

/** Evidence quoted in advice: "url: value; url: value". */
export function quoteEvidence(evidence: readonly Evidence[], max = 3): string {
  const quoted = evidence.slice(0, max).map((item) => (item.url ? `${item.url}: ${item.value ?? 'nothing found'}` : (item.value ?? '')));
  const more = evidence.length > max ? ` (and ${evidence.length - max} more)` : '';
  return quoted.join('; ') + more;
}

export function isSuccess(resource: FetchedResource): boolean {
  return resource.status >= 200 && resource.status < 300;
}

/**
 * Why a page that answered 2xx still gives agents nothing to read: not HTML (a PDF, JSON, an image) or
 * an empty body. Null for an HTML page with content, and for pages that were not a 2xx answer.
 */
export function contentProblem(page: PageArtifact): string | null {
  const resource = resourceOf(page.retrieval);
  if (!resource || !isSuccess(resource)) return null;
  if (page.facts === null)
    return `answers ${resource.headers['content-type']?.split(';')[0]?.trim() || 'a body without a content type'}, not an HTML page`;
  return resource.text.trim() === '' ? `answers HTTP ${resource.status} with an empty page` : null;
}
