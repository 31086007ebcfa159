/**
 * Every version of a standard that a check, its summary or its fix names, in one place. docs/standards.md
 * lists each one with its source and the date it was checked; test/unit/docs/standards.test.ts holds the two
 * together and refuses a version written anywhere else in the scanner.
 */
export const STANDARDS = {
  ucp: { name: 'Universal Commerce Protocol (UCP) profile', version: '2026-04-08' },
  acpDiscovery: { name: 'Agentic Commerce Protocol (ACP) discovery', version: '2026-04-17' },
  openaiProductFeed: { name: 'OpenAI product feed spec (ChatGPT merchants)', version: 'currently-stable (read 2026-11-26)' },
  oauthAuthorizationServer: { name: 'OAuth 2.0 Authorization Server Metadata', version: 'RFC 8414' },
  oauthProtectedResource: { name: 'OAuth 2.0 Protected Resource Metadata', version: 'RFC 9728' },
  jwk: { name: 'JSON Web Key (JWK), UCP signing_keys', version: 'RFC 7517' },
  ap2: { name: 'Agent Payments Protocol (AP2) A2A extension', version: 'v0.1' },
  aiCatalog: { name: 'AI Catalog (ai-catalog.json)', version: '1.0' },
  a2aAgentCard: { name: 'A2A agent card (/.well-known/agent-card.json, or an AI Catalog entry)', version: '1.0' },
  mcpServerCard: {
    name: 'MCP server card (`<mcp-url>/server-card` through the AI Catalog; the `.well-known` card paths and mcp.json still read, with a warning)',
    version: 'v1',
  },
  mcpProtocol: {
    name: 'Model Context Protocol, streamable HTTP transport (the read-only drive of a declared MCP server; tool input schemas in JSON Schema 2020-12 unless they name another dialect)',
    version: '2025-11-25',
  },
  httpMessageSignatures: { name: 'HTTP Message Signatures (web_bot_auth)', version: 'RFC 9421' },
  webBotAuth: { name: 'Web Bot Auth: HTTP Message Signatures for automated traffic', version: 'draft-ietf-webbotauth-httpsig-protocol-01' },
  webBotAuthDirectory: {
    name: 'HTTP Message Signatures Directory (/.well-known/http-message-signatures-directory)',
    version: 'draft-ietf-webbotauth-httpsig-protocol-01',
  },
} as const satisfies Record<string, { name: string; version: string }>;

export type StandardId = keyof typeof STANDARDS;

/**
 * Earlier versions a validator still reads: a document declaring one is judged by that version's own rules
 * and warned to upgrade, never refused for being older.
 */
export const STILL_READ = {
  ucp: ['2026-01-23', '2026-01-11'],
  /** Dated ACP API versions released before the current one (changelog/ at the pinned commit). */
  acpDiscovery: ['2025-09-29', '2025-12-12', '2026-01-16', '2026-01-30'],
  /** A2A 0.3 cards (and 0.2.x, judged by the 0.3 schema). */
  a2aAgentCard: ['0.3'],
} as const satisfies Partial<Record<StandardId, readonly string[]>>;

export function versionOf(id: StandardId): string {
  return STANDARDS[id].version;
}
