import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { allowedPrivateHosts, loadConfig } from '#shared/config.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { createMcpServer } from '#shared/mcp/mcp-server.js';
import { localToolBackend } from '#bin/cli/mcp-local-tools.js';
import { serviceClientBackend } from '#bin/cli/mcp-service-tools.js';
import { toStderr } from '#bin/cli/inert-output.js';

export const mcpHelp = `Usage: agent-readiness-scan mcp

Runs the scanner as an MCP server on stdio (tools: scan_site, get_result, explain_check,
list_watched_sites, watch_site). Without a service it scans from this machine under the public
scan's rules; with AGENT_READINESS_API_URL and AGENT_READINESS_API_KEY set it calls that
service's REST API with the key instead. Logs go to stderr; stdout carries only the protocol.`;

/**
 * `agent-readiness-scan mcp`: serves the tools on stdin/stdout until the client closes stdin. Nothing
 * but JSON-RPC may reach stdout, so everything said to a person goes to stderr, through the guard that keeps
 * a failed tool's message (which may quote a site) from writing workflow commands into a CI log.
 */
export async function runMcp(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    toStderr(mcpHelp);
    return 0;
  }
  const apiUrl = env.AGENT_READINESS_API_URL?.trim() ?? '';
  const apiKey = env.AGENT_READINESS_API_KEY?.trim() ?? '';
  if ((apiUrl === '') !== (apiKey === '')) {
    toStderr('Set both AGENT_READINESS_API_URL and AGENT_READINESS_API_KEY to use a service, or neither to scan from here');
    return 2;
  }
  const config = loadConfig(env);
  const fetcher = apiUrl === '' ? createFetcher({ allowPrivateHosts: allowedPrivateHosts(config) }) : null;
  const backend = fetcher ? localToolBackend(config, fetcher) : serviceClientBackend({ baseUrl: apiUrl, apiKey });
  toStderr(fetcher ? 'MCP server on stdio, scanning from this machine' : `MCP server on stdio, using the service at ${apiUrl}`);
  const server = createMcpServer(backend, (error) => toStderr('MCP tool failed:', error));
  const transport = new StdioServerTransport();
  // The client ends the session by closing stdin (or the transport closes on its own).
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close();
  await fetcher?.close();
  return 0;
}
