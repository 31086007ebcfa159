/** The MCP tools every transport and bundle serves, written out here so a tool added or lost fails the tests. */
export const mcpToolNames = ['compare_sites', 'explain_check', 'get_result', 'list_watched_sites', 'recheck', 'scan_site', 'watch_site'];
