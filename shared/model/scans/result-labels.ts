import type { AssistantStepName, AssistantStepStatus, AssistantVerdict, SignalId, SignalStatus, VersionStanding } from './scan-result.js';

/**
 * Words for the inventory and the assistants' verdicts, shared by every place that shows them to a person
 * (the report page, the dashboard's copy of it, the CLI), so they never say the same thing two ways.
 */

export const verdictLabels: Record<AssistantVerdict, string> = {
  blocked: 'Blocked',
  can_find: 'Can find',
  can_read: 'Can read',
  can_trust: 'Can trust',
  can_buy: 'Can buy',
};

/** What the verdict means for the shop, after its label. */
export const verdictMeanings: Record<AssistantVerdict, string> = {
  blocked: 'cannot reach the shop',
  can_find: 'finds the shop, cannot read its products',
  can_read: 'reads the products, cannot rely on the policies',
  can_trust: 'finds, reads and trusts the shop, cannot buy',
  can_buy: 'finds, reads, trusts and buys',
};

/** How many of the four steps (find, read, trust, buy) each verdict reaches. */
export const verdictReach: Record<AssistantVerdict, number> = { blocked: 0, can_find: 1, can_read: 2, can_trust: 3, can_buy: 4 };

export const stepLabels: Record<AssistantStepName, string> = { find: 'Find', read: 'Read', trust: 'Trust', buy: 'Buy' };

export const stepStatusLabels: Record<AssistantStepStatus, string> = {
  pass: 'passes',
  warn: 'warning',
  fail: 'fails',
  not_assessed: 'not checked',
};

export const signalNames: Record<SignalId, string> = {
  robots_txt: 'robots.txt',
  sitemap: 'XML sitemap',
  llms_txt: 'llms.txt',
  markdown: 'Markdown versions of pages',
  ucp: 'UCP profile (Universal Commerce Protocol)',
  acp: 'ACP discovery document (Agentic Commerce Protocol)',
  mcp_server_card: 'MCP server card',
  a2a_agent_card: 'A2A agent card',
  ai_catalog: 'AI catalog',
  api_catalog: 'API catalog (RFC 9727)',
  oauth_authorization_server: 'OAuth authorization server metadata',
  security_txt: 'security.txt',
  web_bot_auth: 'Web Bot Auth (signed agents)',
};

/** Where a document's declared version stands, in a reader's words. */
export const versionStandingLabels: Record<VersionStanding, string> = {
  current: 'current',
  older: 'older, still read',
  newer: 'newer or draft',
  unknown: 'not a known version',
};

export const signalStatusLabels: Record<SignalStatus, string> = {
  valid: 'Valid',
  invalid: 'Broken',
  missing: 'Missing',
  not_checked: 'Not checked',
};
