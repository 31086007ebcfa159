import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { ASSISTANT_VENDORS } from '#shared/scanner/assistants/vendors.js';
import { evaluateAgents } from '#shared/scanner/parse/robots.js';
import { findKnownAgent } from '#shared/scanner/parse/robots-agents.js';
import type { AgentVerdict, PathVerdict, RobotsTxt } from '#shared/scanner/parse/robots.js';
import { robotsPatternMatches, toRobotsPath } from '#shared/scanner/parse/robots-path-match.js';
import { robotsNotAssessed, robotsStatus, suggestedSitemapUrl } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, plural, quoteEvidence } from '#shared/scanner/checks/wording.js';

/** `/` and the sampled product pages (path plus query), each once. */
function evaluatedPaths(artifacts: Artifacts): string[] {
  return [...new Set(['/', ...artifacts.productPages.map((page) => toRobotsPath(page.url))])];
}

function aiSearchVerdicts(parsed: RobotsTxt, paths: readonly string[]): AgentVerdict[] {
  return evaluateAgents(parsed, paths).agents.filter((verdict) => verdict.category === 'ai_search');
}

function ruleText(verdict: PathVerdict): string {
  if (!verdict.rule) return 'no rule';
  return `${verdict.rule.allow ? 'Allow' : 'Disallow'}: ${verdict.rule.pattern} on line ${verdict.rule.line}`;
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const notAssessed = robotsNotAssessed(artifacts);
  if (notAssessed) return notAssessed;
  const { url, parsed } = artifacts.site.robots;
  if (parsed.source === 'unreachable') {
    return outcome.fail(
      `robots.txt answered ${robotsStatus(parsed)}: per RFC 9309 every agent must then treat the whole site as disallowed`,
      [evidence(url, robotsStatus(parsed))],
    );
  }

  const paths = evaluatedPaths(artifacts);
  const verdicts = aiSearchVerdicts(parsed, paths);
  const blocked = verdicts
    .map((verdict) => ({ agent: verdict.agent, via: verdict.via, paths: verdict.paths.filter((path) => !path.allowed) }))
    .filter((entry) => entry.paths.length > 0);
  const pairs = verdicts.length * paths.length;
  const allowedPairs = pairs - blocked.reduce((sum, entry) => sum + entry.paths.length, 0);
  const scope = paths.length === 1 ? '/' : `/ and ${plural(paths.length - 1, 'product page')}`;

  if (blocked.length === 0) {
    const summary =
      parsed.source === 'file'
        ? `robots.txt allows all ${verdicts.length} AI search and shopping agents on ${scope}`
        : `No robots.txt (${parsed.source === 'soft_404' ? 'an HTML page is served instead' : robotsStatus(parsed)}), so every agent may crawl the whole site`;
    // RFC 9309 reads a refused robots.txt as "unavailable" (crawling allowed), but say what else the refusal means.
    const wall = artifacts.homepage.botWall;
    const refused =
      wall.kind === 'wall'
        ? [evidence(artifacts.homepage.url, `but the homepage turned agents away: ${wall.evidence ?? 'challenge page'}`)]
        : [];
    const note = refused.length > 0 ? '; but the homepage turns agents away (see bot_wall)' : '';
    return outcome.pass(`${summary}${note}`, [
      evidence(url, parsed.source === 'file' ? `${allowedPairs} of ${pairs} agent/path checks allowed` : robotsStatus(parsed)),
      ...refused,
    ]);
  }

  const blockedPaths = [...new Set(blocked.flatMap((entry) => entry.paths.map((path) => path.path)))];
  const who = blocked.length === verdicts.length ? 'every AI search and shopping agent' : listNames(blocked.map((entry) => entry.agent));
  const details: Evidence[] = blocked.map((entry) =>
    evidence(
      url,
      `${entry.agent} blocked from ${entry.paths.map((path) => `${path.path} (${ruleText(path)})`).join(', ')}${entry.via ? `, following the ${entry.via} group as its vendor documents` : ''}`,
    ),
  );
  return outcome.fraction(
    allowedPairs / pairs,
    `robots.txt blocks ${who} from ${listNames(blockedPaths, 3)} (${allowedPairs} of ${pairs} agent/path checks allowed)`,
    details,
  );
}

/**
 * A group for the blocked agents that allows what they need. A group naming an agent replaces the
 * `*` group for it (RFC 9309), so the `*` group's other Disallow lines (cart, checkout, account)
 * are carried over unless they block an evaluated path.
 */
function allowSnippet(artifacts: Artifacts, agents: readonly string[]): string {
  const { parsed } = artifacts.site.robots;
  const paths = evaluatedPaths(artifacts);
  const keptDisallows = parsed.groups
    .filter((group) => group.userAgents.includes('*'))
    .flatMap((group) => group.rules)
    .filter((rule) => !rule.allow && !paths.some((path) => robotsPatternMatches(rule.pattern, path)))
    .map((rule) => `Disallow: ${rule.pattern}`);
  const lines = [...agents.map((agent) => `User-agent: ${agent}`), 'Allow: /', ...new Set(keptDisallows)];
  return `${lines.join('\n')}\n\nSitemap: ${suggestedSitemapUrl(artifacts)}`;
}

/** Whether a blocked user-initiated agent's vendor says it follows robots.txt; search agents always do. */
function obeys(token: string): 'search' | 'follows' | 'may_ignore' {
  const agent = findKnownAgent(token);
  if (!agent || agent.role !== 'user') return 'search';
  const vendor = ASSISTANT_VENDORS.find((entry) => entry.id === agent.assistant);
  return vendor?.roles.user?.obeys ?? 'follows';
}

/**
 * What the Disallow lines actually do, role by role: robots.txt keeps search agents out of their assistants'
 * search and stops the user-initiated fetchers that follow it; it does not reliably stop the ones whose vendors
 * say they may ignore it.
 */
function whatTheBlocksDo(blocked: readonly string[]): string {
  const by = (kind: ReturnType<typeof obeys>) => blocked.filter((token) => obeys(token) === kind);
  const parts = [
    by('search').length > 0 ? `${listNames(by('search'))} keep your shop out of their assistants' search` : null,
    by('follows').length > 0 ? `${listNames(by('follows'))} cannot open your pages when a person asks` : null,
    by('may_ignore').length > 0
      ? `${listNames(by('may_ignore'))} fetch for a person who asks, and their vendors say they may ignore robots.txt, so these lines do not reliably keep them out`
      : null,
  ].filter((part): part is string => part !== null);
  return `Blocked in robots.txt, ${parts.join('; ')}`;
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const { url, parsed } = artifacts.site.robots;
  if (parsed.source === 'unreachable') {
    return {
      title: 'Serve robots.txt without a server error',
      why: `${url} answered ${robotsStatus(parsed)}; RFC 9309 tells crawlers to treat that as "disallow everything", so AI search and shopping agents skip the whole shop.`,
      fix: 'Make /robots.txt answer 200 with Content-Type text/plain (or 404 if you want no rules at all). Check the CDN or firewall rule that errors on it.',
      snippet: `User-agent: *\nAllow: /\n\nSitemap: ${suggestedSitemapUrl(artifacts)}`,
      effort: 'S',
    };
  }
  const blockedAgents = aiSearchVerdicts(parsed, evaluatedPaths(artifacts))
    .filter((verdict) => verdict.paths.some((path) => !path.allowed))
    .map((verdict) => verdict.agent);
  return {
    title: 'Allow AI shopping agents in robots.txt',
    why: `${whatTheBlocksDo(blockedAgents)}: ${quoteEvidence(result.evidence)}.`,
    fix: `Add a group for ${listNames(blockedAgents)} that allows / and your product pages, and remove the Disallow lines that block them. Keep disallowing cart, checkout and account paths.`,
    snippet: allowSnippet(artifacts, blockedAgents),
    effort: 'S',
  };
}

export const robotsAiAgents: CheckDefinition = {
  id: 'robots_ai_agents',
  dimension: 'agent_access',
  title: 'robots.txt lets AI search and shopping agents in',
  points: 6,
  evaluate,
  advise,
};
