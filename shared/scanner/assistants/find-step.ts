import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { AssistantStep } from '#shared/model/scans/scan-result.js';
import type { JudgedCheck } from '#shared/scanner/assistants/judge-step.js';
import { clause, lowerFirst } from '#shared/scanner/assistants/judge-step.js';
import type { AssistantVendor } from '#shared/scanner/assistants/vendors.js';
import { robotsNotAssessed, robotsStatus } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, plural } from '#shared/scanner/checks/wording.js';
import { KNOWN_AGENTS, appliedGroup, evaluatePath } from '#shared/scanner/parse/robots.js';
import type { KnownAgent, RobotsTxt } from '#shared/scanner/parse/robots.js';
import { toRobotsPath } from '#shared/scanner/parse/robots-path-match.js';

/** A step with the check ids behind its status (a fail, a warning or what was not assessed), for the first fix. */
export interface JudgedStep extends AssistantStep {
  causes: string[];
}

/** The assistant's documented search and user agents; training-only and other tokens never decide it. */
export function agentsOf(vendor: AssistantVendor): KnownAgent[] {
  return KNOWN_AGENTS.filter((agent) => agent.assistant === vendor.id && (agent.role === 'search' || agent.role === 'user'));
}

type RobotsAccess =
  | { kind: 'allowed' | 'partial' | 'blocked'; reason: string }
  /** robots.txt could not be read by the scan (not fetched, failed, rate limited). */
  | { kind: 'unknown'; reason: string };

/** " (Applebot follows the Googlebot group, as Apple documents)" for agents a documented fallback decided. */
function fallbackNote(parsed: RobotsTxt, agents: readonly KnownAgent[], vendor: AssistantVendor): string {
  const notes = agents.flatMap((agent) => {
    const { group, via } = appliedGroup(parsed, agent.token);
    return group === 'fallback' && via ? [`${agent.token} follows the ${via} group`] : [];
  });
  return notes.length > 0 ? ` (${notes.join('; ')}, as ${vendor.name} documents)` : '';
}

/**
 * What robots.txt lets the assistant's agents do, per RFC 9309 as robots.ts evaluates it (the group naming the
 * agent, else the group of its documented fallback token, else `*`; longest match, Allow on ties; 4xx allows
 * all, 5xx and unreachable disallow all), on `/` and on every sampled product page.
 */
function robotsAccess(vendor: AssistantVendor, agents: readonly KnownAgent[], artifacts: Artifacts): RobotsAccess {
  const unreadable = robotsNotAssessed(artifacts);
  if (unreadable) return { kind: 'unknown', reason: clause(unreadable.summary) };
  const { parsed } = artifacts.site.robots;
  const tokens = agents.map((agent) => agent.token);
  if (parsed.source === 'unreachable') {
    return {
      kind: 'blocked',
      reason: `robots.txt answered ${robotsStatus(parsed)}: per RFC 9309 ${listNames(tokens)} must then treat the whole shop as disallowed, so ${vendor.name} cannot find it`,
    };
  }
  const productPaths = [...new Set(artifacts.productPages.map((page) => toRobotsPath(page.url)))].filter((path) => path !== '/');
  const note = fallbackNote(parsed, agents, vendor);
  const rootBlocked = agents.filter((agent) => !evaluatePath(parsed, agent.token, '/').allowed);
  if (rootBlocked.length === agents.length) {
    return { kind: 'blocked', reason: `robots.txt keeps ${listNames(tokens)} out of /${note}, so ${vendor.name} cannot find the shop` };
  }
  const allowed = agents.filter((agent) => !rootBlocked.includes(agent));
  if (rootBlocked.length > 0) {
    return {
      kind: 'partial',
      reason: `robots.txt keeps ${listNames(rootBlocked.map((agent) => agent.token))} out of /; ${vendor.name} still comes in through ${listNames(allowed.map((agent) => agent.token))}${note}`,
    };
  }
  const blockedPaths = productPaths.filter((path) => agents.some((agent) => !evaluatePath(parsed, agent.token, path).allowed));
  if (blockedPaths.length > 0) {
    const who = agents.filter((agent) => blockedPaths.some((path) => !evaluatePath(parsed, agent.token, path).allowed));
    return {
      kind: 'partial',
      reason: `robots.txt lets ${listNames(tokens)} in on / but keeps ${listNames(who.map((agent) => agent.token))} out of ${plural(blockedPaths.length, 'sampled product page')} (${listNames(blockedPaths, 3)})${note}`,
    };
  }
  const scope = productPaths.length > 0 ? ` and ${plural(productPaths.length, 'sampled product page')}` : '';
  if (parsed.source === 'file') return { kind: 'allowed', reason: `robots.txt lets ${listNames(tokens)} in on /${scope}${note}` };
  const why = parsed.source === 'soft_404' ? 'an HTML page is served instead' : robotsStatus(parsed);
  return { kind: 'allowed', reason: `No robots.txt (${why}), so ${listNames(tokens)} may crawl the whole shop` };
}

/**
 * Can the assistant reach the shop: robots.txt for its own search and user agents, the homepage's bot wall,
 * for search-index assistants whether pages may be indexed, and for assistants that sign their requests
 * whether the edge accepts signed agents.
 */
export function findStep(vendor: AssistantVendor, artifacts: Artifacts, byId: ReadonlyMap<string, JudgedCheck>): JudgedStep {
  const agents = agentsOf(vendor);
  const indexed = agents.some((agent) => agent.role === 'search');
  const checks = [
    'robots_ai_agents',
    'bot_wall',
    ...(indexed ? ['indexable'] : []),
    ...(vendor.signsRequests ? ['web_bot_auth'] : []),
  ].filter((id) => byId.has(id));
  const step = (status: JudgedStep['status'], reason: string, causes: string[] = []): JudgedStep => ({
    step: 'find',
    status,
    checks,
    reason,
    causes,
  });

  const wall = artifacts.homepage.botWall;
  if (wall.kind === 'wall') {
    return step(
      'fail',
      `A bot wall turns agents away from the homepage (${wall.evidence ?? 'challenge page'}), so ${vendor.name} cannot reach the shop`,
      ['bot_wall'],
    );
  }
  if (agents.length === 0) return step('not_assessed', `Not checked: no documented search or user agent of ${vendor.name} is known`);

  const robots = robotsAccess(vendor, agents, artifacts);
  if (robots.kind === 'blocked') return step('fail', robots.reason, ['robots_ai_agents']);

  const status = (id: string) => byId.get(id)?.status;
  const gaps: { reason: string; cause: string }[] = [];
  if (robots.kind === 'partial') gaps.push({ reason: robots.reason, cause: 'robots_ai_agents' });
  const signed = byId.get('web_bot_auth');
  if (vendor.signsRequests && signed && (signed.status === 'fail' || signed.status === 'warn')) {
    gaps.push({
      reason: `${vendor.name}'s agent signs its requests (Web Bot Auth), and ${lowerFirst(clause(signed.summary))}`,
      cause: 'web_bot_auth',
    });
  }
  const walls = byId.get('bot_wall');
  if (walls && walls.status === 'warn') gaps.push({ reason: clause(walls.summary), cause: 'bot_wall' });
  const index = byId.get('indexable');
  if (indexed && index && (index.status === 'fail' || index.status === 'warn')) {
    gaps.push({
      reason: `${vendor.name} finds shops through a search index, and ${lowerFirst(clause(index.summary))}`,
      cause: 'indexable',
    });
  }

  const homepageRead = status('bot_wall') === 'pass' || status('bot_wall') === 'warn';
  if (robots.kind === 'unknown') {
    // The homepage answered the scanner, so the shop is reachable; what robots.txt says stays unknown.
    if (!homepageRead)
      return step('not_assessed', `Not checked: ${robots.reason}, and the homepage could not be read either`, ['robots_ai_agents']);
    gaps.push({
      reason: `The homepage answers, but ${lowerFirst(robots.reason)}: whether it admits ${listNames(agents.map((a) => a.token))} is unknown`,
      cause: 'robots_ai_agents',
    });
  } else if (!homepageRead && walls) {
    gaps.push({ reason: `${robots.reason}, but ${lowerFirst(clause(walls.summary))}`, cause: 'bot_wall' });
  }

  const first = gaps[0];
  if (first) return step('warn', first.reason, [...new Set(gaps.map((gap) => gap.cause))]);
  return step('pass', `${robots.reason}, and no bot wall turns agents away`);
}
