import { describe, expect, it } from 'vitest';
import { validateMcpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';

describe('validateMcpDiscovery', () => {
  it('reads a SEP-2127 server card', () => {
    const card = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'example.shop/mcp',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://shop.example/mcp' }],
    };
    expect(validateMcpDiscovery(JSON.stringify(card))).toEqual({
      present: true,
      valid: true,
      name: 'example.shop/mcp',
      endpoints: ['https://shop.example/mcp'],
      transports: ['streamable-http'],
      problems: [],
    });
  });

  it('reads the serverInfo + transport object shape', () => {
    const card = { serverInfo: { name: 'Shop MCP', version: '2' }, transport: { type: 'SSE', endpoint: 'https://shop.example/sse' } };
    expect(validateMcpDiscovery(JSON.stringify(card))).toMatchObject({
      valid: true,
      name: 'Shop MCP',
      endpoints: ['https://shop.example/sse'],
      transports: ['sse'],
    });
  });

  it('reads flat and collection shapes', () => {
    expect(validateMcpDiscovery('{"name":"shop","endpoint":"https://s.example/mcp","transport":"http"}')).toMatchObject({
      valid: true,
      transports: ['http'],
    });
    const collection = { mcpServers: { store: { name: 'store', url: 'https://s.example/mcp', transport: 'streamable-http' } } };
    expect(validateMcpDiscovery(JSON.stringify(collection))).toMatchObject({
      valid: true,
      name: 'store',
      endpoints: ['https://s.example/mcp'],
    });
  });

  it('is present but invalid without a name or an absolute endpoint', () => {
    const result = validateMcpDiscovery('{"transport":"http","endpoint":"/mcp"}');
    expect(result).toMatchObject({ present: true, valid: false, name: null, endpoints: [], transports: ['http'] });
    expect(result.problems).toEqual(['no server name', 'no absolute http(s) MCP endpoint']);
    expect(validateMcpDiscovery('{"name":"x"}')).toMatchObject({ valid: false, problems: ['no absolute http(s) MCP endpoint'] });
  });

  it('is absent for a soft-404 HTML page or non-JSON', () => {
    expect(validateMcpDiscovery('<!doctype html><html></html>').present).toBe(false);
    expect(validateMcpDiscovery('name: shop').present).toBe(false);
  });
});
