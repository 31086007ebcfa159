/**
 * How every check reads what the gatherer left: the pages there are, what was fetched, why a page or
 * file cannot be judged (so it leaves the denominator), and the gathered facts of pages that can.
 * The checks judge only what these readers return. Each reader keeps the wording of the reasons it
 * gives, since those reasons appear in scan results.
 */
import { describeSkip, type Artifacts, type PageArtifact, type Retrieval, type WellKnown } from '#shared/scanner/artifacts.js';
import type { CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { allEntities, mainProduct } from '#shared/scanner/extract/index.js';
import type { Entity, StructuredData } from '#shared/scanner/extract/index.js';
import type { FetchedResource } from '#shared/outbound/types.js';
import type { BotWallVendor } from '#shared/scanner/parse/bot-wall-detector.js';
import type { PageFacts } from '#shared/scanner/page-facts.js';
import type { RobotsTxt } from '#shared/scanner/parse/robots.js';

// Fetches and their status.

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

export function isSuccess(resource: FetchedResource): boolean {
  return resource.status >= 200 && resource.status < 300;
}

export function statusOf(retrieval: Retrieval): number | null {
  return retrieval.state === 'fetched' ? retrieval.resource.status : null;
}

/** Why nothing was fetched: a deadline, robots.txt or a transport failure; null when fetched. */
export function retrievalProblem(retrieval: Retrieval): string | null {
  if (retrieval.state === 'skipped') {
    return describeSkip(retrieval.reason);
  }
  if (retrieval.state === 'failed') return `the request failed (${retrieval.reason.replace(/_/g, ' ')})`;
  return null;
}

/** Why a URL has nothing to judge (skipped, or a transport failure); null when it was fetched. */
export function notFetchedReason(retrieval: Retrieval): string | null {
  if (retrieval.state === 'fetched') return null;
  if (retrieval.state === 'skipped') {
    return describeSkip(retrieval.reason);
  }
  return `could not be fetched (${retrieval.reason.replace(/_/g, ' ')})`;
}

// Pages: which there are, and why one cannot be judged.

/** The homepage and the product pages, each URL once (the scanned page may be both). */
export function scannedPages(artifacts: Artifacts): PageArtifact[] {
  const seen = new Set<string>();
  return [artifacts.homepage, ...artifacts.productPages].filter((page) => {
    if (seen.has(page.url)) return false;
    seen.add(page.url);
    return true;
  });
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

// Pages whose raw HTML is judged (discovery, agentic commerce).

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
export function siteName(artifacts: Artifacts): string {
  const siteName = artifacts.homepage.structured?.openGraph['og:site_name']?.[0]?.trim();
  if (siteName) return siteName;
  const title = artifacts.homepage.facts?.title.split(/\s[|–—-]\s/)[0]?.trim();
  if (title) return title;
  return new URL(artifacts.site.origin).hostname;
}

// Pages whose markup is judged (product data, policies and trust).

/** A product page whose raw HTML and structured data were read. */
export interface MarkupProductPage extends PageArtifact {
  facts: PageFacts;
  structured: StructuredData;
}

/** Why a page's content cannot be judged (not fetched, failed, bot wall, not HTML), or null when it can. */
export function markupUnreadableReason(page: PageArtifact): string | null {
  const { retrieval } = page;
  if (retrieval.state === 'skipped') return describeSkip(retrieval.reason);
  if (retrieval.state === 'failed') return `fetch failed (${retrieval.reason})`;
  if (page.botWall.kind === 'wall') return `blocked by a bot wall${page.botWall.vendor ? ` (${page.botWall.vendor})` : ''}`;
  if (page.botWall.kind === 'rate_limited') return 'rate limited (HTTP 429)';
  if (page.facts === null || page.structured === null) return 'not an HTML page';
  return null;
}

function isReadable(page: PageArtifact): page is MarkupProductPage {
  return markupUnreadableReason(page) === null;
}

/** The product pages to judge, or the not_assessed outcome when there are none to read. */
export function productPagesToAssess(artifacts: Artifacts): MarkupProductPage[] | CheckOutcome {
  if (artifacts.productPages.length === 0) {
    const summary =
      artifacts.productPageBudget === 0
        ? `The ${artifacts.tier} scan examined the homepage only, so product data was not assessed.`
        : 'No product page was found within the scan (homepage only), so product data was not assessed.';
    return outcome.notAssessed(summary, [evidence(artifacts.requestedUrl, 'no product page assessed')]);
  }
  const pages = artifacts.productPages.filter(isReadable);
  if (pages.length > 0) return pages;
  const reasons = artifacts.productPages.map((page) => evidence(page.url, markupUnreadableReason(page)));
  return outcome.notAssessed(
    'No product page could be read (not fetched in time, failed or blocked), so product data was not assessed.',
    reasons,
  );
}

/** The page's main product in each entity syntax, JSON-LD first. */
export function mainProducts(data: StructuredData): Entity[] {
  return [data.jsonLd.entities, data.microdata, data.rdfa].map(mainProduct).filter((e): e is Entity => e !== null);
}

export interface MarkupPage {
  url: string;
  kind: 'homepage' | 'product';
  entities: Entity[];
  facts: PageFacts;
  openGraph: Record<string, string[]>;
}

/** The homepage and product pages whose markup could be read, homepage first, each URL once. */
export function markupPages(artifacts: Artifacts): MarkupPage[] {
  const seen = new Set<string>();
  const pages: MarkupPage[] = [];
  const productUrls = new Set(artifacts.productPages.map((p) => p.url));
  for (const page of [artifacts.homepage, ...artifacts.productPages]) {
    if (markupUnreadableReason(page) !== null || page.structured === null || page.facts === null || seen.has(page.url)) continue;
    seen.add(page.url);
    // A scanned URL that is itself a product is both the homepage artifact and a product page.
    const kind = productUrls.has(page.url) ? 'product' : page.kind;
    pages.push({ url: page.url, kind, entities: allEntities(page.structured), facts: page.facts, openGraph: page.structured.openGraph });
  }
  return pages;
}

/** Product pages were read: offers, where per-offer policies sit, were seen. */
export function productPagesRead(pages: readonly MarkupPage[]): boolean {
  return pages.some((p) => p.kind === 'product');
}

// Site files.

export type WellKnownReading<T> =
  | { state: 'not_assessed'; url: string; reason: string }
  /** Not there: an error status or a soft 404 (an HTML page, not JSON). */
  | { state: 'absent'; url: string; reason: string }
  | { state: 'present'; url: string; document: T };

export function readWellKnown<T extends { present: true }>(file: WellKnown<T>): WellKnownReading<T> {
  const unfetched = notFetchedReason(file.retrieval);
  if (unfetched !== null) return { state: 'not_assessed', url: file.url, reason: unfetched };
  const { result } = file;
  if (result === null) return { state: 'absent', url: file.url, reason: `answered HTTP ${statusOf(file.retrieval) ?? '?'}` };
  if (!result.present) return { state: 'absent', url: file.url, reason: result.problems[0] ?? 'not a JSON document' };
  return { state: 'present', url: file.url, document: result };
}

/**
 * not_assessed when robots.txt was not fetched (deadline, transport failure) or answered 429: the
 * outcome then describes our fetch, not the shop's policy. Null when the file can be judged.
 */
export function robotsNotAssessed(artifacts: Artifacts): CheckOutcome | null {
  const { url, retrieval, parsed } = artifacts.site.robots;
  const problem = retrievalProblem(retrieval);
  if (problem !== null) return outcome.notAssessed(`robots.txt could not be checked: ${problem}`, [evidence(url, problem)]);
  if (parsed.source === 'rate_limited') {
    return outcome.notAssessed('robots.txt answered 429 Too Many Requests, so its rules could not be read', [evidence(url, 'HTTP 429')]);
  }
  return null;
}

export function robotsStatus(parsed: RobotsTxt): string {
  return parsed.status === 'unreachable' ? 'unreachable' : `HTTP ${parsed.status}`;
}

/** The sitemap URL to suggest: one robots.txt already declares, the one found, or /sitemap.xml. */
export function suggestedSitemapUrl(artifacts: Artifacts): string {
  const { robots, sitemap, origin } = artifacts.site;
  return robots.parsed.sitemaps[0] ?? (sitemap?.parsed ? sitemap.url : `${origin}/sitemap.xml`);
}
