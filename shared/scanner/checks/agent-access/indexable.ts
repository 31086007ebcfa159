import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { FetchedResource } from '#shared/outbound/types.js';
import { AI_SEARCH_AGENTS } from '#shared/scanner/parse/robots.js';
import { siteOf } from '#shared/scanner/site-of.js';
import { contentProblem, resourceOf, scannedPages, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, pageLabel, quoteEvidence } from '#shared/scanner/checks/wording.js';

const MAX_REDIRECTS = 3;
const CLEAN = 'HTTP 200, indexable, canonical on site';
/** Meta names whose `noindex` reaches the agents we score: `robots` plus each agent's own name. */
const ROBOTS_META_NAMES = new Set(['robots', ...AI_SEARCH_AGENTS.map((agent) => agent.token.toLowerCase())]);
/** X-Robots-Tag directives that carry a value after a colon, so their name is not a user agent. */
const VALUED_DIRECTIVES = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

type Severity = 'fail' | 'warn';
interface Issue {
  severity: Severity;
  text: string;
}

function hasNoindex(directives: string): boolean {
  return directives
    .toLowerCase()
    .split(/[\s,]+/)
    .some((directive) => directive === 'noindex' || directive === 'none');
}

function metaNoindex(page: PageArtifact): string | null {
  for (const { name, content } of page.facts?.metas ?? []) {
    if (ROBOTS_META_NAMES.has(name) && hasNoindex(content)) return `<meta name="${name}" content="${content}">`;
  }
  return null;
}

/**
 * `X-Robots-Tag: noindex`, or `X-Robots-Tag: googlebot: noindex` for an agent we score. A
 * `name:` prefix scopes the directives after it (repeated headers arrive joined with ", ").
 */
function headerNoindex(resource: FetchedResource): string | null {
  const header = resource.headers['x-robots-tag'];
  if (!header) return null;
  let scope: string | null = null;
  for (const part of header.split(',')) {
    let directive = part.trim().toLowerCase();
    const scoped = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(directive);
    if (scoped && !VALUED_DIRECTIVES.has(scoped[1] ?? '')) {
      scope = scoped[1] ?? null;
      directive = scoped[2] ?? '';
    }
    const applies = scope === null || ROBOTS_META_NAMES.has(scope);
    if (applies && hasNoindex(directive)) return `X-Robots-Tag: ${header}`;
  }
  return null;
}

function canonicalHref(page: PageArtifact, resource: FetchedResource): string | null {
  if (page.facts?.canonical) return page.facts.canonical;
  const header = /<([^>]+)>\s*;[^,]*rel="?canonical"?/i.exec(resource.headers.link ?? '');
  return header?.[1] ?? null;
}

function canonicalIssue(page: PageArtifact, resource: FetchedResource): Issue | null {
  const href = canonicalHref(page, resource);
  if (href === null) return null;
  let canonical: URL;
  try {
    canonical = new URL(href, resource.finalUrl);
  } catch {
    return { severity: 'warn', text: `has an invalid canonical URL "${href}"` };
  }
  return siteOf(canonical) === siteOf(new URL(resource.finalUrl))
    ? null
    : { severity: 'warn', text: `names a canonical on another site (${canonical.href})` };
}

function pageIssues(page: PageArtifact, resource: FetchedResource): Issue[] {
  const issues: Issue[] = [];
  if (resource.status !== 200) issues.push({ severity: 'fail', text: `answers HTTP ${resource.status}` });
  const unreadable = contentProblem(page);
  if (unreadable !== null) issues.push({ severity: 'fail', text: unreadable });
  if (resource.redirects.length > MAX_REDIRECTS) {
    issues.push({ severity: 'warn', text: `takes ${resource.redirects.length} redirects to load (${MAX_REDIRECTS} at most)` });
  }
  const noindex = metaNoindex(page) ?? headerNoindex(resource);
  if (noindex) issues.push({ severity: 'fail', text: `says noindex (${noindex})` });
  const canonical = canonicalIssue(page, resource);
  if (canonical) issues.push(canonical);
  return issues;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pageScore(issues: readonly Issue[]): number {
  if (issues.some((issue) => issue.severity === 'fail')) return 0;
  return issues.length > 0 ? 0.5 : 1;
}

/** Per page: a final 200 within 3 redirects, no noindex, a canonical on the same site; averaged. */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const judged: { page: PageArtifact; issues: Issue[] }[] = [];
  const skipped: Evidence[] = [];
  for (const page of scannedPages(artifacts)) {
    const resource = resourceOf(page.retrieval);
    if (page.retrieval.state === 'failed' && page.retrieval.reason === 'too_many_redirects') {
      judged.push({ page, issues: [{ severity: 'fail', text: 'redirects too many times to reach a page' }] });
      continue;
    }
    const reason = unreadableReason(page);
    if (reason !== null || !resource) {
      skipped.push(evidence(page.url, `not assessed: ${reason ?? 'not fetched'}`));
      continue;
    }
    judged.push({ page, issues: pageIssues(page, resource) });
  }
  if (judged.length === 0) return outcome.notAssessed('No page could be checked for indexability', skipped);

  const score = judged.reduce((sum, entry) => sum + pageScore(entry.issues), 0) / judged.length;
  const short = judged.filter((entry) => entry.issues.length > 0);
  const found = judged.map((entry) => evidence(entry.page.url, entry.issues.map((issue) => issue.text).join('; ') || CLEAN));
  if (short.length === 0) {
    const only = judged.length === 1 ? judged[0] : undefined;
    const pages = only
      ? `${capitalise(pageLabel(only.page))} answers`
      : `${judged.length === 2 ? 'Both' : `All ${judged.length}`} pages checked answer`;
    return outcome.pass(`${pages} 200, allow indexing and keep the canonical on the shop's own site`, found);
  }
  const first = short[0];
  const headline =
    short.length === 1 && first
      ? `${pageLabel(first.page)} ${first.issues[0]?.text ?? ''}`
      : `${listNames(
          short.map((entry) => pageLabel(entry.page)),
          3,
        )} are not cleanly indexable`;
  return outcome.fraction(score, capitalise(headline), [...found, ...skipped]);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const shortfalls = result.evidence.filter((item) => item.value !== CLEAN && !item.value?.startsWith('not assessed'));
  const pageUrl = shortfalls[0]?.url ?? artifacts.homepage.url;
  return {
    title: 'Make your pages indexable by AI search agents',
    why: `Agents and the search indexes they rely on drop pages that error, carry noindex or name another site as canonical: ${quoteEvidence(shortfalls)}.`,
    fix: "Serve shop pages with 200 after at most 3 redirects, remove noindex from meta robots and X-Robots-Tag on pages you want found, and point rel=canonical at the page's own URL on your domain.",
    snippet: `<meta name="robots" content="index, follow">\n<link rel="canonical" href="${pageUrl}">`,
    effort: 'S',
  };
}

export const indexable: CheckDefinition = {
  id: 'indexable',
  dimension: 'agent_access',
  title: 'Pages are indexable',
  points: 4,
  evaluate,
  advise,
};
