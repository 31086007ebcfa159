import { describe, expect, it } from 'vitest';
import { SERVER_CARD_V1_SCHEMA, validateMcpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';
import type { McpDiscovery } from '#shared/scanner/parse/well-known/mcp.js';

const fullCard = {
  $schema: SERVER_CARD_V1_SCHEMA,
  name: 'shop.example/store',
  version: '3.1.0',
  description: 'Search the catalog and start a checkout.',
  title: 'Shop Example store',
  websiteUrl: 'https://shop.example/',
  repository: { url: 'https://git.example/shop/mcp', source: 'gitea', subfolder: 'servers/store', id: '42' },
  icons: [{ src: 'https://shop.example/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' }],
  remotes: [
    { type: 'streamable-http', url: 'https://shop.example/mcp', supportedProtocolVersions: ['2025-11-25'] },
    {
      type: 'sse',
      url: 'https://{region}.shop.example/sse',
      variables: { region: { description: 'Region', isRequired: true, default: 'eu', choices: ['eu', 'us'] } },
      headers: [{ name: 'X-Api-Key', isSecret: true, format: 'string', value: '{key}', variables: { key: { isRequired: true } } }],
    },
  ],
  _meta: { 'example.shop/tier': 'gold' },
};

function judge(doc: unknown): McpDiscovery {
  const result = validateMcpDiscovery(JSON.stringify(doc));
  if (!result.present) throw new Error('expected a present document');
  return result;
}

function without(key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...fullCard };
  delete copy[key];
  return copy;
}

describe('validateMcpDiscovery: v1 server card', () => {
  it('reads a full v1 card: endpoints apart from templated ones, transports, declared v1', () => {
    expect(judge(fullCard)).toEqual({
      present: true,
      valid: true,
      name: 'shop.example/store',
      endpoints: ['https://shop.example/mcp'],
      templatedEndpoints: ['https://{region}.shop.example/sse'],
      transports: ['streamable-http', 'sse'],
      declared: { version: 'v1', standing: 'current' },
      problems: [],
      warnings: [],
    });
  });

  it('is valid without remotes (they are optional), with a warning that it gives no endpoint', () => {
    const result = judge({ $schema: SERVER_CARD_V1_SCHEMA, name: 'a.example/b', version: '1', description: 'd' });
    expect(result).toMatchObject({ valid: true, endpoints: [], problems: [] });
    expect(result.warnings[0]).toMatch(/^remotes: none declared/);
  });

  it.each(['$schema', 'name', 'version', 'description'])('names the missing required member %s', (member) => {
    const result = judge(without(member));
    expect(result.valid).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.startsWith(`${member}: missing: `)).toBe(true);
  });

  it('refuses wrong types, bad patterns and bounds', () => {
    const result = judge({
      ...fullCard,
      name: 'no-slash',
      version: 3,
      description: 'x'.repeat(101),
      title: '',
      websiteUrl: 'not a url',
      icons: [{ mimeType: 'image/png' }],
      remotes: [{ type: 'websocket', url: 'ftp://shop.example/mcp' }],
    });
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      'name: must be a reverse-DNS namespace, one slash, then the server name, such as com.example/store',
      "version: must be text: the server's version, such as 1.0.0",
      'description: must be at most 100 characters',
      'title: must not be empty: a display name',
      "websiteUrl: must be an absolute URL such as https://example.com/: the server's web page",
      'icons.0.src: missing: the icon URL',
      'remotes.0.type: must be one of streamable-http, sse',
      'remotes.0.url: must be an http(s) URL such as https://shop.example/mcp, or start with a {variable}',
    ]);
  });

  it('refuses bad nested members: headers without a name, inputs of the wrong type, repository without source', () => {
    const result = judge({
      ...fullCard,
      repository: { url: 'https://git.example/x' },
      remotes: [{ type: 'sse', url: 'https://s.example/sse', headers: [{ value: 'x' }], variables: { v: { isRequired: 'yes' } } }],
      _meta: [],
    });
    expect(result.problems).toEqual([
      'repository.source: missing: the hosting service, such as github',
      'remotes.0.headers.0.name: missing: the header name, such as Authorization',
      'remotes.0.variables.v.isRequired: must be true or false: whether the input must be supplied',
      '_meta: must be an object: extension metadata keyed by reverse-DNS names',
    ]);
  });

  it('counts lengths in characters as JSON Schema does, not UTF-16 units', () => {
    expect(judge({ ...fullCard, description: '🛒'.repeat(100) }).valid).toBe(true);
    expect(judge({ ...fullCard, description: '🛒'.repeat(101) }).valid).toBe(false);
  });

  it('allows empty remotes and unknown members (the schema does not forbid them)', () => {
    expect(judge({ ...fullCard, remotes: [], capabilities: { tools: {} } })).toMatchObject({ valid: true, problems: [] });
  });

  it('refuses a date-versioned or a non-card schema URL, with the version it names', () => {
    const dated = judge({ ...fullCard, $schema: 'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json' });
    expect(dated).toMatchObject({ valid: false, declared: { version: '2025-11-25', standing: 'unknown' } });
    expect(dated.problems).toEqual([`$schema: must be ${SERVER_CARD_V1_SCHEMA}`]);
    const server = judge({ ...fullCard, $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server.schema.json' });
    expect(server).toMatchObject({ valid: false, declared: { version: null, standing: 'unknown' } });
  });

  it('judges a newer vN card by the v1 rules, never invalid for its schema URL alone', () => {
    const v2 = judge({ ...fullCard, $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json' });
    expect(v2).toMatchObject({ valid: true, declared: { version: 'v2', standing: 'newer' }, problems: [] });
    expect(v2.warnings).toEqual(['$schema names server card schema v2, newer than v1: judged by the v1 rules']);
    const broken = judge({ $schema: 'https://static.modelcontextprotocol.io/schemas/v3/server-card.schema.json', name: 'a.example/b' });
    expect(broken.problems).toEqual([
      "version: missing: the server's version, such as 1.0.0",
      'description: missing: what the server does, in at most 100 characters',
    ]);
  });

  it('warns about a template variable the remote does not define and a version range', () => {
    const result = judge({
      ...fullCard,
      version: '^1.2.3',
      remotes: [{ type: 'streamable-http', url: 'https://{tenant}.shop.example/mcp' }],
    });
    expect(result).toMatchObject({ valid: true, endpoints: [], templatedEndpoints: ['https://{tenant}.shop.example/mcp'] });
    expect(result.warnings).toEqual([
      'remotes.0.variables: {tenant} in the url is not defined: describe it in variables',
      'version: a range such as ^1.2.3 or 1.x is not a version: give the exact version, such as 1.2.3',
    ]);
  });

  it('judges a document with neither $schema nor an older shape as a v1 card', () => {
    expect(judge({ name: 'x' }).problems[0]).toBe(`$schema: missing: the schema URL ${SERVER_CARD_V1_SCHEMA}`);
    expect(
      judge({ name: 'a.example/b', version: '1', description: 'd', remotes: [{ type: 'sse', url: 'https://a.example/sse' }] }).valid,
    ).toBe(false);
  });
});

describe('validateMcpDiscovery: older shapes', () => {
  const olderWarning = `older MCP discovery shape: publish a v1 server card ("$schema": "${SERVER_CARD_V1_SCHEMA}", name, version, description, remotes)`;

  it('reads the serverInfo + transport object shape by the older rules, with a warning naming the v1 card', () => {
    const card = { serverInfo: { name: 'Shop MCP', version: '2' }, transport: { type: 'SSE', endpoint: 'https://shop.example/sse' } };
    expect(judge(card)).toEqual({
      present: true,
      valid: true,
      name: 'Shop MCP',
      endpoints: ['https://shop.example/sse'],
      templatedEndpoints: [],
      transports: ['sse'],
      declared: { version: null, standing: 'unknown' },
      problems: [],
      warnings: [olderWarning],
    });
  });

  it('reads flat and collection shapes', () => {
    expect(judge({ name: 'shop', endpoint: 'https://s.example/mcp', transport: 'http' })).toMatchObject({
      valid: true,
      transports: ['http'],
    });
    const collection = { mcpServers: { store: { name: 'store', url: 'https://s.example/mcp', transport: 'streamable-http' } } };
    expect(judge(collection)).toMatchObject({ valid: true, name: 'store', endpoints: ['https://s.example/mcp'] });
    expect(judge({ servers: [{ title: 'Store', transports: [{ type: 'sse', url: 'https://{t}.s.example/sse' }] }] })).toMatchObject({
      valid: false,
      templatedEndpoints: ['https://{t}.s.example/sse'],
    });
  });

  it('is never valid without a name or an absolute endpoint', () => {
    const result = judge({ transport: 'http', endpoint: '/mcp' });
    expect(result).toMatchObject({ valid: false, name: null, endpoints: [], transports: ['http'] });
    expect(result.problems).toEqual([
      'no server name: name the server (name, or serverInfo.name)',
      'no absolute http(s) MCP endpoint: give the full URL, such as https://shop.example/mcp',
    ]);
  });

  it('judges a document with a $schema by the card rules even when it has older members', () => {
    expect(judge({ ...fullCard, serverInfo: { name: 'x' } }).valid).toBe(true);
  });
});

describe('validateMcpDiscovery: not a card', () => {
  it('is absent for a soft-404 HTML page or non-JSON, and invalid for JSON that is not an object', () => {
    expect(validateMcpDiscovery('<!doctype html><html></html>').present).toBe(false);
    expect(validateMcpDiscovery('name: shop').present).toBe(false);
    expect(validateMcpDiscovery('[]')).toMatchObject({ present: true, valid: false });
  });

  it('bounds what it quotes from a hostile card', () => {
    const remotes = Array.from({ length: 50 }, (_, i) => ({ type: 'bad', url: `https://s${i}.example/${'x'.repeat(500)}` }));
    const result = judge({ ...fullCard, name: 'n'.repeat(5000), remotes });
    expect(result.problems).toHaveLength(11);
    expect(result.endpoints).toHaveLength(20);
    expect(result.name).toHaveLength(200);
  });
});
