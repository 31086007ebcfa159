import type { AgentRole, AssistantAccess, EdgeAnswer, EdgeProbe } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { robotsFacts, type RobotsFacts } from '#shared/scanner/assistants/robots-standing.js';
import type { AssistantVendor, RoleDocumentation } from '#shared/scanner/assistants/vendors.js';
import { listNames, plural } from '#shared/scanner/checks/wording.js';
import { KNOWN_AGENTS } from '#shared/scanner/parse/robots.js';
import type { KnownAgent } from '#shared/scanner/parse/robots.js';

/** The assistant's documented agents in one role; training-only and other tokens never decide anything. */
export function agentsInRole(vendor: AssistantVendor, role: AgentRole): KnownAgent[] {
  return KNOWN_AGENTS.filter((agent) => agent.assistant === vendor.id && agent.role === role);
}

/** What the edge did to a request carrying the agent's User-Agent, as a verb phrase around "a request". */
const edgeWords: Record<EdgeAnswer, [string, string]> = {
  served: ['served', ' as it served the scanner'],
  refused: ['refused', ''],
  challenged: ['answered', ' with a challenge'],
  stripped: ['answered', " without the product facts the scanner's copy has"],
  error: ['answered', ' with a server error'],
  not_assessed: ['could not be compared on', ''],
};

/** "the edge refused a request carrying ChatGPT-User's User-Agent (HTTP 403 on https://shop/ where the scanner got HTTP 200)". */
export function edgeClause(edge: EdgeProbe): string {
  const page = edge.pages.find((entry) => entry.answer === edge.answer) ?? edge.pages[0];
  const where = page && edge.answer !== 'served' ? ` (${page.agent} on ${page.url} where the scanner got ${page.scanner})` : '';
  const [verb, how] = edgeWords[edge.answer];
  return `the edge ${verb} a request carrying ${edge.token}'s User-Agent${how}${where}`;
}

/** What robots.txt does to `tokens`, before what it means for the assistant. */
export function robotsClause(vendor: AssistantVendor, facts: Exclude<RobotsFacts, { standing: 'no_agent' }>, tokens: string[]): string {
  const names = listNames(tokens);
  if (facts.standing === 'unknown') return `whether robots.txt admits ${names} is unknown (${facts.why})`;
  if ('unreachable' in facts) {
    return `robots.txt answered ${facts.unreachable}: per RFC 9309 ${names} must then treat the whole shop as disallowed`;
  }
  const note = facts.fallbacks.length > 0 ? ` (${facts.fallbacks.join('; ')}, as ${vendor.company} documents)` : '';
  if (facts.standing === 'blocked') return `robots.txt keeps ${names} out of /${note}`;
  if (facts.rootBlocked.length === tokens.length) {
    const them = tokens.length === 1 ? 'it' : 'them';
    return `robots.txt keeps ${names} off / but lets ${them} fetch ${plural(facts.openProductPaths.length, 'sampled product page')} (${listNames(facts.openProductPaths, 3)})${note}`;
  }
  if (facts.rootBlocked.length > 0) {
    const allowed = tokens.filter((token) => !facts.rootBlocked.some((agent) => agent.token === token));
    return `robots.txt keeps ${listNames(facts.rootBlocked.map((agent) => agent.token))} out of / but lets ${listNames(allowed)} in${note}`;
  }
  if (facts.blockedPaths.length > 0) {
    return `robots.txt lets ${names} in on / but keeps ${listNames(facts.pathBlocked.map((agent) => agent.token))} out of ${plural(facts.blockedPaths.length, 'sampled product page')} (${listNames(facts.blockedPaths, 3)})${note}`;
  }
  if (facts.absent !== null) return `no robots.txt (${facts.absent}), so ${names} may crawl the whole shop`;
  const scope = facts.productPaths > 0 ? ` and ${plural(facts.productPaths, 'sampled product page')}` : '';
  return `robots.txt lets ${names} in on /${scope}${note}`;
}

/** What a robots.txt block means for this role: which of the two the owner's robots.txt actually controls. */
function consequence(vendor: AssistantVendor, role: AgentRole, docs: RoleDocumentation, facts: RobotsFacts, tokens: string[]): string {
  if (facts.standing !== 'blocked' && facts.standing !== 'partial') return '';
  const homepageOnly = 'rootBlocked' in facts && facts.standing === 'partial' && facts.rootBlocked.length === tokens.length;
  const pages = homepageOnly ? 'the homepage' : 'those pages';
  if (role === 'search') {
    return facts.standing === 'blocked'
      ? `, so the shop is not in ${vendor.name}'s search`
      : `, so ${pages} stay${homepageOnly ? 's' : ''} out of ${vendor.name}'s search`;
  }
  if (docs.obeys === 'may_ignore') {
    return `, but ${vendor.company} says ${listNames(tokens)} may ignore robots.txt when a person asks: robots.txt does not reliably control those visits`;
  }
  return facts.standing === 'blocked'
    ? `, so ${vendor.name} cannot open the shop when a person asks`
    : `, so ${vendor.name} cannot open ${pages} when a person asks`;
}

/** A clause as a sentence: a capital first letter (robots.txt keeps its own spelling) and a full stop. */
export function sentence(text: string): string {
  const start = text.startsWith('robots.txt') ? text.charAt(0) : text.charAt(0).toUpperCase();
  return `${start}${text.slice(1)}.`;
}

export interface RoleAccess {
  access: AssistantAccess;
  facts: RobotsFacts;
  /** What robots.txt does to the role and what that means for the assistant, without the edge; null: no agent. */
  robotsReason: string | null;
}

/**
 * One role of the assistant's agents (search or user-initiated): what the shop's robots.txt says to them, what
 * the vendor documents about obeying it, and what the edge answered the role's User-Agent when it was probed.
 */
export function roleAccess(vendor: AssistantVendor, role: AgentRole, artifacts: Artifacts, edge: EdgeProbe | undefined): RoleAccess {
  const agents = agentsInRole(vendor, role);
  const docs = vendor.roles[role];
  const facts = robotsFacts(agents, artifacts);
  if (docs === null || facts.standing === 'no_agent') {
    const none = `${vendor.company} documents no ${role === 'search' ? 'search' : 'user-initiated'} agent`;
    return {
      access: { role, agents: [], robots: 'no_agent', obeysRobots: 'no_agent', vendorSays: none, source: null, summary: `${none}.` },
      facts: { standing: 'no_agent' },
      robotsReason: null,
    };
  }
  const tokens = agents.map((agent) => agent.token);
  const probed = edge && agents.some((agent) => agent.token.toLowerCase() === edge.token.toLowerCase()) ? edge : undefined;
  const robotsReason = `${robotsClause(vendor, facts, tokens)}${consequence(vendor, role, docs, facts, tokens)}`;
  const summary = sentence(`${robotsReason}${probed ? `; ${edgeClause(probed)}` : ''}`);
  return {
    access: {
      role,
      agents: tokens,
      robots: facts.standing,
      obeysRobots: docs.obeys,
      vendorSays: docs.says,
      source: docs.source,
      ...(probed ? { edge: probed } : {}),
      summary,
    },
    facts,
    robotsReason,
  };
}
