import type { Tier } from '#shared/model/tiers.js';
import { analysePage } from '#shared/scanner/analyse-page.js';
import type { Artifacts, PageArtifact, Retrieval, SitemapArtifact, SkipReason } from '#shared/scanner/artifacts.js';
import type { FetchErrorKind } from '#shared/outbound/fetch-error.js';
import type { FetchedResource, RedirectHop } from '#shared/outbound/types.js';
import { validateLlmsTxt } from '#shared/scanner/parse/llms-txt-parser.js';
import { detectPlatform } from '#shared/scanner/parse/platform.js';
import { validateSecurityTxt } from '#shared/scanner/parse/security-txt-parser.js';
import { parseSitemap } from '#shared/scanner/parse/sitemap-parser.js';
import { validateAgentCard } from '#shared/scanner/parse/well-known/a2a.js';
import { validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import { validateApiCatalog } from '#shared/scanner/parse/well-known/api-catalog.js';
import { validateAcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';
import { validateMcpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import { validateUcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { validateAuthorizationServerMetadata, validateProtectedResourceMetadata } from '#shared/scanner/parse/well-known/oauth.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';
import { servedSiteFile } from '#shared/scanner/served-site-file.js';
import { validateTdmrepJson } from '#shared/scanner/parse/tdmrep.js';
import { fixedPaths, robotsFile, siteFile, successBody } from '#shared/scanner/site-files.js';

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
  mcp?: Input;
  mcpServerCard?: Input;
  mcpServerCardJson?: Input;
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
  const wellKnown = <T>(path: string, value: Input | undefined, validate: (body: string) => T) =>
    siteFile(at(path), retrieval(at(path), value), validate);
  const served = <T>(path: string, value: Input | undefined, validate: (body: string, serving: Serving) => T) =>
    servedSiteFile(at(path), at(path), retrieval(at(path), value), validate);
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
      llmsTxt: wellKnown(fixedPaths.llmsTxt, input.llmsTxt, validateLlmsTxt),
      agentsMd: wellKnown(fixedPaths.agentsMd, input.agentsMd, validateLlmsTxt),
      securityTxt: wellKnown(fixedPaths.securityTxt, input.securityTxt, (body) => validateSecurityTxt(body, new Date(startedAt))),
      ucp: served(fixedPaths.ucp, input.ucp, validateUcpProfile),
      acp: wellKnown(fixedPaths.acp, input.acp, validateAcpDiscovery),
      oauthAuthorizationServer: served(fixedPaths.oauthAuthorizationServer, input.oauthAuthorizationServer, (body, serving) =>
        validateAuthorizationServerMetadata(body, origin, serving),
      ),
      oauthProtectedResource: served(fixedPaths.oauthProtectedResource, input.oauthProtectedResource, (body, serving) =>
        validateProtectedResourceMetadata(body, origin, serving),
      ),
      mcp: wellKnown(fixedPaths.mcp, input.mcp, validateMcpDiscovery),
      mcpServerCard: wellKnown(fixedPaths.mcpServerCard, input.mcpServerCard, validateMcpDiscovery),
      mcpServerCardJson: wellKnown(fixedPaths.mcpServerCardJson, input.mcpServerCardJson, validateMcpDiscovery),
      aiCatalog: wellKnown(fixedPaths.aiCatalog, input.aiCatalog, validateAiCatalog),
      apiCatalog: wellKnown(fixedPaths.apiCatalog, input.apiCatalog, validateApiCatalog),
      agentCard: wellKnown(fixedPaths.agentCard, input.agentCard, validateAgentCard),
      tdmrep: wellKnown(fixedPaths.tdmrep, input.tdmrep, validateTdmrepJson),
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
    },
    platform: detectPlatform({ html: homeResource?.text ?? '', headers: homeResource?.headers ?? {} }),
  };
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
