import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { ApiRequest, ApiResponse } from '#shared/http/api-types.js';
import { createMcpServer } from './mcp-server.js';
import { serviceToolBackend } from './service-tools.js';

/** The headers the transport reads, and those of its answer worth passing on (the dispatch adds its own). */
const headersIn = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];
const headersOut = ['content-type', 'mcp-protocol-version'];

/**
 * POST /mcp: one JSON-RPC message, answered in the same response (stateless streamable HTTP: no session,
 * no stream, a new server per request, so any function instance answers any request). The dispatch has
 * already checked the key, the body's size and its JSON; each tool call then runs as its REST route does.
 */
export async function answerMcp(
  request: ApiRequest,
  deps: Pick<
    Dependencies,
    'config' | 'table' | 'clock' | 'logger' | 'queue' | 'keyPepper' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'
  >,
): Promise<ApiResponse> {
  const backend = serviceToolBackend(
    { authorization: request.headers.authorization, sourceIp: request.sourceIp, requestId: request.requestId, headers: request.headers },
    deps,
  );
  const server = createMcpServer(backend, (error) => deps.logger.error('MCP tool failed', error as Error));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(
      new Request(`${deps.config.publicBaseUrl}/mcp`, {
        method: 'POST',
        headers: Object.fromEntries(
          headersIn.flatMap((name) => (request.headers[name] === undefined ? [] : [[name, request.headers[name]]])),
        ),
      }),
      { parsedBody: request.body },
    );
    const headers: Record<string, string> = {};
    for (const name of headersOut) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const text = await response.text();
    return text === '' ? { status: response.status, headers } : { status: response.status, text, headers };
  } finally {
    await server.close();
  }
}
