/** Reading what the gatherer left for the discovery and agentic-commerce checks. */
import { describeSkip, type Artifacts, type PageArtifact, type Retrieval } from '#shared/scanner/artifacts.js';
import type { CheckOutcome } from '#shared/scanner/checks/types.js';
import type { PageFacts } from '#shared/scanner/page-facts.js';

/** Why a URL has nothing to judge (skipped, or a transport failure); null when it was fetched. */
export function notFetchedReason(retrieval: Retrieval): string | null {
  if (retrieval.state === 'fetched') return null;
  if (retrieval.state === 'skipped') {
    return describeSkip(retrieval.reason);
  }
  return `could not be fetched (${retrieval.reason.replace(/_/g, ' ')})`;
}

export function statusOf(retrieval: Retrieval): number | null {
  return retrieval.state === 'fetched' ? retrieval.resource.status : null;
}

export interface ReadablePage {
  url: string;
  page: PageArtifact;
  facts: PageFacts;
  /** The raw HTML as served, scripts included. */
  html: string;
}

export type PageReading = { readable: true; page: ReadablePage } | { readable: false; reason: string };

/** A page whose raw HTML can be judged, or why not: not fetched, error status, bot wall, not HTML. */
export function readPage(page: PageArtifact): PageReading {
  const { retrieval } = page;
  const unfetched = notFetchedReason(retrieval);
  if (unfetched !== null || retrieval.state !== 'fetched') return { readable: false, reason: unfetched ?? 'not fetched' };
  if (page.botWall.kind === 'wall')
    return { readable: false, reason: `blocked by a bot wall (${page.botWall.vendor ?? 'unknown vendor'})` };
  if (page.botWall.kind === 'rate_limited') return { readable: false, reason: 'rate limited (HTTP 429)' };
  const { status, text } = retrieval.resource;
  if (status < 200 || status >= 300) return { readable: false, reason: `answered HTTP ${status}` };
  if (page.facts === null) return { readable: false, reason: 'did not answer with HTML' };
  return { readable: true, page: { url: page.url, page, facts: page.facts, html: text } };
}

export function readableProductPages(artifacts: Artifacts): ReadablePage[] {
  return artifacts.productPages.flatMap((page) => {
    const reading = readPage(page);
    return reading.readable ? [reading.page] : [];
  });
}

/** The shop's name for snippets: og:site_name, else the homepage title's first part, else the host. */
export function shopName(artifacts: Artifacts): string {
  const siteName = artifacts.homepage.structured?.openGraph['og:site_name']?.[0]?.trim();
  if (siteName) return siteName;
  const title = artifacts.homepage.facts?.title.split(/\s[|–—-]\s/)[0]?.trim();
  if (title) return title;
  return new URL(artifacts.site.origin).hostname;
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  // Grouped by hand: the first toLocaleString of a process loads ICU's locale data (~10 ms of a first scan).
  return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${count === 1 ? noun : pluralNoun}`;
}

/** An advice `why`: the consequence for an agent, then the finding with its evidence (URL and value). */
export function because(consequence: string, result: CheckOutcome): string {
  const found = result.evidence
    .slice(0, 3)
    .map((e) => (e.url !== null && e.value !== null ? `${e.url}: ${e.value}` : (e.url ?? e.value)))
    .filter((line): line is string => line !== null);
  return `${consequence} ${result.summary}${found.length > 0 ? ` Found: ${found.join('; ')}.` : ''}`;
}
