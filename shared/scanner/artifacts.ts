import type {
  A2aDriveReport,
  CatalogLookupReport,
  CheckoutDriveReport,
  CheckoutProbeReport,
  McpDriveReport,
} from '#shared/scanner/drives/drive-report.js';
import type { AssistantId } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import type { FetchErrorKind } from '#shared/outbound/fetch-error.js';
import type { FetchedResource } from '#shared/outbound/types.js';
import type { ProductFacts, StructuredData } from '#shared/scanner/extract/types.js';
import type { BotWallResult } from '#shared/scanner/parse/bot-wall-detector.js';
import type { LlmsTxtResult } from '#shared/scanner/parse/llms-txt-parser.js';
import type { PlatformDetection } from '#shared/scanner/parse/platform.js';
import type { RobotsTxt } from '#shared/scanner/parse/robots.js';
import type { SecurityTxtResult } from '#shared/scanner/parse/security-txt-parser.js';
import type { TdmrepFile } from '#shared/scanner/parse/tdmrep.js';
import type { ParsedSitemap } from '#shared/scanner/parse/sitemap-parser.js';
import type { PageFacts } from '#shared/scanner/page-facts.js';
import type { AgentCard } from '#shared/scanner/parse/well-known/a2a.js';
import type { AiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import type { ApiCatalog } from '#shared/scanner/parse/well-known/api-catalog.js';
import type { AcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';
import type { McpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import type { NotPresent } from '#shared/scanner/parse/well-known/json-body.js';
import type { UcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import type { OAuthAuthorizationServer, OAuthProtectedResource } from '#shared/scanner/parse/well-known/oauth.js';

/**
 * Everything a scan gathered, fetched once and parsed once. Checks are pure functions of this
 * (the Lighthouse model): gathering lives in gather.ts, judging in checks/.
 */

/** What happened to one URL the scanner wanted. */
export type Retrieval =
  | { state: 'fetched'; resource: FetchedResource }
  | { state: 'failed'; reason: FetchErrorKind }
  /**
   * Nothing to judge: the scan deadline passed, robots.txt disallows the scanner there, or the
   * answer was a bot-challenge page instead of the file.
   */
  | { state: 'skipped'; reason: SkipReason };

export type SkipReason = 'deadline' | 'robots' | 'bot_wall' | 'rate_limited';

const skipText: Record<SkipReason, string> = {
  deadline: 'not fetched before the scan deadline',
  robots: 'robots.txt disallows the scanner there',
  bot_wall: 'answered with a bot-challenge page instead of the file',
  rate_limited: 'answered 429 Too Many Requests instead of the file',
};

/** Why a skipped URL has nothing to judge, in a shop owner's words. */
export function describeSkip(reason: SkipReason): string {
  return skipText[reason];
}

export interface PageArtifact {
  url: string;
  kind: 'homepage' | 'product';
  retrieval: Retrieval;
  /** What the checks read from the raw HTML (no JavaScript run), read while it was parsed; null when not fetched or not HTML. */
  facts: PageFacts | null;
  /** Visible text of the raw HTML: scripts, styles, templates and hidden inputs removed, whitespace folded. */
  visibleText: string;
  wordCount: number;
  structured: StructuredData | null;
  /** The product facts the page's markup states; null when its markup shows no product. Checks score these. */
  product: ProductFacts | null;
  /**
   * "What agents see": the markup's facts with what only the visible text shows filled in (each field
   * says its source); null when neither shows a product. Checks use it to explain, never to score.
   */
  agentView: ProductFacts | null;
  botWall: BotWallResult;
}

/** Where a document was found, when not where its standard puts it: through an AI Catalog entry, or at a path no longer recommended. */
export type FoundVia = 'ai_catalog' | 'legacy_path';

/** A site-level file from the fixed set, with what it says when it is what it claims to be. */
export interface SiteFile<T> {
  url: string;
  retrieval: Retrieval;
  /** null when not fetched, not 2xx, or a soft 404. */
  result: T | null;
  /** Found through an AI Catalog entry, or at a path its standard no longer recommends; absent where the standard puts it. */
  via?: FoundVia;
}

export type WellKnown<T> = SiteFile<T | NotPresent>;

export interface SitemapArtifact {
  /** Where the sitemap was found: a robots.txt `Sitemap:` line, or the default /sitemap.xml. */
  source: 'robots' | 'default';
  url: string;
  retrieval: Retrieval;
  parsed: ParsedSitemap | null;
  /** Child sitemaps fetched because their URL names products (sitemap indexes only). */
  children: { url: string; retrieval: Retrieval; parsed: ParsedSitemap | null }[];
}

export interface SiteArtifacts {
  /** scheme://host of the homepage after redirects. */
  origin: string;
  robots: SiteFile<RobotsTxt> & { parsed: RobotsTxt };
  /** The first sitemap that parsed, else the last one tried; null when none was declared or found. */
  sitemap: SitemapArtifact | null;
  llmsTxt: SiteFile<LlmsTxtResult>;
  agentsMd: SiteFile<LlmsTxtResult>;
  securityTxt: SiteFile<SecurityTxtResult>;
  ucp: WellKnown<UcpProfile>;
  acp: WellKnown<AcpDiscovery>;
  /** RFC 8414 authorization server metadata (UCP identity linking needs it). */
  oauthAuthorizationServer: WellKnown<OAuthAuthorizationServer>;
  /** RFC 9728 protected resource metadata. */
  oauthProtectedResource: WellKnown<OAuthProtectedResource>;
  /** The MCP server card: through the AI Catalog, else at a `.well-known` path (documents/mcp-server-card-document.ts). */
  mcpServerCard: WellKnown<McpDiscovery>;
  agentCard: WellKnown<AgentCard>;
  /** W3C TDMRep rules for the site (content_signals). */
  tdmrep: WellKnown<TdmrepFile>;
  aiCatalog: WellKnown<AiCatalog>;
  /** RFC 9727: a linkset of the shop's APIs. */
  apiCatalog: WellKnown<ApiCatalog>;
  /** http:// of the homepage, redirects not followed: does it redirect to https? */
  /** What http:// answered (redirects not followed): fetched, or the first hop of the scanned page when that was the same request. */
  plainHttp: { url: string; retrieval: Retrieval };
  /**
   * The scanned page asked for with `Accept: text/markdown`; null when it was not asked, because the
   * page links its Markdown version already or its answer does not vary by Accept (no `Vary: Accept`).
   */
  markdown: { url: string; retrieval: Retrieval } | null;
  /** A public JSON catalog (Shopify /products.json, WooCommerce Store API) when the platform has one. */
  catalog: { url: string; retrieval: Retrieval; productCount: number | null } | null;
  /** The scanned page asked for again with a Web Bot Auth signature (RFC 9421); null when the scan had no signing key. */
  webBotAuth: WebBotAuthArtifact | null;
  /**
   * The homepage and the first product page asked once with each assistant family's documented User-Agent (the
   * scanner's own token appended), beside the scanner's own answers; null when no probe was sent (the free tier
   * never sends one).
   */
  edgeProbe: EdgeProbeFamilyArtifact[] | null;
  /** The read-only drive of the MCP server the shop declares (paid scans); null when none ran (docs/decisions/113-drives-of-declared-endpoints.md). */
  mcpDrive: McpDriveReport | null;
  /** A read of a checkout session that does not exist at the REST endpoint the UCP profile declares (paid scans); null when none ran. */
  ucpProbe: CheckoutProbeReport | null;
  /** The same at the ACP discovery document's `api_base_url`. */
  acpProbe: CheckoutProbeReport | null;
  /** A Get Task for a task that does not exist at each interface the A2A agent card declares (paid scans); null when none ran. */
  a2aDrive: A2aDriveReport | null;
  /**
   * The full checkout drive at the UCP checkout the profile declares: create, read back, compare, cancel. Only on the
   * rescan of a site its owner proved is theirs and asked for it (docs/decisions/116-owner-proven-checkout-drive.md); null otherwise.
   */
  ucpCheckoutDrive: CheckoutDriveReport | null;
  /** The same at the ACP checkout the discovery document declares, with the merchant's bearer token the owner gave; null otherwise. */
  acpCheckoutDrive: CheckoutDriveReport | null;
  /** A lookup of one product of the scan in the UCP catalog the profile declares (paid scans); null when none ran. */
  ucpCatalogLookup: CatalogLookupReport | null;
}

/** One assistant family's probe: its User-Agent, and each page asked with it. */
export interface EdgeProbeFamilyArtifact {
  assistant: AssistantId;
  /** The product token whose documented string was sent. */
  token: string;
  /** The User-Agent header as sent: the vendor's string, then the scanner's own. */
  userAgent: string;
  pages: EdgeProbePageArtifact[];
}

/** One page asked with a family's User-Agent, beside the scanner's own answer for it. */
export interface EdgeProbePageArtifact {
  /** The page's final URL as the scanner read it, which the probe asked for. */
  url: string;
  kind: PageArtifact['kind'];
  /** The scanner's own answer for the page (its retrieval in the scan). */
  scanner: Retrieval;
  /** The answer to the request with the family's User-Agent. */
  agent: Retrieval;
  /**
   * Whether each copy shows the product's name and price, read as the scan reads pages; `agent` is null when the
   * probe's copy was not read (not served, or the scanner's copy shows no product, so there was nothing to lose).
   */
  productFacts: { scanner: boolean; agent: boolean | null };
}

export interface WebBotAuthArtifact {
  /** The scanned URL, asked for twice at once, each request following its redirects (each hop signed for itself). */
  url: string;
  /** The `Signature-Agent` the signed request carried. */
  signatureAgent: string;
  /** The scanned URL's own (unsigned) answer, before any `<meta http-equiv="refresh">` is followed. */
  unsigned: Retrieval;
  /** The signed answer; null only in artifacts built by hand (tests) where nothing signed was asked. */
  signed: Retrieval | null;
}

export interface Artifacts {
  requestedUrl: string;
  tier: Tier;
  /** How many product pages the tier allows (0 for free, 1 for pro, 4 for growth). */
  productPageBudget: number;
  /** Epoch ms when the scan started; checks use it instead of the clock (expiry dates, lastmod age). */
  startedAt: number;
  homepage: PageArtifact;
  /** The scanned URL is itself a product page: it is also the first entry of productPages. */
  scannedPageIsProduct: boolean;
  /** Confirmed product pages, at most the budget. */
  productPages: PageArtifact[];
  /** Candidate product URLs found but not fetched (budget or deadline), for the report. */
  unvisitedCandidates: string[];
  site: SiteArtifacts;
  platform: PlatformDetection;
}

/** Where a page ended up after redirects, or the URL asked for when it was not fetched. */
export function finalUrlOf(page: PageArtifact): string {
  return page.retrieval.state === 'fetched' ? page.retrieval.resource.finalUrl : page.url;
}
