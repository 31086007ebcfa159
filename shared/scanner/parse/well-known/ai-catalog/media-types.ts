/**
 * Entry types an agent follows from an AI Catalog (Agent-Card/ai-catalog https://github.com/Agent-Card/ai-catalog/blob/main/specification/ai-catalog.md,
 * "Catalog Entry": the well-known `type` values; the MCP server card's in
 * modelcontextprotocol/experimental-ext-server-card https://github.com/modelcontextprotocol/experimental-ext-server-card (its discovery.md, in docs)).
 */

/** An MCP server card (`<streamable-http-url>/server-card`). */
export const MCP_SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** An A2A agent card. */
export const A2A_AGENT_CARD_MEDIA_TYPE = 'application/a2a-agent-card+json';
/** A nested AI Catalog. */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
