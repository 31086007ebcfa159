import { z } from 'zod';

/** One JSON-RPC 2.0 message of the Model Context Protocol; the MCP SDK checks the rest. */
export const McpMessage = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    method: z.string().optional().meta({ description: 'initialize, tools/list, tools/call, ...' }),
    id: z.union([z.string(), z.number()]).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'McpMessage', description: 'A JSON-RPC 2.0 request or notification (https://modelcontextprotocol.io/specification)' });

export const McpAnswer = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number(), message: z.string() }).optional(),
  })
  .meta({
    id: 'McpAnswer',
    description: "The JSON-RPC response; a refused tool call is a result with `isError: true` and the API's message",
  });
