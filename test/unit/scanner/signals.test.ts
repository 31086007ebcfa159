import { describe, expect, it } from 'vitest';
import { signalIds, type SignalRecord } from '#shared/model/scans/scan-result.js';
import { signalInventory } from '#shared/scanner/signals.js';
import { buildArtifacts, type ArtifactsInput } from '#test/unit/scanner/checks/build-artifacts.js';

const origin = 'https://shop.example';

const robots = 'User-agent: *\nAllow: /\nDisallow: /checkout\n\nSitemap: https://shop.example/sitemap.xml\n';
const sitemap =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  '<url><loc>https://shop.example/products/blue-mug</loc><lastmod>2026-11-20</lastmod></url></urlset>';
const llmsTxt =
  '# Mug Shop\n\n> Hand-thrown stoneware mugs, shipped across the EU.\n\n## Shop\n\n- [Mugs](https://shop.example/collections/mugs): every mug\n- [Shipping](https://shop.example/pages/shipping): rates and times\n';
const homepage =
  '<!doctype html><html><head><title>Mug Shop</title><link rel="alternate" type="text/markdown" href="/index.md"></head>' +
  '<body><h1>Mugs</h1></body></html>';
const ucp = JSON.stringify({
  ucp: {
    version: '2026-04-08',
    services: { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: 'https://shop.example/api/ucp' }] },
    capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }] },
    payment_handlers: { 'com.example.pay': [{ id: 'card', version: '2026-04-08' }] },
  },
});
const acp = JSON.stringify({
  protocol: { name: 'acp', version: '2025-09-29', supported_versions: ['2025-09-29'] },
  api_base_url: 'https://shop.example/api/acp',
  transports: ['rest'],
  capabilities: { services: ['checkout'] },
});
const serverCard = JSON.stringify({
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'example.shop/store',
  version: '1.4.0',
  description: 'Search the catalog and start a checkout.',
  remotes: [{ type: 'streamable-http', url: 'https://shop.example/mcp' }],
});
const agentCard = JSON.stringify({
  protocolVersion: '0.3.0',
  name: 'Mug Shop agent',
  description: 'Answers questions about mugs.',
  url: 'https://shop.example/a2a',
  version: '1.0.0',
  capabilities: { extensions: [] },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'mugs', name: 'Mugs', description: 'Finds a mug.', tags: ['mugs'] }],
});
const aiCatalog = {
  body: JSON.stringify({
    specVersion: '1.0',
    entries: [
      {
        identifier: 'urn:air:shop.example:mcp:store',
        type: 'application/mcp-server-card+json',
        url: `${origin}/.well-known/mcp/server-card.json`,
      },
    ],
  }),
  headers: { 'content-type': 'application/ai-catalog+json' },
};
const apiCatalog = {
  body: JSON.stringify({ linkset: [{ anchor: `${origin}/.well-known/api-catalog`, item: [{ href: `${origin}/api/storefront` }] }] }),
  headers: { 'content-type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"' },
};
const oauth = JSON.stringify({
  issuer: origin,
  authorization_endpoint: `${origin}/oauth/authorize`,
  token_endpoint: `${origin}/oauth/token`,
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  scopes_supported: ['ucp:scopes:checkout_session'],
});
const securityTxt = 'Contact: mailto:security@shop.example\nExpires: 2027-06-01T00:00:00Z\n';

const ready: ArtifactsInput = {
  homepage,
  robots,
  sitemap,
  llmsTxt,
  ucp,
  acp,
  mcpServerCard: serverCard,
  agentCard,
  aiCatalog,
  apiCatalog,
  oauthAuthorizationServer: oauth,
  securityTxt,
};

const softNotFound = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Oops</h1></body></html>';

function signal(input: ArtifactsInput, id: SignalRecord['id']): SignalRecord {
  const found = signalInventory(buildArtifacts(input)).find((entry) => entry.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

describe('signalInventory', () => {
  it('lists every signal id once, in order, and finds a ready shop valid with the versions its documents declare', () => {
    const inventory = signalInventory(buildArtifacts(ready));
    expect(inventory.map((entry) => entry.id)).toEqual([...signalIds]);
    expect(inventory.filter((entry) => entry.id !== 'web_bot_auth')).toEqual([
      { id: 'robots_txt', url: `${origin}/robots.txt`, status: 'valid', problems: [] },
      { id: 'sitemap', url: `${origin}/sitemap.xml`, status: 'valid', problems: [] },
      { id: 'llms_txt', url: `${origin}/llms.txt`, status: 'valid', problems: [] },
      { id: 'markdown', url: `${origin}/index.md`, status: 'valid', problems: [] },
      {
        id: 'ucp',
        url: `${origin}/.well-known/ucp`,
        status: 'valid',
        version: '2026-04-08',
        versionStanding: 'current',
        problems: [],
        warnings: [expect.stringContaining('signing_keys is missing')],
      },
      {
        id: 'acp',
        url: `${origin}/.well-known/acp.json`,
        status: 'valid',
        version: '2025-09-29',
        versionStanding: 'older',
        problems: [],
        warnings: [expect.stringContaining('older than the current 2026-04-17')],
      },
      {
        id: 'mcp_server_card',
        url: `${origin}/.well-known/mcp/server-card.json`,
        status: 'valid',
        version: 'v1',
        versionStanding: 'current',
        problems: [],
        warnings: [expect.stringContaining('no longer recommends')],
      },
      {
        id: 'a2a_agent_card',
        url: `${origin}/.well-known/agent-card.json`,
        status: 'valid',
        version: '0.3.0',
        versionStanding: 'older',
        problems: [],
        warnings: [expect.stringContaining('the current A2A is 1.0')],
      },
      {
        id: 'ai_catalog',
        url: `${origin}/.well-known/ai-catalog.json`,
        status: 'valid',
        version: '1.0',
        versionStanding: 'current',
        problems: [],
      },
      { id: 'api_catalog', url: `${origin}/.well-known/api-catalog`, status: 'valid', problems: [] },
      { id: 'oauth_authorization_server', url: `${origin}/.well-known/oauth-authorization-server`, status: 'valid', problems: [] },
      { id: 'security_txt', url: `${origin}/.well-known/security.txt`, status: 'valid', problems: [] },
    ]);
  });

  it('judges web_bot_auth by the signed request against the unsigned one, not_checked when they were not compared', () => {
    expect(signal(ready, 'web_bot_auth')).toEqual({ id: 'web_bot_auth', url: `${origin}/`, status: 'not_checked', problems: [] });
    expect(signal({ ...ready, signed: homepage }, 'web_bot_auth')).toEqual({
      id: 'web_bot_auth',
      url: `${origin}/`,
      status: 'valid',
      problems: [],
    });
    expect(signal({ ...ready, signed: { status: 403, body: 'Forbidden' } }, 'web_bot_auth')).toEqual({
      id: 'web_bot_auth',
      url: `${origin}/`,
      status: 'invalid',
      problems: ['the signed request got HTTP 403 where the unsigned one got HTTP 200'],
    });
    expect(signal({ ...ready, homepage: { status: 403, body: 'Forbidden' }, signed: null }, 'web_bot_auth').status).toBe('not_checked');
  });

  it('reads a server card found only at a .well-known path, and says where the standard puts it now', () => {
    const entry = signal({ mcpServerCard: serverCard }, 'mcp_server_card');
    expect(entry).toMatchObject({ url: `${origin}/.well-known/mcp/server-card.json`, status: 'valid' });
    expect(entry.warnings).toEqual([expect.stringContaining('<MCP endpoint>/server-card')]);
  });

  it('takes a server card an AI Catalog entry points at without a warning', () => {
    const url = `${origin}/mcp/server-card`;
    const entry = signal({ mcpServerCard: serverCard, foundAt: { mcpServerCard: { url, via: 'ai_catalog' } } }, 'mcp_server_card');
    expect(entry).toMatchObject({ url, status: 'valid' });
    expect(entry.warnings).toBeUndefined();
  });

  describe('invalid, with the problem', () => {
    it('a broken ai-catalog: required fields missing', () => {
      const broken = {
        body: JSON.stringify({ entries: [{ displayName: 'Store MCP', url: `${origin}/mcp/server-card` }] }),
        headers: aiCatalog.headers,
      };
      expect(signal({ aiCatalog: broken }, 'ai_catalog')).toEqual({
        id: 'ai_catalog',
        url: `${origin}/.well-known/ai-catalog.json`,
        status: 'invalid',
        problems: [
          'specVersion: missing: the specification version, such as 1.0',
          'entries.0.identifier: missing: a unique identifier such as urn:air:shop.example:mcp:store',
          "entries.0.type: missing: the artifact's media type, such as application/mcp-server-card+json",
        ],
      });
    });

    it('a broken UCP profile: no payment handlers map', () => {
      const broken = JSON.stringify({ ucp: { version: '2026-04-08', services: {}, capabilities: {} } });
      expect(signal({ ucp: broken }, 'ucp')).toMatchObject({
        id: 'ucp',
        url: `${origin}/.well-known/ucp`,
        status: 'invalid',
        version: '2026-04-08',
        problems: ['ucp.payment_handlers: is missing: declare your payment handlers (an empty map {} if you have none yet)'],
      });
    });

    it('a declared version that is no version: a long text is left out, the document still judged', () => {
      const long = JSON.stringify({ ...JSON.parse(ucp), ucp: { ...JSON.parse(ucp).ucp, version: 'v'.repeat(5_000) } });
      const entry = signal({ ucp: long }, 'ucp');
      expect(entry.version).toBeUndefined();
      expect(JSON.stringify(entry).length).toBeLessThan(2_000);
    });

    it('a hostile catalog breaking every rule thousands of times: the first few problems, and how many more', () => {
      const entries = Array.from({ length: 20_000 }, () => ({}));
      const hostile = { body: JSON.stringify({ specVersion: 'x'.repeat(50_000), entries }), headers: aiCatalog.headers };
      const entry = signal({ aiCatalog: hostile }, 'ai_catalog');
      expect(entry.status).toBe('invalid');
      expect(entry.problems.length).toBeLessThanOrEqual(11);
      expect(JSON.stringify(entry).length).toBeLessThan(4_000);
    });

    it('an ai-catalog that is not JSON', () => {
      const notJson = { body: '{"specVersion": "1.0", entries: []', headers: { 'content-type': 'application/json' } };
      expect(signal({ aiCatalog: notJson }, 'ai_catalog')).toMatchObject({ status: 'invalid', problems: ['body is not JSON'] });
    });

    it('an HTML soft 404 where a JSON document belongs', () => {
      for (const id of ['ai_catalog', 'api_catalog', 'a2a_agent_card', 'mcp_server_card'] as const) {
        const input: ArtifactsInput = {
          aiCatalog: softNotFound,
          apiCatalog: softNotFound,
          agentCard: softNotFound,
          mcpServerCard: softNotFound,
        };
        const entry = signal(input, id);
        expect(entry.status, id).toBe('invalid');
        expect(entry.problems, id).toContain('HTML page served instead of JSON (soft 404)');
      }
    });

    it('the wrong media type: an API catalog as plain JSON, an agent card as text/html, a security.txt as HTML', () => {
      expect(
        signal({ apiCatalog: { body: apiCatalog.body, headers: { 'content-type': 'application/json' } } }, 'api_catalog'),
      ).toMatchObject({
        status: 'invalid',
        problems: ['served as application/json, expected application/linkset+json'],
      });
      expect(signal({ agentCard: { body: agentCard, headers: { 'content-type': 'text/html' } } }, 'a2a_agent_card')).toMatchObject({
        status: 'invalid',
        version: '0.3.0',
        problems: ['served as text/html, expected application/json'],
      });
      expect(signal({ securityTxt: { body: securityTxt, headers: { 'content-type': 'text/html' } } }, 'security_txt')).toMatchObject({
        status: 'invalid',
        problems: ['served as text/html, expected text/plain'],
      });
    });

    it('a robots.txt soft 404, and one answering 503', () => {
      expect(signal({ robots: softNotFound }, 'robots_txt')).toMatchObject({
        status: 'invalid',
        problems: ['HTML page served instead of robots.txt (soft 404)'],
      });
      expect(signal({ robots: { status: 503, body: 'Service Unavailable' } }, 'robots_txt')).toMatchObject({
        status: 'invalid',
        problems: ['answered HTTP 503'],
      });
    });

    it('a sitemap that is not XML, and an llms.txt without links', () => {
      expect(signal({ sitemap: '{"urls": []}' }, 'sitemap').status).toBe('invalid');
      expect(
        signal({ llmsTxt: '# Mug Shop\n\nWe sell mugs made by hand in our studio in Leeds, since 2009.\n' }, 'llms_txt'),
      ).toMatchObject({
        status: 'invalid',
        problems: ['no Markdown link'],
      });
    });
  });

  describe('missing', () => {
    it('404 and 410 answers', () => {
      const inventory = signalInventory(buildArtifacts({ aiCatalog: { status: 410, body: 'Gone' } }));
      const byId = Object.fromEntries(inventory.map((entry) => [entry.id, entry]));
      for (const id of [
        'robots_txt',
        'sitemap',
        'llms_txt',
        'ucp',
        'acp',
        'mcp_server_card',
        'a2a_agent_card',
        'ai_catalog',
        'api_catalog',
        'oauth_authorization_server',
        'security_txt',
      ] as const) {
        expect(byId[id], id).toMatchObject({ status: 'missing', problems: [] });
        expect(byId[id]?.version, id).toBeUndefined();
      }
    });

    it('the Markdown alternate: no link, and the page does not negotiate', () => {
      const input: ArtifactsInput = {
        homepage: '<!doctype html><html><head><title>Mug Shop</title></head><body><h1>Mugs</h1></body></html>',
      };
      const artifacts = buildArtifacts(input);
      const inventory = signalInventory({ ...artifacts, site: { ...artifacts.site, markdown: null } });
      expect(inventory.find((entry) => entry.id === 'markdown')).toEqual({
        id: 'markdown',
        url: `${origin}/`,
        status: 'missing',
        problems: [],
      });
    });

    it('the Markdown alternate: Accept: text/markdown gets the HTML page again', () => {
      const markdown = { body: homepage.replace(/<link[^>]*>/, ''), headers: { 'content-type': 'text/html; charset=utf-8' } };
      expect(signal({ homepage: '<html><body><h1>Mugs</h1></body></html>', markdown }, 'markdown').status).toBe('missing');
    });
  });

  describe('not_checked', () => {
    it('files not fetched before the deadline', () => {
      const input: ArtifactsInput = {
        ...ready,
        aiCatalog: { skipped: 'deadline' },
        ucp: { skipped: 'deadline' },
        robots: { skipped: 'deadline' },
      };
      for (const id of ['ai_catalog', 'ucp', 'robots_txt'] as const)
        expect(signal(input, id), id).toMatchObject({ status: 'not_checked', problems: [] });
    });

    it('files behind a bot wall or a 429, and a transport failure', () => {
      const input: ArtifactsInput = {
        apiCatalog: { skipped: 'bot_wall' },
        agentCard: { skipped: 'rate_limited' },
        securityTxt: { failed: 'timeout' },
        robots: { status: 429, body: 'Too Many Requests' },
      };
      for (const id of ['api_catalog', 'a2a_agent_card', 'security_txt', 'robots_txt'] as const) {
        expect(signal(input, id), id).toMatchObject({ status: 'not_checked', problems: [] });
      }
    });

    it('the Markdown alternate when the homepage was behind a bot wall', () => {
      const wall = {
        status: 403,
        headers: { 'cf-mitigated': 'challenge' },
        body: '<!doctype html><html><head><title>Just a moment...</title></head><body></body></html>',
      };
      const artifacts = buildArtifacts({ homepage: wall });
      const inventory = signalInventory({ ...artifacts, site: { ...artifacts.site, markdown: null } });
      expect(inventory.find((entry) => entry.id === 'markdown')?.status).toBe('not_checked');
    });
  });
});
