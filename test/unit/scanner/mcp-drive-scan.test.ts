/**
 * mcp_discovery on whole scans of the agent-ready fixture shop, whose server card names {{origin}}/mcp: a paid scan
 * drives the endpoint and judges what it did; the free scan never connects and judges the card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '#shared/model/tiers.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import type { McpEndpointVariant } from '#test/fixtures/mcp-endpoints.js';
import { startShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { scanLoopbackShop } from '#test/support/loopback-scan.js';

let fetcher: Fetcher;
beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await fetcher.close();
});

async function scan(tier: Tier, routes: Record<string, ShopRoute>) {
  const shop = await startShop('agent-ready', { routes });
  try {
    const { result } = await scanLoopbackShop(shop.origin, fetcher, tier);
    const check = result.checks.find((candidate) => candidate.id === 'mcp_discovery');
    if (!check) throw new Error('no mcp_discovery');
    const advice = result.recommendations.find((recommendation) => recommendation.checkId === 'mcp_discovery');
    return { origin: shop.origin, check, advice, asked: shop.requests.filter((path) => path === '/mcp').length };
  } finally {
    await shop.close();
  }
}

const withEndpoint = (variant: McpEndpointVariant): Record<string, ShopRoute> => ({ '/mcp': { mcp: variant } });

describe('the MCP endpoint a shop declares, driven by a paid scan', () => {
  it('passes a server that answers, with each request as evidence', async () => {
    const { origin, check, asked } = await scan('pro', withEndpoint('correct'));
    expect(check.status).toBe('pass');
    expect(check.summary).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/mcp answered an MCP client \(protocol 2025-11-25, 2 tools, 1 resource, 1 prompt\) in \d+ ms; no tool was called\.$/,
    );
    expect(check.evidence.map((item) => item.value)).toEqual([
      `declares ${origin}/mcp`,
      'POST initialize → HTTP 200 application/json',
      'POST notifications/initialized → HTTP 202',
      'POST tools/list → HTTP 200 application/json',
      'POST resources/list → HTTP 200 application/json',
      'POST prompts/list → HTTP 200 application/json',
      'tools: search_products, get_product',
    ]);
    expect(asked).toBe(5);
  });

  it.each([
    ['not-found', 'initialize answered HTTP 404', 'POST initialize → HTTP 404 text/plain: Not Found'],
    ['server-error', 'initialize answered HTTP 500', 'POST initialize → HTTP 500 application/json: {"message":"upstream failed"}'],
    [
      'html-page',
      'initialize answered text/html; charset=utf-8, not a JSON-RPC message',
      'POST initialize → HTTP 200 text/html: <!doctype html><title>Shop</title><h1>Welcome</h1>',
    ],
  ] as const)('fails an endpoint that answers %s, with the answer and a fix', async (variant, detail, line) => {
    const { origin, check, advice } = await scan('pro', withEndpoint(variant));
    expect(check.status).toBe('fail');
    expect(check.summary).toBe(
      `${origin}/mcp, which ${origin}/.well-known/mcp/server-card.json declares, did not answer an MCP client: ${detail}.`,
    );
    expect(check.evidence).toContainEqual({ url: `${origin}/mcp`, value: line });
    expect(advice?.title).toBe('Make your MCP endpoint answer MCP clients');
    expect(advice?.fix).toContain(`${origin}/mcp`);
  });

  it('warns on tools whose input schemas MCP clients reject, naming each', async () => {
    const { origin, check, advice } = await scan('growth', withEndpoint('invalid-tool-schemas'));
    expect(check.status).toBe('warn');
    expect(check.summary).toContain('but 2 of 3 tools have an input schema MCP clients reject: add_to_cart and list_orders.');
    expect(check.evidence).toContainEqual({
      url: `${origin}/mcp`,
      value: 'list_orders: inputSchema.type is "array"; MCP requires "object"',
    });
    expect(advice?.title).toBe("Fix your MCP tools' input schemas");
  });

  it('refuses an endpoint on a private address without asking it', async () => {
    const card = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'no.fjellfjord/catalog',
      version: '1.2.0',
      description: 'Search the catalog.',
      remotes: [{ type: 'streamable-http', url: 'http://10.0.0.7/mcp' }],
    };
    const { check } = await scan('pro', {
      '/.well-known/mcp/server-card.json': { body: JSON.stringify(card), contentType: 'application/mcp-server-card+json' },
    });
    expect(check.status).toBe('fail');
    expect(check.summary).toContain('http://10.0.0.7/mcp, which');
    expect(check.summary).toContain('did not answer an MCP client: the endpoint leads to an address that is not allowed.');
  });

  it('never connects on the free tier, and judges the card as declared', async () => {
    const { origin, check, asked } = await scan('free', withEndpoint('not-found'));
    expect(asked).toBe(0);
    expect(check.status).toBe('pass');
    expect(check.summary).toBe(
      `${origin}/.well-known/mcp/server-card.json declares an MCP server ("no.fjellfjord/catalog") agents can connect to.`,
    );
  });
});
