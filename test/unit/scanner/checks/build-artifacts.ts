import type {
  A2aDriveReport,
  CatalogLookupReport,
  CheckoutDriveReport,
  CheckoutProbeReport,
  McpDriveReport,
} from '#shared/scanner/drives/drive-report.js';
import type { AssistantId } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import { withScannerToken } from '#shared/outbound/user-agent.js';
import { readProbe } from '#shared/scanner/edge/ask-edge.js';
import { PROBE_AGENTS } from '#shared/scanner/edge/probe-agents.js';
import { analysePage } from '#shared/scanner/analyse-page.js';
import type {
  Artifacts,
  EdgeProbeFamilyArtifact,
  FoundVia,
  PageArtifact,
  Retrieval,
  SiteArtifacts,
  SitemapArtifact,
  SkipReason,
} from '#shared/scanner/artifacts.js';
import type { FetchErrorKind } from '#shared/outbound/fetch-error.js';
import type { FetchedResource, RedirectHop } from '#shared/outbound/types.js';
import { detectPlatform } from '#shared/scanner/parse/platform.js';
import { parseSitemap } from '#shared/scanner/parse/sitemap-parser.js';
import { readCandidate } from '#shared/scanner/documents/read-document.js';
import { documentNames, documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';
import { fixedPaths, robotsFile, successBody } from '#shared/scanner/site-files.js';

/** A response as a test describes it; omitted fields get ordinary values. */
export interface ResponseInput {
  url?: string;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  ttfbMs?: number;
  redirects?: RedirectHop[];
  truncated?: boolean;
}

/** A string is a 200 body; `{ failed }` a transport failure; `{ skipped }` not fetched. */
export type Input = string | ResponseInput | { failed: FetchErrorKind } | { skipped: SkipReason };

export interface ArtifactsInput {
  tier?: Tier;
  origin?: string;
  startedAt?: number;
  homepage?: Input;
  products?: Input[];
  scannedPageIsProduct?: boolean;
  robots?: Input;
  sitemap?: Input;
  sitemapSource?: 'robots' | 'default';
  sitemapChildren?: { url: string; body: string }[];
  llmsTxt?: Input;
  agentsMd?: Input;
  securityTxt?: Input;
  ucp?: Input;
  acp?: Input;
  oauthAuthorizationServer?: Input;
  oauthProtectedResource?: Input;
  mcpServerCard?: Input;
  /** Where a document was found, when not at its first path (the MCP server card's is /.well-known/mcp/server-card.json). */
  foundAt?: Partial<Record<DocumentName, { url: string; via?: FoundVia }>>;
  aiCatalog?: Input;
  apiCatalog?: Input;
  agentCard?: Input;
  tdmrep?: Input;
  plainHttp?: Input;
  markdown?: Input;
  catalog?: { url: string; productCount: number | null; response?: Input } | null;
  unvisitedCandidates?: string[];
  /** What the scanned page answered when asked again with a Web Bot Auth signature; null when it was not asked (the unsigned answer was a wall); absent: no signing key. */
  signed?: Input | null;
  /**
   * What each family's User-Agent got for the homepage and the first product page (the edge probe); a family or
   * page not named got the scanner's own answer. Absent: no probe was sent (the free tier).
   */
  edgeProbe?: Partial<Record<AssistantId, { homepage?: Input; product?: Input }>>;
  /** What a drive of the declared MCP endpoint found; none by default. */
  mcpDrive?: McpDriveReport;
  /** What a probe of the declared checkout endpoints found; none by default. */
  ucpProbe?: CheckoutProbeReport;
  acpProbe?: CheckoutProbeReport;
  a2aDrive?: A2aDriveReport;
  ucpCheckoutDrive?: CheckoutDriveReport;
  acpCheckoutDrive?: CheckoutDriveReport;
  ucpCatalogLookup?: CatalogLookupReport;
}

const notFound: ResponseInput = { status: 404, body: 'Not Found', headers: { 'content-type': 'text/plain' } };

function defaultContentType(body: string): string {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('<'))
    return trimmed.startsWith('<?xml') || trimmed.startsWith('<urlset') || trimmed.startsWith('<sitemapindex')
      ? 'application/xml'
      : 'text/html; charset=utf-8';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'application/json';
  return 'text/plain; charset=utf-8';
}

export function fetchedResource(url: string, input: ResponseInput): FetchedResource {
  const body = input.body ?? '';
  const finalUrl = input.url ?? url;
  return {
    requestedUrl: url,
    finalUrl,
    status: input.status ?? 200,
    headers: { 'content-type': defaultContentType(body), ...lowerCase(input.headers ?? {}) },
    redirects: input.redirects ?? [],
    body: Buffer.from(body),
    text: body,
    charset: 'utf-8',
    bytes: Buffer.byteLength(body),
    truncated: input.truncated ?? false,
    timing: { startedAt: 0, ttfbMs: input.ttfbMs ?? 120, totalMs: (input.ttfbMs ?? 120) + 30 },
  };
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

export function retrieval(url: string, input: Input | undefined): Retrieval {
  if (input === undefined) return { state: 'fetched', resource: fetchedResource(url, notFound) };
  if (typeof input === 'string') return { state: 'fetched', resource: fetchedResource(url, { body: input }) };
  if ('failed' in input) return { state: 'failed', reason: input.failed };
  if ('skipped' in input) return { state: 'skipped', reason: input.skipped };
  return { state: 'fetched', resource: fetchedResource(url, input) };
}

function page(url: string, kind: PageArtifact['kind'], input: Input | undefined): PageArtifact {
  return analysePage(url, kind, retrieval(url, input ?? '<html><body></body></html>'));
}

/** Builds Artifacts the way the gatherer does, from small descriptions of what each URL answered. */
export function buildArtifacts(input: ArtifactsInput = {}): Artifacts {
  const origin = input.origin ?? 'https://shop.example';
  const startedAt = input.startedAt ?? Date.UTC(2026, 10, 23, 12);
  const at = (path: string) => `${origin}${path}`;
  const homepage = page(at('/'), 'homepage', input.homepage);
  const productInputs = input.products ?? [];
  const productPages = productInputs.map((product, index) => {
    const url = typeof product === 'object' && 'url' in product && product.url ? product.url : at(`/products/item-${index + 1}`);
    return page(url, 'product', product);
  });
  const tier = input.tier ?? (productPages.length === 0 ? 'free' : productPages.length === 1 ? 'pro' : 'growth');
  const homeResource = homepage.retrieval.state === 'fetched' ? homepage.retrieval.resource : null;
  return {
    requestedUrl: at('/'),
    tier,
    productPageBudget: { free: 0, pro: 1, growth: 4 }[tier],
    startedAt,
    homepage,
    scannedPageIsProduct: input.scannedPageIsProduct ?? false,
    productPages,
    unvisitedCandidates: input.unvisitedCandidates ?? [],
    site: {
      origin,
      robots: robotsFile(at(fixedPaths.robots), retrieval(at(fixedPaths.robots), input.robots)),
      sitemap: sitemapArtifact(at(fixedPaths.sitemap), input),
      ...documents(input, origin, startedAt),
      plainHttp: {
        url: origin.replace(/^https:/, 'http:') + '/',
        retrieval: retrieval(origin.replace(/^https:/, 'http:') + '/', input.plainHttp ?? { status: 301, headers: { location: at('/') } }),
      },
      markdown: { url: at('/'), retrieval: retrieval(at('/'), input.markdown ?? { status: 406, body: '' }) },
      catalog: input.catalog
        ? {
            url: input.catalog.url,
            productCount: input.catalog.productCount,
            retrieval: retrieval(input.catalog.url, input.catalog.response ?? '{"products":[]}'),
          }
        : null,
      webBotAuth:
        input.signed === undefined
          ? null
          : {
              url: homepage.url,
              signatureAgent: 'sig1="https://scanner.example"',
              unsigned: homepage.retrieval,
              signed: input.signed === null ? null : retrieval(homepage.url, input.signed),
            },
      edgeProbe: input.edgeProbe === undefined ? null : edgeProbe(homepage, productPages, input.edgeProbe),
      mcpDrive: input.mcpDrive ?? null,
      ucpProbe: input.ucpProbe ?? null,
      acpProbe: input.acpProbe ?? null,
      a2aDrive: input.a2aDrive ?? null,
      ucpCheckoutDrive: input.ucpCheckoutDrive ?? null,
      acpCheckoutDrive: input.acpCheckoutDrive ?? null,
      ucpCatalogLookup: input.ucpCatalogLookup ?? null,
    },
    platform: detectPlatform({ html: homeResource?.text ?? '', headers: homeResource?.headers ?? {} }),
  };
}

/** The edge probe as the gatherer stores it, each family's answers read as a scan reads them. */
function edgeProbe(
  homepage: PageArtifact,
  products: PageArtifact[],
  answers: NonNullable<ArtifactsInput['edgeProbe']>,
): EdgeProbeFamilyArtifact[] {
  const first = products[0];
  const pages = first ? [homepage, first] : [homepage];
  const read = (url: string, kind: PageArtifact['kind'], answer: Retrieval) => analysePage(url, kind, answer);
  return PROBE_AGENTS.map((agent) => ({
    assistant: agent.assistant,
    token: agent.token,
    userAgent: withScannerToken(agent.userAgent),
    pages: pages.map((page) => {
      const given = page.kind === 'homepage' ? answers[agent.assistant]?.homepage : answers[agent.assistant]?.product;
      return readProbe(read, page, given === undefined ? page.retrieval : retrieval(page.url, given));
    }),
  }));
}

/** Every agent-facing document read by its registry reader from what the test says it answered. */
function documents(input: ArtifactsInput, origin: string, startedAt: number): Pick<SiteArtifacts, DocumentName> {
  const read = documentNames.map((name) => {
    const document = documentOf(name);
    const path = document.paths[0] ?? document.legacyPaths?.paths[0] ?? '/';
    const place = input.foundAt?.[name] ?? {
      url: `${origin}${path}`,
      ...(document.paths.length === 0 ? { via: 'legacy_path' as const } : {}),
    };
    const candidate = {
      url: place.url,
      canonicalUrl: place.via === 'ai_catalog' ? place.url : `${origin}${path}`,
      retrieval: retrieval(place.url, input[name]),
    };
    return [name, readCandidate(name, place.via ? { ...candidate, via: place.via } : candidate, origin, startedAt)] as const;
  });
  return Object.fromEntries(read) as unknown as Pick<SiteArtifacts, DocumentName>;
}

function sitemapArtifact(defaultUrl: string, input: ArtifactsInput): SitemapArtifact | null {
  if (input.sitemap === undefined) return null;
  const url = typeof input.sitemap === 'object' && 'url' in input.sitemap && input.sitemap.url ? input.sitemap.url : defaultUrl;
  const fetched = retrieval(url, input.sitemap);
  const body = successBody(fetched);
  return {
    source: input.sitemapSource ?? 'default',
    url,
    retrieval: fetched,
    parsed: body === null ? null : parseSitemap(body),
    children: (input.sitemapChildren ?? []).map((child) => ({
      url: child.url,
      retrieval: retrieval(child.url, child.body),
      parsed: parseSitemap(child.body),
    })),
  };
}
