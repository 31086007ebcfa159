/**
 * The inventory of agent-facing documents (docs/rubric.md, "Signals"): one entry per id in `signalIds`,
 * in that order, each with the URL looked at, its status and, when the document declares one, its version.
 * It reuses what the validators found; it fetches nothing and scores nothing.
 */
import { signalIds, type SignalId, type SignalRecord } from '#shared/model/scans/scan-result.js';
import type { Artifacts, SiteFile, WellKnown } from '#shared/scanner/artifacts.js';
import { detectBotWall } from '#shared/scanner/parse/bot-wall-detector.js';
import { looksLikeHtmlDocument } from '#shared/scanner/parse/soft-404.js';
import { boundedProblems } from '#shared/scanner/parse/well-known/json-body.js';
import { mediaTypeOf } from '#shared/scanner/parse/well-known/serving.js';
import type { McpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import { markdownLinkOf } from '#shared/scanner/markdown-link.js';
import { fixedPaths } from '#shared/scanner/site-files.js';
import {
  answerStatus,
  mediaProblem,
  mediaRules,
  wellKnownStatus,
  type DocumentStatus,
  type MediaRule,
} from '#shared/scanner/signals/document-status.js';
import { webBotAuthSignal } from '#shared/scanner/signals/web-bot-auth-signal.js';

const { json, aiCatalog: aiCatalogMedia, linkset: linksetMedia, plainText, markdownText } = mediaRules;

type Reader = (artifacts: Artifacts) => SignalRecord;

const readers: Record<SignalId, Reader> = {
  robots_txt: robotsSignal,
  sitemap: sitemapSignal,
  llms_txt: (artifacts) => textFileSignal('llms_txt', artifacts.site.llmsTxt, markdownText),
  markdown: markdownSignal,
  ucp: (artifacts) => {
    // The UCP validator judges how the profile was served (JSON, no redirect) itself.
    const read = wellKnownStatus(artifacts.site.ucp, null);
    return record('ucp', artifacts.site.ucp.url, read, read.document?.version);
  },
  acp: (artifacts) => {
    const read = wellKnownStatus(artifacts.site.acp, json);
    return record('acp', artifacts.site.acp.url, read, read.document?.version);
  },
  mcp_server_card: mcpServerCardSignal,
  a2a_agent_card: (artifacts) => {
    const read = wellKnownStatus(artifacts.site.agentCard, json);
    return record('a2a_agent_card', artifacts.site.agentCard.url, read, read.document?.protocolVersion);
  },
  ai_catalog: (artifacts) => {
    const read = wellKnownStatus(artifacts.site.aiCatalog, aiCatalogMedia);
    return record('ai_catalog', artifacts.site.aiCatalog.url, read, read.document?.specVersion);
  },
  api_catalog: (artifacts) =>
    record('api_catalog', artifacts.site.apiCatalog.url, wellKnownStatus(artifacts.site.apiCatalog, linksetMedia)),
  oauth_authorization_server: (artifacts) => {
    // RFC 8414 metadata: its validator judges how it was served (application/json) and the issuer itself.
    const file = artifacts.site.oauthAuthorizationServer;
    return record('oauth_authorization_server', file.url, wellKnownStatus(file, null));
  },
  security_txt: (artifacts) => textFileSignal('security_txt', artifacts.site.securityTxt, plainText),
  web_bot_auth: webBotAuthSignal,
};

export function signalInventory(artifacts: Artifacts): SignalRecord[] {
  return signalIds.map((id) => readers[id](artifacts));
}

/** A declared version is a short token (2026-04-08, 1.0, 0.3.0); anything longer is the site's text, not a version. */
const maxVersionLength = 40;

function record(id: SignalId, url: string, read: DocumentStatus<unknown>, version?: string | null): SignalRecord {
  const problems = boundedProblems(
    read.status === 'invalid' && read.problems.length === 0 ? ['not a well-formed document'] : read.problems,
  );
  const declared = typeof version === 'string' && version !== '' && version.length <= maxVersionLength ? { version } : {};
  return { id, url, status: read.status, ...declared, problems };
}

/** RFC 9309: a 4xx is "no rules" (missing), a 5xx or unreachable file "disallow all" until it answers (invalid). */
function robotsSignal(artifacts: Artifacts): SignalRecord {
  const { url, retrieval, parsed } = artifacts.site.robots;
  const base = { id: 'robots_txt' as const, url };
  if (retrieval.state !== 'fetched' || parsed.source === 'rate_limited') return { ...base, status: 'not_checked', problems: [] };
  if (parsed.source === 'not_found') return { ...base, status: 'missing', problems: [] };
  if (parsed.source === 'unreachable') return { ...base, status: 'invalid', problems: [`answered HTTP ${String(parsed.status)}`] };
  if (parsed.source === 'soft_404') return { ...base, status: 'invalid', problems: boundedProblems(parsed.problems) };
  const served = mediaProblem(retrieval, plainText);
  return served ? { ...base, status: 'invalid', problems: [served] } : { ...base, status: 'valid', problems: [] };
}

function sitemapSignal(artifacts: Artifacts): SignalRecord {
  const { sitemap, origin } = artifacts.site;
  if (sitemap === null) return { id: 'sitemap', url: `${origin}${fixedPaths.sitemap}`, status: 'missing', problems: [] };
  const base = { id: 'sitemap' as const, url: sitemap.url };
  const answer = answerStatus(sitemap.retrieval);
  if (answer) return { ...base, ...answer };
  if (sitemap.parsed === null || sitemap.parsed.kind === 'invalid') {
    const problems = sitemap.parsed?.problems.length
      ? boundedProblems(sitemap.parsed.problems)
      : ['not a sitemap (no <urlset> or <sitemapindex>)'];
    return { ...base, status: 'invalid', problems };
  }
  return { ...base, status: 'valid', problems: [] };
}

/** A text file (llms.txt, security.txt): its validator's verdict, and the media type it was served as. */
function textFileSignal(
  id: SignalId,
  file: SiteFile<{ present: boolean; valid: boolean; problems: string[] }>,
  media: MediaRule,
): SignalRecord {
  const answer = answerStatus(file.retrieval);
  if (answer) return { id, url: file.url, ...answer };
  const result = file.result;
  if (result === null) return { id, url: file.url, status: 'missing', problems: [] };
  const served = mediaProblem(file.retrieval, media);
  if (result.valid && result.present && served === null) return { id, url: file.url, status: 'valid', problems: [] };
  const problems = boundedProblems([...new Set([...(served ? [served] : []), ...result.problems])]);
  return { id, url: file.url, status: 'invalid', problems: problems.length > 0 ? problems : ['not a well-formed document'] };
}

/**
 * The Markdown alternate: a rel=alternate type=text/markdown link (valid, not fetched), else the page's
 * answer to Accept: text/markdown. No link and no negotiation (no Vary: Accept) means missing.
 */
function markdownSignal(artifacts: Artifacts): SignalRecord {
  const { homepage } = artifacts;
  const homeUrl = homepage.retrieval.state === 'fetched' ? homepage.retrieval.resource.finalUrl : homepage.url;
  const link = markdownLinkOf(homepage);
  if (link !== null) return { id: 'markdown', url: resolve(link, homeUrl), status: 'valid', problems: [] };
  const asked = artifacts.site.markdown;
  if (asked === null) {
    const unread = homepage.retrieval.state !== 'fetched' || homepage.botWall.kind !== 'none';
    return { id: 'markdown', url: homeUrl, status: unread ? 'not_checked' : 'missing', problems: [] };
  }
  const base = { id: 'markdown' as const, url: asked.url };
  if (asked.retrieval.state !== 'fetched') return { ...base, status: 'not_checked', problems: [] };
  const { status, headers, text } = asked.retrieval.resource;
  if (detectBotWall({ status, headers, body: text }).kind !== 'none') return { ...base, status: 'not_checked', problems: [] };
  const type = mediaTypeOf(headers['content-type'] ?? null);
  if (status < 200 || status >= 300 || type !== 'text/markdown') return { ...base, status: 'missing', problems: [] };
  if (text.trim() === '') return { ...base, status: 'invalid', problems: ['empty body served as text/markdown'] };
  if (looksLikeHtmlDocument(text)) return { ...base, status: 'invalid', problems: ['HTML served as text/markdown'] };
  return { ...base, status: 'valid', problems: [] };
}

/** The server card at either .well-known path (or the older /.well-known/mcp.json): the best one found. */
function mcpServerCardSignal(artifacts: Artifacts): SignalRecord {
  const { mcpServerCardJson, mcpServerCard, mcp } = artifacts.site;
  const files: WellKnown<McpDiscovery>[] = [mcpServerCardJson, mcpServerCard, mcp];
  const reads = files.map((file) => ({ file, read: wellKnownStatus(file, json) }));
  const order: DocumentStatus<unknown>['status'][] = ['valid', 'invalid', 'not_checked', 'missing'];
  const best = order.map((status) => reads.find((entry) => entry.read.status === status)).find((entry) => entry !== undefined);
  const chosen = best ?? { file: mcpServerCardJson, read: reads[0]!.read };
  return record('mcp_server_card', chosen.file.url, chosen.read);
}

function resolve(href: string, base: string): string {
  try {
    return new URL(href, base).toString();
  } catch {
    return href;
  }
}
