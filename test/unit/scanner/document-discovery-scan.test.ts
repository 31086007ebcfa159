/**
 * Documents found where their standard puts them: a loopback shop that serves only an AI Catalog whose
 * entry points at `<mcp-url>/server-card`, scanned end to end; the entries a scan follows are bounded and
 * each goes through the fetcher's guard.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { maxCatalogLinks } from '#shared/scanner/documents/catalog-links.js';
import { startShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { scanLoopbackShop } from '#test/support/loopback-scan.js';

let fetcher: Fetcher;
let root: string;
beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  root = mkdtempSync(path.join(tmpdir(), 'catalog-shop-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Harbour Lane</title></head><body><h1>Harbour Lane</h1></body></html>',
  );
});
afterAll(async () => {
  await fetcher.close();
  rmSync(root, { recursive: true, force: true });
});

const json = (value: unknown): ShopRoute => ({ contentType: 'application/json', body: JSON.stringify(value) });

const card = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'lane.example/shop',
  version: '1.2.0',
  description: 'Search the catalogue and start a checkout.',
  remotes: [{ type: 'streamable-http', url: '{{origin}}/mcp' }],
};

async function scanWith(routes: Record<string, ShopRoute>) {
  const shop = await startShop('typical-gaps', { root, routes });
  try {
    const { result } = await scanLoopbackShop(shop.origin, fetcher);
    const signal = (id: string) => result.signals.find((entry) => entry.id === id);
    return { origin: shop.origin, requests: [...shop.requests], signal, check: (id: string) => result.checks.find((c) => c.id === id) };
  } finally {
    await shop.close();
  }
}

describe('an MCP server card listed in the AI Catalog', () => {
  it('is found at <mcp-url>/server-card and valid, with nothing at the .well-known card paths', async () => {
    const { origin, requests, signal, check } = await scanWith({
      '/.well-known/ai-catalog.json': json({
        specVersion: '1.0',
        entries: [
          { identifier: 'urn:air:lane.example:mcp:shop', type: 'application/mcp-server-card+json', url: '{{origin}}/mcp/server-card' },
        ],
      }),
      '/mcp/server-card': json(card),
    });
    expect(requests).toContain('/mcp/server-card');
    expect(signal('mcp_server_card')).toMatchObject({ url: `${origin}/mcp/server-card`, status: 'valid', problems: [] });
    expect(signal('mcp_server_card')?.warnings).toBeUndefined();
    expect(check('mcp_discovery')).toMatchObject({ status: 'pass' });
    expect(check('mcp_discovery')?.evidence[0]?.url).toBe(`${origin}/mcp/server-card`);
  });

  it("prefers the catalog's card to one at an older path, and reads the older path when the catalog has none", async () => {
    const both = await scanWith({
      '/.well-known/ai-catalog.json': json({
        specVersion: '1.0',
        entries: [{ identifier: 'urn:a', type: 'application/mcp-server-card+json', url: '{{origin}}/mcp/server-card' }],
      }),
      '/mcp/server-card': json(card),
      '/.well-known/mcp/server-card.json': json(card),
    });
    expect(both.signal('mcp_server_card')?.url).toBe(`${both.origin}/mcp/server-card`);
    const legacy = await scanWith({ '/.well-known/mcp/server-card': json(card) });
    expect(legacy.signal('mcp_server_card')).toMatchObject({ url: `${legacy.origin}/.well-known/mcp/server-card`, status: 'valid' });
    expect(legacy.signal('mcp_server_card')?.warnings?.[0]).toContain('no longer recommends');
  });

  it(`follows at most ${maxCatalogLinks} entries, each once, and never one the fetcher's guard refuses`, async () => {
    const entries = [
      { identifier: 'urn:meta', type: 'application/mcp-server-card+json', url: 'http://169.254.169.254/latest/meta-data/server-card' },
      ...Array.from({ length: 9 }, (_, i) => ({
        identifier: `urn:card-${i}`,
        type: 'application/mcp-server-card+json',
        url: `{{origin}}/mcp-${i % 6}/server-card`,
      })),
    ];
    const { requests, signal } = await scanWith({ '/.well-known/ai-catalog.json': json({ specVersion: '1.0', entries }) });
    const followed = requests.filter((request) => /^\/mcp-\d\/server-card$/.test(request));
    expect(followed).toEqual(['/mcp-0/server-card', '/mcp-1/server-card', '/mcp-2/server-card']);
    expect(signal('mcp_server_card')?.status).not.toBe('valid');
  });
});

describe('an A2A agent card listed in the AI Catalog at its own well-known path', () => {
  it('is asked for once and counts as found through the catalog', async () => {
    const agentCard = {
      name: 'Lane shopping agent',
      description: 'Finds products and answers questions about orders.',
      version: '1.0.0',
      supportedInterfaces: [{ url: '{{origin}}/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'find', name: 'Find products', description: 'Searches the catalogue.', tags: ['search'] }],
    };
    const { origin, requests, signal } = await scanWith({
      '/.well-known/ai-catalog.json': json({
        specVersion: '1.0',
        entries: [{ identifier: 'urn:agent', type: 'application/a2a-agent-card+json', url: '{{origin}}/.well-known/agent-card.json' }],
      }),
      '/.well-known/agent-card.json': json(agentCard),
    });
    expect(requests.filter((request) => request === '/.well-known/agent-card.json')).toHaveLength(1);
    expect(signal('a2a_agent_card')).toMatchObject({ url: `${origin}/.well-known/agent-card.json`, status: 'valid', version: '1.0' });
  });
});
