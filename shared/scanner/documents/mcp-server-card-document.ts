import { agentDocument } from '#shared/scanner/documents/agent-document.js';
import { MCP_SERVER_CARD_MEDIA_TYPE } from '#shared/scanner/parse/well-known/ai-catalog/media-types.js';
import { serverCardScheme, validateMcpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import { mediaRules } from '#shared/scanner/signals/document-status.js';

/**
 * The MCP server card. The draft (experimental-ext-server-card, https://github.com/modelcontextprotocol/experimental-ext-server-card (its discovery.md, in docs)) serves it at
 * `<streamable-http-url>/server-card`, listed in the AI Catalog; the `.well-known` card paths, which it calls
 * not recommended, and the older /.well-known/mcp.json are still read.
 */
export const mcpServerCardDocument = agentDocument({
  signal: 'mcp_server_card',
  paths: [],
  catalogTypes: [MCP_SERVER_CARD_MEDIA_TYPE],
  legacyPaths: {
    paths: ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card', '/.well-known/mcp.json'],
    advice:
      'serve the card at <MCP endpoint>/server-card and list it in /.well-known/ai-catalog.json as type application/mcp-server-card+json',
  },
  media: mediaRules.json,
  read: (body) => validateMcpDiscovery(body),
  versions: serverCardScheme,
  declared: (card) => card.declared,
  checks: ['mcp_discovery'],
});
