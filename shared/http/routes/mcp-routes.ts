import { z } from 'zod';
import { getConfig } from '#shared/config.js';
import { mcpToolNames } from '#shared/model/mcp-tools.js';
import { ErrorBody } from '#shared/http/schemas/common-schemas.js';
import { McpAnswer, McpMessage } from '#shared/http/schemas/mcp-schemas.js';
import { defineFamilyRoutes, errors, ok } from './define-routes.js';

const config = getConfig();

export const mcpRoutes = defineFamilyRoutes('mcp', {
  callMcp: {
    // Each message is unmetered, in a bucket of its own with the account routes' hourly figure; each tool call
    // is then authorised, metered and limited as the REST route it mirrors (docs/decisions/081-mcp-over-stateless-http.md).
    auth: 'key',
    metered: false,
    rateLimit: {
      name: 'mcp-messages',
      per: 'account',
      limit: config.accountRoutesLimitPerHour,
      windowSeconds: 3_600,
      counts: 'MCP messages',
    },
    tags: ['MCP'],
    summary: `Model Context Protocol over streamable HTTP, stateless (JSON answers, no session): tools ${mcpToolNames.slice(0, -1).join(', ')} and ${mcpToolNames.at(-1)}, each with the scope, tier, allowance and limits of its REST route`,
    body: McpMessage,
    responses: {
      ...ok(
        200,
        'The JSON-RPC answer; a refused tool call is a result with `isError: true` and the message the REST route gives',
        McpAnswer,
      ),
      202: { description: 'A notification or response was accepted (no body)' },
      ...errors(401, 413, 429),
      400: {
        description: 'Invalid input: `{"error"}` for a body that is not JSON or not a JSON-RPC message, or the transport\'s JSON-RPC error',
        schema: z.union([ErrorBody, McpAnswer]),
      },
      406: { description: 'Accept does not name both application/json and text/event-stream (a JSON-RPC error)', schema: McpAnswer },
      415: { description: 'Content-Type is not application/json (a JSON-RPC error)', schema: McpAnswer },
    },
  },
});
