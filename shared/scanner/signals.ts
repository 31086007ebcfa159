/**
 * The inventory of agent-facing documents (docs/rubric.md, "Signals"): one entry per id in `signalIds`,
 * in that order, each with the URL looked at, its status and, when the document declares one, its version.
 * It reuses what the validators found; it fetches nothing and scores nothing.
 */
import { signalIds, type SignalId, type SignalRecord } from '#shared/model/scans/scan-result.js';
import type { Artifacts, SiteFile } from '#shared/scanner/artifacts.js';
import type { ReadDocument } from '#shared/scanner/documents/agent-document.js';
import { documentNames, documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';
import { detectBotWall } from '#shared/scanner/parse/bot-wall-detector.js';
import { looksLikeHtmlDocument } from '#shared/scanner/parse/soft-404.js';
import { boundedProblems } from '#shared/scanner/parse/well-known/json-body.js';
import { mediaTypeOf } from '#shared/scanner/parse/well-known/serving.js';
import { markdownLinkOf } from '#shared/scanner/markdown-link.js';
import { fixedPaths } from '#shared/scanner/site-files.js';
import { answerStatus, mediaProblem, mediaRules, wellKnownStatus, type DocumentStatus } from '#shared/scanner/signals/document-status.js';
import { webBotAuthSignal } from '#shared/scanner/signals/web-bot-auth-signal.js';

const { plainText } = mediaRules;

type Reader = (artifacts: Artifacts) => SignalRecord;

/** The agent-facing documents of the registry that fill an inventory entry, by that entry. */
const documentBySignal = new Map(
  documentNames.flatMap((name) => {
    const signal = documentOf(name).signal;
    return signal === null ? [] : [[signal, name] as const];
  }),
);

const ownReaders: Partial<Record<SignalId, Reader>> = {
  robots_txt: robotsSignal,
  sitemap: sitemapSignal,
  markdown: markdownSignal,
  web_bot_auth: webBotAuthSignal,
};

export function signalInventory(artifacts: Artifacts): SignalRecord[] {
  return signalIds.map((id) => {
    const own = ownReaders[id];
    if (own) return own(artifacts);
    const name = documentBySignal.get(id);
    if (name === undefined) throw new Error(`No reader for signal ${id}`);
    return documentSignal(id, name, artifacts);
  });
}

/** A document of the registry: its reader's verdict, how it was served, the version it declares and where it was found. */
function documentSignal(id: SignalId, name: DocumentName, artifacts: Artifacts): SignalRecord {
  const document = documentOf(name);
  const file = artifacts.site[name] as SiteFile<ReadDocument>;
  const read = wellKnownStatus(file, document.media);
  const declared = read.document && document.declared ? document.declared(read.document) : null;
  const legacy =
    read.document !== null && file.via === 'legacy_path' && document.legacyPaths
      ? [`found at a path the standard no longer recommends: ${document.legacyPaths.advice}`]
      : [];
  const warnings = boundedProblems([...legacy, ...warningsOf(read.document)]);
  const base = record(id, file.url, read, declared?.version);
  return {
    ...base,
    ...(declared?.version && base.version ? { versionStanding: declared.standing } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function warningsOf(document: unknown): string[] {
  if (typeof document !== 'object' || document === null || !('warnings' in document) || !Array.isArray(document.warnings)) return [];
  return document.warnings.filter((warning): warning is string => typeof warning === 'string');
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

function resolve(href: string, base: string): string {
  try {
    return new URL(href, base).toString();
  } catch {
    return href;
  }
}
