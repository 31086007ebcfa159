/**
 * The read-only MCP drive against real endpoints on loopback: a server built with the SDK (JSON and SSE answers),
 * and each way a declared endpoint fails. Every request goes through the scanner's guarded fetcher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { FetchSession } from '#shared/scanner/fetch-session.js';
import { driveMcp } from '#shared/scanner/drives/mcp-drive.js';
import { mcpEndpoint, type McpEndpointVariant } from '#test/fixtures/mcp-endpoints.js';
import { startLoopbackServer, type LoopbackServer } from '#test/unit/outbound/loopback-server.js';

const variants: McpEndpointVariant[] = [
  'correct',
  'correct-sse',
  'not-found',
  'server-error',
  'html-page',
  'invalid-tool-schemas',
  'resources-only',
  'endless-tools',
  'unknown-protocol-version',
  'hangs',
  'redirects',
];

let server: LoopbackServer;
let fetcher: Fetcher;
let strictFetcher: Fetcher;

beforeAll(async () => {
  server = await startLoopbackServer(Object.fromEntries(variants.map((variant) => [`/${variant}`, mcpEndpoint(variant, '/correct')])));
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  strictFetcher = createFetcher({ allowPrivateHosts: [] });
});
afterAll(async () => {
  await Promise.all([server.close(), fetcher.close(), strictFetcher.close()]);
});

function drive(variant: string, options: { timeoutMs?: number; maxRequests?: number; using?: Fetcher } = {}) {
  const session = new FetchSession(options.using ?? fetcher, Date.now() + 30_000);
  return driveMcp(`${server.origin}/${variant}`, session, {
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRequests: options.maxRequests ?? 10,
    round: 3,
    now: Date.now,
  }).finally(() => session.abort());
}

describe('a read-only drive of a declared MCP endpoint', () => {
  it.each(['correct', 'correct-sse'])('lists what a correct server (%s) offers and calls no tool', async (variant) => {
    const report = await drive(variant);
    expect(report).toMatchObject({
      outcome: 'answered',
      protocolVersion: '2025-11-25',
      server: { name: 'fixture-shop-catalog', version: '1.2.0' },
      toolCount: 2,
      resources: 1,
      prompts: 1,
      detail: 'protocol 2025-11-25, 2 tools, 1 resource, 1 prompt',
    });
    expect(report.tools).toEqual([
      { name: 'search_products', inputSchema: 'valid', problem: null },
      { name: 'get_product', inputSchema: 'valid', problem: null },
    ]);
    expect(report.exchanges.map((exchange) => exchange.message)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'resources/list',
      'prompts/list',
    ]);
    expect(report.exchanges.every((exchange) => exchange.method === 'POST')).toBe(true);
  });

  it('judges each tool input schema as MCP and JSON Schema define it', async () => {
    const report = await drive('invalid-tool-schemas');
    expect(report.outcome).toBe('answered');
    expect(report.tools).toEqual([
      { name: 'search_products', inputSchema: 'valid', problem: null },
      { name: 'add_to_cart', inputSchema: 'invalid', problem: 'inputSchema/properties/quantity/minimum must be number' },
      { name: 'list_orders', inputSchema: 'invalid', problem: 'inputSchema.type is "array"; MCP requires "object"' },
    ]);
    expect(report.resources).toBeNull();
    expect(report.prompts).toBeNull();
  });

  it('lists no tools where the server declares none, and answers', async () => {
    const report = await drive('resources-only');
    expect(report).toMatchObject({ outcome: 'answered', tools: null, toolCount: null, resources: 1, prompts: null });
    expect(report.detail).toBe('protocol 2025-11-25, no tools declared, 1 resource');
    expect(report.exchanges.map((exchange) => exchange.message)).not.toContain('tools/list');
  });

  it('reads at most three pages of tools and says the count is a floor', async () => {
    const report = await drive('endless-tools');
    expect(report).toMatchObject({ outcome: 'answered', toolCount: 3, toolsComplete: false });
    expect(report.detail).toBe('protocol 2025-11-25, at least 3 tools');
  });

  it.each([
    ['not-found', 'http_error', 'initialize answered HTTP 404'],
    ['server-error', 'http_error', 'initialize answered HTTP 500'],
    ['html-page', 'not_mcp', 'initialize answered text/html; charset=utf-8, not a JSON-RPC message'],
  ] as const)('fails an endpoint that answers %s with the request and answer as evidence', async (variant, outcome, detail) => {
    const report = await drive(variant);
    expect(report).toMatchObject({ outcome, detail, tools: null, protocolVersion: null });
    expect(report.exchanges).toHaveLength(1);
    expect(report.exchanges[0]).toMatchObject({ method: 'POST', message: 'initialize', url: `${server.origin}/${variant}` });
  });

  it('fails a server that answers with a protocol version no client speaks', async () => {
    const report = await drive('unknown-protocol-version');
    expect(report.outcome).toBe('protocol_error');
    expect(report.detail).toContain('1999-01-01');
  });

  it('follows a redirect within the origin, each hop through the guarded fetch', async () => {
    const report = await drive('redirects');
    expect(report.outcome).toBe('answered');
    expect(report.exchanges[0]).toMatchObject({ status: 307, url: `${server.origin}/redirects` });
    expect(report.exchanges[1]).toMatchObject({ status: 200, url: `${server.origin}/correct`, message: 'initialize' });
  });

  it('costs a hanging endpoint no more than its time-out', async () => {
    const report = await drive('hangs', { timeoutMs: 400 });
    expect(report.outcome).toBe('timeout');
    expect(report.detail).toBe('initialize got no answer in time');
    // A bound the drive must hold, not a speed: without the time-out it would wait for the fetcher's own 5 s.
    expect(report.durationMs).toBeLessThan(2_000);
  });

  it('stops at its request budget', async () => {
    const report = await drive('correct', { maxRequests: 2 });
    expect(report.outcome).toBe('over_budget');
    expect(report.exchanges).toHaveLength(2);
  });

  it('fails an endpoint that is not a URL without asking anything', async () => {
    const session = new FetchSession(fetcher, Date.now() + 30_000);
    const report = await driveMcp('not a url', session, { timeoutMs: 1_000, maxRequests: 10, round: 3, now: Date.now });
    expect(report).toMatchObject({ outcome: 'failed', detail: 'the declared endpoint is not a URL', exchanges: [] });
  });

  it('refuses an endpoint on a private address with the scan’s usual message, sending nothing', async () => {
    const before = server.requests.length;
    const report = await drive('correct', { using: strictFetcher });
    expect(report).toMatchObject({ outcome: 'refused', detail: 'the endpoint leads to an address that is not allowed' });
    expect(server.requests.length).toBe(before);
  });
});
