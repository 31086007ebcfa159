import type { AgentRole, AssistantAccess, AssistantRecord, EdgeAnswer, EdgeProbe, RobotsStanding } from './scan-result.js';

/**
 * Words for what reaches each assistant by role (search, user-initiated) and for the edge probe, shared by
 * every place that shows them (the report page and the dashboard's copy of it, the CLI, the MCP tools). The
 * vendor's own facts come from the result (vendorSays, source); these only put its fields into words. Plain
 * text: each surface escapes it its own way.
 */

/**
 * An assistant's access by role; none for a result made before the split (stored, recorded, or answered by an
 * older service), which every surface then shows as it did before.
 */
export function accessOf(assistant: AssistantRecord): AssistantAccess[] {
  const { access }: { access?: AssistantAccess[] } = assistant;
  return access ?? [];
}

export const roleLabels: Record<AgentRole, string> = { search: 'Search', user: 'User-initiated' };

export const robotsStandingLabels: Record<RobotsStanding, string> = {
  allowed: 'allowed by robots.txt',
  partial: 'partly blocked by robots.txt',
  blocked: 'blocked by robots.txt',
  unknown: 'robots.txt could not be read',
  no_agent: 'no agent documented',
};

/** What a request with the agent's User-Agent got, said of the agent. */
export const edgeAnswerLabels: Record<EdgeAnswer, string> = {
  served: 'was served',
  refused: 'was refused',
  challenged: 'was challenged',
  stripped: 'was served without the product facts',
  error: 'got a server error',
  not_assessed: 'could not be compared',
};

/** "Search (OAI-SearchBot)", or "User-initiated" when the vendor documents no agent in that role. */
export function accessHead(access: AssistantAccess): string {
  const label = roleLabels[access.role] ?? access.role;
  return access.agents.length === 0 ? label : `${label} (${access.agents.join(', ')})`;
}

/**
 * "blocked by robots.txt, but the vendor says it may ignore robots.txt": the standing, and whether the owner's
 * robots.txt controls it at all.
 */
export function accessStanding(access: AssistantAccess): string {
  const standing = robotsStandingLabels[access.robots] ?? access.robots;
  if (access.robots === 'no_agent' || access.obeysRobots !== 'may_ignore') return standing;
  const kept = access.robots === 'blocked' || access.robots === 'partial';
  return `${standing}${kept ? ', but' : ';'} the vendor says it may ignore robots.txt`;
}

/** "Search (OAI-SearchBot): allowed by robots.txt": one line per role. */
export function accessLine(access: AssistantAccess): string {
  return `${accessHead(access)}: ${accessStanding(access)}`;
}

/**
 * The edge probe's finding, one line per page compared ("Perplexity-User was refused (HTTP 403) where the
 * scanner got HTTP 200 on https://shop.example/"), or one line when every page was served as the scanner's was.
 */
export function edgeFindings(edge: EdgeProbe): string[] {
  if (edge.answer === 'served') {
    const pages = edge.pages.length === 1 ? '1 page' : `${edge.pages.length} pages`;
    return [`${edge.token} was served as the scanner was (${pages})`];
  }
  return edge.pages.map(
    (page) =>
      `${edge.token} ${edgeAnswerLabels[page.answer] ?? page.answer} (${page.agent}) where the scanner got ${page.scanner} on ${page.url}`,
  );
}
