import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { inject } from 'vitest';

/** The SDK's own client on the stack's POST /mcp, with the key as REST takes it; the caller closes it. */
export async function connectMcp(apiKey: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${inject('apiBaseUrl')}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
