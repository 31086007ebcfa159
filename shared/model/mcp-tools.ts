/**
 * The tools the MCP server offers, in the order it lists them. The server registers exactly these (a type
 * holds each registration to the list, tests hold the list to tools/list) and the API reference names them.
 */
export const mcpToolNames = [
  'scan_site',
  'get_result',
  'explain_check',
  'list_watched_sites',
  'watch_site',
  'compare_sites',
  'recheck',
] as const;

export type McpToolName = (typeof mcpToolNames)[number];
