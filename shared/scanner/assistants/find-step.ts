import type { Artifacts } from '#shared/scanner/artifacts.js';
import { agentRoles, type AssistantStep, type EdgeProbe } from '#shared/model/scans/scan-result.js';
import type { JudgedCheck } from '#shared/scanner/assistants/judge-step.js';
import { clause, lowerFirst } from '#shared/scanner/assistants/judge-step.js';
import { agentsInRole, edgeClause, robotsClause, sentence, type RoleAccess } from '#shared/scanner/assistants/role-access.js';
import { blocksAgent } from '#shared/scanner/edge/edge-probes.js';
import { PROBE_AGENTS } from '#shared/scanner/edge/probe-agents.js';
import { robotsFacts } from '#shared/scanner/assistants/robots-standing.js';
import type { AssistantVendor } from '#shared/scanner/assistants/vendors.js';
import { listNames } from '#shared/scanner/checks/wording.js';

/** A step with the check ids behind its status (a fail, a warning or what was not assessed), for the first fix. */
export interface JudgedStep extends AssistantStep {
  causes: string[];
}

interface RobotsVerdict {
  kind: 'allowed' | 'partial' | 'blocked' | 'unknown';
  reason: string;
  /** On allowed: user-initiated agents robots.txt disallows although their vendor says they may ignore it. */
  note?: string;
}

/** Clauses joined by semicolons, read as one sentence (without its full stop) that starts with a capital. */
function joined(clauses: readonly string[]): string {
  return sentence(clauses.join('; ')).replace(/\.$/, '');
}

/** robots.txt keeps the role's agents (partly) out. */
function keptOut(role: RoleAccess): boolean {
  return role.facts.standing === 'blocked' || role.facts.standing === 'partial';
}

/**
 * robots.txt for the assistant as a whole, its roles judged apart (decision 106): the search role decides
 * whether the assistant can find the shop (blocked from `/`: fail; from sampled product pages: warn); a
 * user-initiated role robots.txt keeps out warns only when the vendor says those agents follow robots.txt,
 * because where the vendor says they may ignore it, robots.txt does not control those visits (the reason
 * still says so).
 */
function robotsVerdict(vendor: AssistantVendor, roles: readonly RoleAccess[], artifacts: Artifacts): RobotsVerdict {
  const agents = roles.flatMap((role) => role.access.agents);
  const whole = robotsFacts(
    agentRoles.flatMap((role) => agentsInRole(vendor, role)),
    artifacts,
  );
  if (whole.standing === 'no_agent') return { kind: 'unknown', reason: `no documented agent of ${vendor.name} is known` };
  if (whole.standing === 'unknown') return { kind: 'unknown', reason: whole.why };
  if ('unreachable' in whole) {
    return {
      kind: 'blocked',
      reason: `robots.txt answered ${whole.unreachable}: per RFC 9309 ${listNames(agents)} must then treat the whole shop as disallowed, so ${vendor.name} cannot find it`,
    };
  }
  const search = roles.find((role) => role.access.role === 'search');
  const users = roles.filter((role) => role.access.role === 'user' && role.facts.standing !== 'no_agent');
  const reasonsOf = (kept: readonly RoleAccess[]) => kept.flatMap((role) => (role.robotsReason ? [role.robotsReason] : []));
  const still = users
    .filter((role) => role.facts.standing === 'allowed')
    .map((role) => `${listNames(role.access.agents)} still visits when a person asks`);
  const uncontrolled = users.filter((role) => keptOut(role) && role.access.obeysRobots === 'may_ignore');
  const obeyedUsers = users.filter((role) => keptOut(role) && role.access.obeysRobots === 'follows');
  if (search?.facts.standing === 'blocked') {
    return { kind: 'blocked', reason: joined([...reasonsOf([search, ...users.filter(keptOut)]), ...still]) };
  }
  const partial = [...(search && keptOut(search) ? [search] : []), ...obeyedUsers];
  if (partial.length > 0) return { kind: 'partial', reason: joined([...reasonsOf([...partial, ...uncontrolled]), ...still]) };
  const note = uncontrolled.length > 0 ? { note: reasonsOf(uncontrolled).join('; ') } : {};
  // The search role's facts were read with the roles: robots.txt is not evaluated for it a second time.
  const open = uncontrolled.length > 0 && search ? search.facts : whole;
  const openAgents = uncontrolled.length > 0 ? (search?.access.agents ?? []) : agents;
  if (open.standing === 'no_agent' || open.standing === 'unknown' || 'unreachable' in open) {
    return { kind: 'allowed', reason: joined(reasonsOf(uncontrolled)) };
  }
  return { kind: 'allowed', reason: joined([robotsClause(vendor, open, openAgents)]), ...note };
}

/**
 * Can the assistant reach the shop: the homepage's bot wall; what the edge answered the assistant's User-Agent
 * (paid scans); robots.txt for its search and user agents, reported apart; for search-index assistants whether
 * pages may be indexed; and for assistants that sign their requests whether the edge accepts signed agents.
 */
export function findStep(
  vendor: AssistantVendor,
  artifacts: Artifacts,
  byId: ReadonlyMap<string, JudgedCheck>,
  roles: readonly RoleAccess[],
  edge: EdgeProbe | undefined,
): JudgedStep {
  const searchIndexed = roles.some((role) => role.access.role === 'search' && role.access.agents.length > 0);
  const checks = [
    'robots_ai_agents',
    'bot_wall',
    ...(edge ? ['edge_agent_access'] : []),
    ...(searchIndexed ? ['indexable'] : []),
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
  if (roles.every((role) => role.access.agents.length === 0)) {
    return step('not_assessed', `Not checked: no documented search or user agent of ${vendor.name} is known`);
  }

  const robots = robotsVerdict(vendor, roles, artifacts);
  const edgeKeptOut = edge !== undefined && blocksAgent(edge.answer);
  const probedAgent = PROBE_AGENTS.find((agent) => agent.assistant === vendor.id);
  const edgeBlock =
    edgeKeptOut && !probedAgent?.verifiedByAddress ? `${edgeClause(edge)}: ${vendor.name} is blocked at the edge by User-Agent` : null;
  if (robots.kind === 'blocked' || edgeBlock) {
    const reasons = [...(robots.kind === 'blocked' ? [robots.reason] : []), ...(edgeBlock ? [edgeBlock] : [])];
    const causes = [...(robots.kind === 'blocked' ? ['robots_ai_agents'] : []), ...(edgeBlock ? ['edge_agent_access'] : [])];
    return step('fail', joined(reasons), causes);
  }

  const status = (id: string) => byId.get(id)?.status;
  const gaps: { reason: string; cause: string }[] = [];
  if (edgeKeptOut) {
    // A crawler edges verify by address: our probe's refusal may be that check, so it warns and says so.
    gaps.push({
      reason: joined([
        `${edgeClause(edge)}; edges commonly refuse ${edge.token}'s User-Agent from addresses that are not ${vendor.company}'s, so the real ${edge.token} may still be let through: check which rule matched`,
      ]),
      cause: 'edge_agent_access',
    });
  }
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
  if (searchIndexed && index && (index.status === 'fail' || index.status === 'warn')) {
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
    const tokens = roles.flatMap((role) => role.access.agents);
    gaps.push({
      reason: `The homepage answers, but ${lowerFirst(robots.reason)}: whether it admits ${listNames(tokens)} is unknown`,
      cause: 'robots_ai_agents',
    });
  } else if (!homepageRead && walls) {
    gaps.push({ reason: `${robots.reason}, but ${lowerFirst(clause(walls.summary))}`, cause: 'bot_wall' });
  }

  const first = gaps[0];
  if (first) return step('warn', first.reason, [...new Set(gaps.map((gap) => gap.cause))]);
  return step('pass', `${robots.reason}, and no bot wall turns agents away${robots.note ? `; ${robots.note}` : ''}`);
}
