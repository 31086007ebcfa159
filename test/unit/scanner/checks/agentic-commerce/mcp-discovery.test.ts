import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import type { McpDriveReport } from '#shared/scanner/drives/drive-report.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { checkout, shopifyHome, softNotFound, ucpProfile } from '#test/unit/scanner/checks/agentic-commerce/fixtures.js';

const { run } = checkRunner(agenticCommerceChecks);

/** The older /.well-known/mcp.json, still read as a place the card may be. */
const atMcpJson = { foundAt: { mcpServerCard: { url: 'https://shop.example/.well-known/mcp.json', via: 'legacy_path' as const } } };
const atServerCard = {
  foundAt: { mcpServerCard: { url: 'https://shop.example/.well-known/mcp/server-card', via: 'legacy_path' as const } },
};

describe('mcp_discovery', () => {
  it('passes a valid /.well-known/mcp.json', () => {
    const { result } = run('mcp_discovery', {
      ...atMcpJson,
      mcpServerCard: '{"name":"Mug Shop MCP","endpoint":"https://shop.example/mcp","transport":"streamable-http"}',
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/.well-known/mcp.json',
      value: 'endpoints: https://shop.example/mcp; transports: streamable-http',
    });
  });

  it('passes a server card', () => {
    const { result } = run('mcp_discovery', {
      ...atServerCard,
      mcpServerCard: JSON.stringify({
        $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
        name: 'example.shop/store',
        version: '1.0.0',
        description: 'Search the catalog.',
        remotes: [{ type: 'streamable-http', url: 'https://shop.example/api/mcp' }],
      }),
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/.well-known/mcp/server-card');
  });

  it('passes an MCP transport declared in the UCP profile, platform provided on Shopify', () => {
    const services = { 'dev.ucp.shopping': [{ version: '2026-01-23', transport: 'mcp', endpoint: 'https://shop.example/api/ucp/mcp' }] };
    const { result } = run('mcp_discovery', { homepage: shopifyHome, ucp: ucpProfile(checkout, services) });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.summary).toContain('https://shop.example/api/ucp/mcp');
  });

  it('warns on a file that is there but declares no endpoint', () => {
    const { result } = run('mcp_discovery', { ...atMcpJson, mcpServerCard: '{"name":"Mug Shop MCP","transport":"streamable-http"}' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('no absolute http(s) MCP endpoint');
  });

  it('passes a server card at /.well-known/mcp/server-card.json (SEP-2127 shape)', () => {
    const card = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
      name: 'example.shop/store',
      version: '2.3.0',
      description: 'Search the catalog and start a checkout.',
      remotes: [{ type: 'streamable-http', url: 'https://shop.example/mcp' }],
    };
    const { result } = run('mcp_discovery', { mcpServerCard: JSON.stringify(card) });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/.well-known/mcp/server-card.json',
      value: 'endpoints: https://shop.example/mcp; transports: streamable-http',
    });
  });

  it('warns on a broken server card and advises a complete one', () => {
    const { result, advice } = run('mcp_discovery', {
      mcpServerCard: '{"name":"example.shop/store","remotes":[{"type":"sse","url":"/mcp"}]}',
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('/.well-known/mcp/server-card.json is there but does not declare a usable MCP server');
    const [card, catalog] = (advice().snippet ?? '').split('\n\n').map((part) => JSON.parse(part.slice(part.indexOf('\n') + 1)) as unknown);
    expect(card).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'example.shop/store',
      remotes: [{ type: 'streamable-http', url: 'https://shop.example/mcp' }],
    });
    expect(catalog).toMatchObject({ entries: [{ type: 'application/mcp-server-card+json', url: 'https://shop.example/mcp/server-card' }] });
    expect(advice().fix).toContain('https://shop.example/mcp/server-card');
  });

  it('warns on a valid card that gives agents no endpoint to connect to', () => {
    const card = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'example.shop/store',
      version: '1.0.0',
      description: 'A local server package.',
    };
    const { result } = run('mcp_discovery', { mcpServerCard: JSON.stringify(card) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('declares no remote endpoint');
  });

  it('passes WebMCP tools declared on a form of the homepage', () => {
    const homepage =
      '<html><body><form action="/search" method="get" toolname="searchProducts" tooldescription="Search the catalog by keyword.">' +
      '<input name="q"></form></body></html>';
    const { result } = run('mcp_discovery', { homepage });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('a WebMCP tool (searchProducts)');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/',
      value: '<form toolname="searchProducts" tooldescription="Search the catalog by keyword.">',
    });
  });

  it('counts WebMCP tools on product pages too', () => {
    const product =
      '<html><body><form action="/cart/add" method="post" toolname="addToCart" tooldescription="Add this product to the cart."><input name="id" value="1"></form></body></html>';
    const { result } = run('mcp_discovery', { products: [product] });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/products/item-1');
  });

  it('warns on a WebMCP form without its tooldescription, which the browser does not register', () => {
    const homepage = '<html><body><form action="/search" toolname="searchProducts"><input name="q"></form></body></html>';
    const { result, advice } = run('mcp_discovery', { homepage });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('has no tooldescription');
    expect(advice().snippet).toContain('toolname="searchProducts" tooldescription="');
  });

  it('does not apply when nothing declares an MCP server or tools: not assessed, never a fail', () => {
    const { result } = run('mcp_discovery', {
      mcpServerCard: softNotFound,
      homepage: '<html><body><form action="/search"><input name="q"></form></body></html>',
    });
    expect(result).toMatchObject({ status: 'not_assessed', score: null });
    expect(result.summary).toContain('MCP does not apply');
    expect(result.evidence.map((e) => e.url)).toEqual([
      'https://shop.example/.well-known/mcp/server-card.json',
      'https://shop.example/.well-known/ucp',
    ]);
  });

  it('is not assessed when a discovery file was not fetched', () => {
    const { result } = run('mcp_discovery', { mcpServerCard: { failed: 'timeout' } });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('could not be fetched (timeout)');
  });

  describe('where a paid scan drove the endpoint', () => {
    const card = JSON.stringify({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'example.shop/store',
      version: '1.0.0',
      description: 'Search the catalog.',
      remotes: [{ type: 'streamable-http', url: 'https://shop.example/api/mcp' }],
    });
    const exchange = (message: string, status: number | null, contentType: string | null, answer = '') => ({
      method: 'POST',
      url: 'https://shop.example/api/mcp',
      message,
      status,
      contentType,
      answer,
      ms: 12,
    });
    const drive = (over: Partial<McpDriveReport>): McpDriveReport => ({
      endpoint: 'https://shop.example/api/mcp',
      outcome: 'answered',
      detail: 'protocol 2025-11-25, 1 tool',
      protocolVersion: '2025-11-25',
      server: { name: 'store', version: '1.0.0' },
      tools: [{ name: 'search', inputSchema: 'valid', problem: null }],
      toolCount: 1,
      toolsComplete: true,
      resources: null,
      prompts: null,
      durationMs: 140,
      exchanges: [exchange('initialize', 200, 'application/json'), exchange('tools/list', 200, 'application/json')],
      ...over,
    });

    it('judges what the server did, not what the card says', () => {
      const { result } = run('mcp_discovery', { ...atServerCard, mcpServerCard: card, mcpDrive: drive({}) });
      expect(result).toMatchObject({
        status: 'pass',
        summary: 'https://shop.example/api/mcp answered an MCP client (protocol 2025-11-25, 1 tool) in 140 ms; no tool was called.',
      });
      expect(result.evidence[0]).toEqual({
        url: 'https://shop.example/.well-known/mcp/server-card',
        value: 'declares https://shop.example/api/mcp',
      });
    });

    it('fails a valid card whose endpoint fails, and shows the answer without what a terminal would act on', () => {
      const hostile = '\u001b[31m::error::owned\u202e\n<html>';
      const failed = drive({
        outcome: 'not_mcp',
        detail: 'initialize answered text/html, not a JSON-RPC message',
        exchanges: [exchange('initialize', 200, 'text/html; charset=utf-8', hostile)],
      });
      const { result, advice } = run('mcp_discovery', { ...atServerCard, mcpServerCard: card, mcpDrive: failed });
      expect(result.status).toBe('fail');
      expect(result.summary).toBe(
        'https://shop.example/api/mcp, which https://shop.example/.well-known/mcp/server-card declares, did not answer an MCP client: initialize answered text/html, not a JSON-RPC message.',
      );
      expect(result.evidence[1]?.value).toBe('POST initialize → HTTP 200 text/html: [31m::error::owned <html>');
      expect(advice().fix).toContain('The path serves a web page: route it to the MCP server instead of the storefront.');
    });

    it('warns on the tools MCP clients reject and advises a valid input schema', () => {
      const rejected = drive({
        tools: [
          { name: 'search', inputSchema: 'valid', problem: null },
          { name: 'cart', inputSchema: 'invalid', problem: 'inputSchema/required must be array' },
          {
            name: 'odd',
            inputSchema: 'unknown_dialect',
            problem: 'inputSchema.$schema names https://example.com/s, a dialect not judged here',
          },
        ],
        toolCount: 3,
      });
      const { result, advice } = run('mcp_discovery', { ...atServerCard, mcpServerCard: card, mcpDrive: rejected });
      expect(result.status).toBe('warn');
      expect(result.summary).toContain('but 1 of 3 tools have an input schema MCP clients reject: cart.');
      expect(result.evidence.at(-1)).toEqual({ url: 'https://shop.example/api/mcp', value: 'cart: inputSchema/required must be array' });
      expect(advice().title).toBe("Fix your MCP tools' input schemas");
    });
  });
});
