import type { Tier } from '#shared/model/tiers.js';
import { analysePage, type PageMarkupCache } from '#shared/scanner/analyse-page.js';
import {
  finalUrlOf,
  type Artifacts,
  type PageArtifact,
  type Retrieval,
  type SiteArtifacts,
  type SitemapArtifact,
  type WebBotAuthArtifact,
} from '#shared/scanner/artifacts.js';
import { isConfirmedProduct, productLinksOnPage, rankCandidates } from '#shared/scanner/discovery.js';
import type { Fetcher } from '#shared/outbound/types.js';
import { FetchSession, type FetchLogEntry } from '#shared/scanner/fetch-session.js';
import { detectBotWall } from '#shared/scanner/parse/bot-wall-detector.js';
import { detectPlatform } from '#shared/scanner/parse/platform.js';
import { parseSitemap, pickProductSitemaps } from '#shared/scanner/parse/sitemap-parser.js';
import { DEFAULT_MAX_REDIRECTS } from '#shared/outbound/fetcher.js';
import { signatureAgentHeader, signRequest, type RequestSigner } from '#shared/outbound/web-bot-auth/index.js';
import { askEdge } from '#shared/scanner/edge/ask-edge.js';
import { markdownLinkOf } from '#shared/scanner/markdown-link.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import { siteOf } from '#shared/scanner/site-of.js';
import { catalogFor, productUrlsFromCatalog } from '#shared/scanner/catalog.js';
import { fixedPaths, robotsFile, successBody } from '#shared/scanner/site-files.js';
import { askDocuments, readDocuments, type DocumentsInFlight } from '#shared/scanner/documents/ask-documents.js';
import { notNeeded } from '#shared/scanner/keep-needed.js';
import { askMcpDrive } from '#shared/scanner/drives/ask-mcp-drive.js';
import { askCheckoutProbe } from '#shared/scanner/drives/ask-checkout-probe.js';
import {
  askAcpCheckoutDrive,
  askCatalogLookup,
  askCheckoutDrive,
  type CheckoutDriveGrant,
} from '#shared/scanner/drives/ask-checkout-drive.js';
import { askA2aDrive } from '#shared/scanner/drives/ask-a2a-drive.js';
import { productUrlsFromSitemap } from '#shared/scanner/sitemap-products.js';
import type { StageListener } from '#shared/scanner/stage-listener.js';

export interface GatherOptions {
  tier: Tier;
  /** Product pages the tier allows besides the homepage. */
  productPageBudget: number;
  fetcher: Fetcher;
  deadline: number;
  now: () => number;
  onStage?: StageListener;
  /** Markup read by earlier scans in this process, reused when a page's text has not changed. */
  markupCache?: PageMarkupCache | undefined;
  /** Signs one request (Web Bot Auth); without it the scan asks nothing signed. */
  webBotAuth?: RequestSigner | undefined;
  /** Lets the scan drive a checkout (a proven owner's rescan); without it none is ever created. */
  checkoutDrive?: CheckoutDriveGrant | undefined;
  /** The service's UCP platform profile, which a paid scan's catalog lookup names; without it none is asked. */
  ucpAgentProfile?: string | undefined;
}

/** analysePage with the scan's markup cache. */
export type ReadPage = (url: string, kind: PageArtifact['kind'], retrieval: Retrieval) => PageArtifact;

export interface Gathered {
  artifacts: Artifacts;
  log: FetchLogEntry[];
}

const maxProductSitemapChildren = 2;
const maxDiscoveryRounds = 3;

/**
 * Fetches what the checks need, as few rounds deep as possible: the page, robots.txt, the default
 * sitemap and the fixed /.well-known set all start at once; product pages start as soon as the
 * homepage and robots.txt are in, while declared sitemaps and the platform catalog load beside them.
 */
export async function gather(target: URL, options: GatherOptions): Promise<Gathered> {
  const session = new FetchSession(options.fetcher, options.deadline, options.now);
  try {
    return { artifacts: await gatherWith(session, target, options), log: session.log };
  } finally {
    session.abort();
  }
}

/** A URL on the scanned URL's origin, from a path. */
type SiteUrl = (path: string) => string;

/**
 * How a scan asks for each of its sources: gather.ts and a re-check (regather.ts) ask alike, so a re-check
 * reads a source as the scan read it.
 */
export const ask = {
  scannedPage: (session: FetchSession, target: URL) =>
    session.get(target.toString(), { kind: 'html', timeouts: session.untilDeadline() }, 1),
  page: (session: FetchSession, url: string, round: number) => session.get(url, { kind: 'html' }, round),
  robots: (session: FetchSession, at: SiteUrl) => session.get(at(fixedPaths.robots), { kind: 'robots' }, 1).then(unlessChallenged),
  sitemap: (session: FetchSession, at: SiteUrl) => session.get(at(fixedPaths.sitemap), { kind: 'sitemap' }, 1).then(unlessWalled),
  /** The agent-facing documents (documents/registry.ts), each at every place it may be found. */
  documents: (session: FetchSession, at: SiteUrl, wanted: Parameters<typeof askDocuments>[2]): DocumentsInFlight =>
    askDocuments(at, (url, round) => session.get(url, { kind: 'small' }, round).then(unlessWalled), wanted),
  plainHttp: (session: FetchSession, target: URL) => session.get(plainHttpUrl(target), { kind: 'small', followRedirects: false }, 1),
  markdown: (session: FetchSession, target: URL, round: number) =>
    session.get(target.toString(), { kind: 'html', accept: 'text/markdown' }, round).then(unlessWalled),
  catalog: (session: FetchSession, url: string, round: number) => session.get(url, { kind: 'small', accept: 'application/json' }, round),
};

/** The first round: everything whose URL is known before anything has answered. */
function startFirstRound(session: FetchSession, target: URL) {
  const at: SiteUrl = (path) => new URL(path, target.origin).toString();
  return {
    at,
    page: ask.scannedPage(session, target),
    robots: ask.robots(session, at),
    sitemap: ask.sitemap(session, at),
    documents: ask.documents(session, at, () => true),
    // For http://host/ itself, the scanned page's own request is that answer (its first hop).
    plainHttp: isPlainHttpRoot(target) ? null : ask.plainHttp(session, target),
  };
}

interface Pages {
  homepage: PageArtifact;
  scannedPageIsProduct: boolean;
  productPages: PageArtifact[];
  pagesLeft: number;
  /** The next fetch round. */
  round: number;
}

/** When the scanned page is a product page and the budget allows, the site's homepage beside it. */
export async function pagesAround(
  session: FetchSession,
  read: ReadPage,
  scanned: PageArtifact,
  options: GatherOptions,
  round: number,
): Promise<Pages> {
  const finalUrl = new URL(finalUrlOf(scanned));
  const scannedPageIsProduct = finalUrl.pathname !== '/' && isConfirmedProduct(scanned);
  const pages: Pages = { homepage: scanned, scannedPageIsProduct, productPages: [], pagesLeft: options.productPageBudget, round };
  if (!scannedPageIsProduct) return pages;
  pages.productPages.push({ ...scanned, kind: 'product' });
  if (pages.pagesLeft === 0) return { ...pages, homepage: { ...scanned, kind: 'product' } };
  const root = read(`${finalUrl.origin}/`, 'homepage', await ask.page(session, `${finalUrl.origin}/`, pages.round));
  return {
    ...pages,
    homepage: root.retrieval.state === 'fetched' ? root : scanned,
    pagesLeft: pages.pagesLeft - 1,
    round: pages.round + 1,
  };
}

/**
 * Product pages up to the budget: first from the homepage's links, else from the sitemap and the
 * platform's catalog (loading beside them), a few rounds at most. Returns the candidates left over.
 */
async function discoverProductPages(
  session: FetchSession,
  read: ReadPage,
  pages: Pages,
  sources: {
    robots: SiteArtifacts['robots'];
    sitemap: Promise<{ artifact: SitemapArtifact | null; depth: number }>;
    catalog: Promise<Retrieval> | null;
    catalogRound: number;
  },
  origin: string,
  tried: Set<string>,
): Promise<string[]> {
  let candidates = rankCandidates(productLinksOnPage(pages.homepage), origin, sources.robots.parsed, tried);
  let fallbackLoaded = false;
  for (let attempt = 0; attempt < maxDiscoveryRounds && pages.pagesLeft > 0; attempt += 1) {
    if (candidates.length === 0 && !fallbackLoaded) {
      fallbackLoaded = true;
      const sitemap = await sources.sitemap;
      const fromSitemap = productUrlsFromSitemap(sitemap.artifact);
      const catalogRetrieval = sources.catalog ? await sources.catalog : null;
      const fromCatalog = catalogRetrieval ? productUrlsFromCatalog(successBody(catalogRetrieval), origin) : [];
      candidates = rankCandidates([...fromCatalog, ...fromSitemap], origin, sources.robots.parsed, tried);
      const depths = [fromSitemap.length > 0 ? sitemap.depth : 0, fromCatalog.length > 0 ? sources.catalogRound : 0];
      pages.round = Math.max(pages.round, ...depths.map((depth) => depth + 1));
    }
    const batch = candidates.splice(0, pages.pagesLeft);
    if (batch.length === 0) break;
    batch.forEach((url) => tried.add(url));
    const round = pages.round;
    const fetched = await Promise.all(batch.map(async (url) => read(url, 'product', await ask.page(session, url, round))));
    pages.round += 1;
    for (const page of fetched.filter(isConfirmedProduct)) {
      pages.productPages.push(page);
      pages.pagesLeft -= 1;
    }
  }
  return candidates;
}

async function gatherWith(session: FetchSession, target: URL, options: GatherOptions): Promise<Artifacts> {
  const startedAt = options.now();
  const stage = options.onStage ?? (() => undefined);
  stage('homepage');
  const first = startFirstRound(session, target);
  const signed = askSigned(session, target, first.page, options);
  const { at } = first;
  const read: ReadPage = (url, kind, retrieval) => analysePage(url, kind, retrieval, options.markupCache);
  const { page: scanned, round: nextRound } = await followMetaRefresh(session, read, read(target.toString(), 'homepage', await first.page));
  failUnlessFetched(scanned.retrieval, session);
  failOnErrorPage(scanned);
  stage('site-files');
  const robots = robotsFile(at(fixedPaths.robots), await first.robots);
  const finalUrl = new URL(finalUrlOf(scanned));
  const origin = finalUrl.origin;
  const documentsRead = readDocuments(first.documents, at, origin, startedAt, notNeeded);
  const mcpDrive = askMcpDrive(session, documentsRead, options);
  const ucpProbe = askCheckoutProbe(session, documentsRead, 'ucp', options);
  const acpProbe = askCheckoutProbe(session, documentsRead, 'acp', options);
  const a2aDrive = askA2aDrive(session, documentsRead, options);
  // A scan that fails before the end never awaits the drives; their requests end with the session.
  for (const drive of [mcpDrive, ucpProbe, acpProbe, a2aDrive]) drive.catch(() => undefined);
  const pages = await pagesAround(session, read, scanned, options, nextRound);
  const markdown = offersNegotiation(scanned) ? ask.markdown(session, target, nextRound) : null;

  const platform = detectPlatform({ html: textOf(pages.homepage), headers: headersOf(pages.homepage) });
  const catalogUrl = catalogFor(platform.platform, origin);
  const catalogRound = pages.round;
  const catalog = catalogUrl ? ask.catalog(session, catalogUrl, catalogRound) : null;
  const sitemap = loadSitemap(session, robots.parsed.sitemaps, at(fixedPaths.sitemap), first.sitemap, pages.round);
  const tried = new Set<string>([finalUrl.toString(), target.toString()]);
  if (pages.pagesLeft > 0) stage('product-pages');
  const unvisitedCandidates = await discoverProductPages(session, read, pages, { robots, sitemap, catalog, catalogRound }, origin, tried);
  const edgeProbe = probesEdge(options) ? askEdge(session, read, edgePages(pages.homepage, pages.productPages), pages.round) : null;
  const ucpCatalogLookup = askCatalogLookup(session, documentsRead, pages.productPages, {
    ...options,
    agentProfile: options.ucpAgentProfile,
  });
  // After the lookup: a checkout takes the variant id the catalog gives for the page.
  const ucpCheckoutDrive = askCheckoutDrive(session, documentsRead, pages.productPages, ucpCatalogLookup, options);
  const acpCheckoutDrive = askAcpCheckoutDrive(session, documentsRead, pages.productPages, options);

  const catalogRetrieval = catalog ? await catalog : null;
  const documents = await documentsRead;
  return {
    requestedUrl: target.toString(),
    tier: options.tier,
    productPageBudget: options.productPageBudget,
    startedAt,
    homepage: pages.homepage,
    scannedPageIsProduct: pages.scannedPageIsProduct,
    productPages: pages.productPages,
    unvisitedCandidates,
    site: {
      origin,
      robots,
      sitemap: (await sitemap).artifact,
      ...documents,
      plainHttp: { url: plainHttpUrl(target), retrieval: first.plainHttp ? await first.plainHttp : firstAnswer(scanned.retrieval) },
      markdown: markdown && { url: target.toString(), retrieval: await markdown },
      webBotAuth: await signed,
      catalog: catalogUrl && catalogRetrieval ? catalogArtifact(catalogUrl, catalogRetrieval, origin) : null,
      edgeProbe: edgeProbe ? await edgeProbe : null,
      mcpDrive: await mcpDrive,
      ucpProbe: await ucpProbe,
      acpProbe: await acpProbe,
      a2aDrive: await a2aDrive,
      ucpCheckoutDrive: await ucpCheckoutDrive,
      acpCheckoutDrive: await acpCheckoutDrive,
      ucpCatalogLookup: await ucpCatalogLookup,
    },
    platform,
  };
}

/** The edge probe runs on paid tiers only: the free public scanner never asks with an assistant's User-Agent. */
export function probesEdge(options: Pick<GatherOptions, 'tier'>): boolean {
  return options.tier !== 'free';
}

/** The pages the edge probe asks: the homepage and the first product page, when there is one. */
export function edgePages(homepage: PageArtifact, productPages: readonly PageArtifact[]): PageArtifact[] {
  const first = productPages[0];
  return first ? [homepage, first] : [homepage];
}

/** The platform's public catalog, with how many products it lists. */
export function catalogArtifact(url: string, retrieval: Retrieval, origin: string): NonNullable<SiteArtifacts['catalog']> {
  return { url, retrieval, productCount: productUrlsFromCatalog(successBody(retrieval), origin).length };
}

/**
 * The scanned URL asked for a second time, signed (Web Bot Auth, RFC 9421), in the first round beside the
 * unsigned request, so the comparison costs the scan no round of its own: does the edge serve an agent that
 * proves who it is as it serves the unsigned request? Each hop is signed for its own authority and path,
 * so a redirect to another host (shop.example to www.shop.example) is judged at the edge it ends on.
 */
export async function askSigned(
  session: FetchSession,
  target: URL,
  unsigned: Promise<Retrieval>,
  options: GatherOptions,
): Promise<WebBotAuthArtifact | null> {
  const signer = options.webBotAuth;
  if (!signer) return null;
  const url = target.toString();
  const signed = session.get(url, { kind: 'html', headersFor: (hop) => ({ ...signRequest(hop, 'GET', signer, options.now()) }) }, 1);
  return { url, signatureAgent: signatureAgentHeader(signer), unsigned: await unsigned, signed: await signed };
}

/**
 * The declared sitemap (robots.txt) if there is one, else /sitemap.xml; then product-named children
 * of an index. `depth` is the round of the last fetch it needed.
 */
export async function loadSitemap(
  session: FetchSession,
  declared: readonly string[],
  defaultUrl: string,
  defaultFetch: Promise<Retrieval>,
  round: number,
): Promise<{ artifact: SitemapArtifact | null; depth: number }> {
  const declaredUrl = declared[0];
  const source = declaredUrl ? 'robots' : 'default';
  const url = declaredUrl ?? defaultUrl;
  const ownRound = url === defaultUrl ? 1 : round;
  const retrieval = url === defaultUrl ? await defaultFetch : unlessWalled(await session.get(url, { kind: 'sitemap' }, ownRound));
  const parsed = successBody(retrieval) === null || retrieval.state !== 'fetched' ? null : parseSitemap(retrieval.resource.body);
  if (!declaredUrl && (parsed === null || parsed.kind === 'invalid')) {
    const absent = retrieval.state === 'fetched' && retrieval.resource.status === 404;
    return { artifact: absent ? null : { source, url, retrieval, parsed, children: [] }, depth: ownRound };
  }
  const childUrls = parsed?.kind === 'sitemapindex' ? pickProductSitemaps(parsed.children).slice(0, maxProductSitemapChildren) : [];
  const childRound = ownRound + 1;
  const children = await Promise.all(
    childUrls.map(async (childUrl) => {
      const child = unlessWalled(await session.get(childUrl, { kind: 'sitemap' }, childRound));
      return {
        url: childUrl,
        retrieval: child,
        parsed: child.state === 'fetched' && successBody(child) !== null ? parseSitemap(child.resource.body) : null,
      };
    }),
  );
  return { artifact: { source, url, retrieval, parsed, children }, depth: children.length > 0 ? childRound : ownRound };
}

/** A challenge page where robots.txt was expected says nothing about it. */
function unlessChallenged(retrieval: Retrieval): Retrieval {
  if (retrieval.state !== 'fetched') return retrieval;
  const { status, headers, text } = retrieval.resource;
  return detectBotWall({ status, headers, body: text }).kind === 'wall' ? { state: 'skipped', reason: 'bot_wall' } : retrieval;
}

/**
 * A challenge page or a 429 where a file was expected says nothing about the file: judge it as not
 * assessed. robots.txt keeps its 429, which RFC 9309 gives a meaning of its own.
 */
function unlessWalled(retrieval: Retrieval): Retrieval {
  if (retrieval.state !== 'fetched') return retrieval;
  const { status, headers, text } = retrieval.resource;
  const wall = detectBotWall({ status, headers, body: text }).kind;
  if (wall === 'wall') return unlessChallenged(retrieval);
  return wall === 'rate_limited' ? { state: 'skipped', reason: 'rate_limited' } : retrieval;
}

/**
 * The scanned page's time-outs are the scan's deadline, so its 'timeout' near the deadline is the
 * scan's time-out (504); one long before it (a connect time-out) means the site did not answer (502).
 */
const deadlineSlackMs = 1_000;

export function failUnlessFetched(retrieval: Retrieval, session: FetchSession): void {
  if (retrieval.state === 'fetched') return;
  if (retrieval.state === 'skipped' || (retrieval.reason === 'timeout' && session.remainingMs() <= deadlineSlackMs)) {
    throw new ScanError('timeout', 'Scan timed out');
  }
  if (retrieval.reason === 'invalid_url') throw new ScanError('invalid_url', 'The URL cannot be scanned');
  // Connect-time SSRF refusal: the name resolved to a blocked address after validation, or a redirect led there.
  if (retrieval.reason === 'blocked') throw new ScanError('blocked', 'url: the site leads to an address that is not allowed');
  throw new ScanError('unreachable', 'Scan failed: the URL may be unreachable');
}

/**
 * A scanned page that only sends its reader on with `<meta http-equiv="refresh">` is followed like a
 * redirect: same site only, inside the redirect budget, each hop SSRF-checked by the fetcher. The page
 * keeps the whole chain in its redirects, the refreshing pages as hops with their status.
 */
export async function followMetaRefresh(
  session: FetchSession,
  read: ReadPage,
  scanned: PageArtifact,
): Promise<{ page: PageArtifact; round: number }> {
  let page = scanned;
  let round = 2;
  for (;;) {
    if (page.retrieval.state !== 'fetched' || !page.facts) return { page, round };
    const resource = page.retrieval.resource;
    if (resource.status < 200 || resource.status >= 300) return { page, round };
    const next = page.facts.metaRefresh;
    if (next === null || siteOf(new URL(next)) !== siteOf(new URL(resource.finalUrl))) return { page, round };
    const hops = [...resource.redirects, { url: resource.finalUrl, status: resource.status }];
    if (hops.length > DEFAULT_MAX_REDIRECTS)
      return { page: read(page.url, page.kind, { state: 'failed', reason: 'too_many_redirects' }), round };
    const retrieval = await session.get(
      next,
      { kind: 'html', timeouts: session.untilDeadline(), maxRedirects: DEFAULT_MAX_REDIRECTS - hops.length },
      round,
    );
    const chained: Retrieval =
      retrieval.state === 'fetched'
        ? {
            state: 'fetched',
            resource: { ...retrieval.resource, requestedUrl: resource.requestedUrl, redirects: [...hops, ...retrieval.resource.redirects] },
          }
        : retrieval;
    page = read(page.url, page.kind, chained);
    round += 1;
  }
}

/**
 * A scanned page that answers with an error (404, 410, 5xx, another 4xx) is no page to judge: the scan
 * fails as unreachable (502), and no check passes on the error page's body. Refusals (401, 403, 429) and
 * challenge pages are walls, judged by the bot-wall check and its cap instead.
 */
export function failOnErrorPage(page: PageArtifact): void {
  if (page.retrieval.state !== 'fetched' || page.botWall.kind === 'wall') return;
  const { status } = page.retrieval.resource;
  if (status >= 400) throw new ScanError('unreachable', `Scan failed: the URL may be unreachable (it answered HTTP ${status})`);
}

export function isPlainHttpRoot(target: URL): boolean {
  return target.protocol === 'http:' && target.pathname === '/' && target.search === '';
}

/** The answer to the first request of a fetch, redirects not followed: its first hop, or the response itself. */
export function firstAnswer(retrieval: Retrieval): Retrieval {
  if (retrieval.state !== 'fetched') return retrieval;
  const { resource } = retrieval;
  const hop = resource.redirects[0];
  if (hop === undefined) return retrieval;
  const headers: Record<string, string> = hop.location ? { location: hop.location } : {};
  return {
    state: 'fetched',
    resource: {
      ...resource,
      finalUrl: hop.url,
      status: hop.status,
      headers,
      redirects: [],
      body: Buffer.alloc(0),
      text: '',
      bytes: 0,
      truncated: false,
    },
  };
}

/**
 * Worth asking for Markdown (a second request for the same URL) only when the page does not already
 * link its Markdown version and its answer varies by Accept: a server that negotiates says so with
 * `Vary: Accept` (Cloudflare's Markdown for Agents does), or caches would serve one format for both.
 */
export function offersNegotiation(page: PageArtifact): boolean {
  if (page.retrieval.state !== 'fetched' || markdownLinkOf(page) !== null) return false;
  const vary = page.retrieval.resource.headers.vary ?? '';
  return vary.split(',').some((name) => ['accept', '*'].includes(name.trim().toLowerCase()));
}

export function plainHttpUrl(target: URL): string {
  return `http://${target.host}/`;
}

export function textOf(page: PageArtifact): string {
  return page.retrieval.state === 'fetched' ? page.retrieval.resource.text : '';
}

export function headersOf(page: PageArtifact): Record<string, string> {
  return page.retrieval.state === 'fetched' ? page.retrieval.resource.headers : {};
}
