import { describe, expect, it } from 'vitest';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { page, softNotFound } from '#test/unit/scanner/checks/discovery/fixtures.js';

const { run } = checkRunner(discoveryChecks);

const aiCatalog = {
  body: JSON.stringify({
    specVersion: '1.0',
    host: { displayName: 'Mug Shop', identifier: 'shop.example' },
    entries: [
      {
        identifier: 'urn:air:shop.example:mcp:store',
        type: 'application/mcp-server-card+json',
        url: 'https://shop.example/.well-known/mcp/server-card.json',
      },
      {
        identifier: 'urn:air:shop.example:a2a:shopper',
        type: 'application/a2a-agent-card+json',
        url: 'https://shop.example/.well-known/agent-card.json',
      },
    ],
  }),
  headers: { 'content-type': 'application/ai-catalog+json' },
};

const apiCatalog = {
  body: JSON.stringify({
    linkset: [
      { anchor: 'https://shop.example/.well-known/api-catalog', item: [{ href: 'https://shop.example/api/storefront' }] },
      {
        anchor: 'https://shop.example/api/storefront',
        'service-desc': [{ href: 'https://shop.example/api/storefront/openapi.json', type: 'application/openapi+json' }],
      },
    ],
  }),
  headers: { 'content-type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"' },
};

describe('agent_catalogs', () => {
  it('passes a valid AI catalog and a valid RFC 9727 API catalog', () => {
    const { result } = run('agent_catalogs', { aiCatalog, apiCatalog });
    expect(result).toMatchObject({ status: 'pass', score: 1 });
    expect(result.summary).toBe('The shop publishes a valid AI catalog and a valid API catalog for agents to discover its services.');
    expect(result.evidence).toEqual([
      { url: 'https://shop.example/.well-known/ai-catalog.json', value: 'valid' },
      { url: 'https://shop.example/.well-known/api-catalog', value: 'valid' },
    ]);
  });

  it('passes one valid catalog when the other is not published', () => {
    expect(run('agent_catalogs', { apiCatalog }).result.status).toBe('pass');
  });

  it('fails a broken AI catalog with its problems, and advises a complete one', () => {
    const broken = JSON.stringify({ entries: [{ displayName: 'Store MCP', url: 'https://shop.example/mcp/server-card' }] });
    const { result, advice } = run('agent_catalogs', { aiCatalog: { body: broken, headers: { 'content-type': 'application/json' } } });
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toContain('specVersion: missing');
    expect(result.summary).toContain('entries.0.identifier: missing');
    expect(result.summary).toContain('entries.0.type: missing');
    const snippet = JSON.parse(advice().snippet ?? '') as {
      specVersion: string;
      entries: { identifier: string; type: string; url: string }[];
    };
    expect(snippet.specVersion).toBe('1.0');
    expect(snippet.entries[0]).toMatchObject({ identifier: 'urn:air:shop.example:mcp:store', type: 'application/mcp-server-card+json' });
  });

  it('fails an API catalog served as plain JSON: RFC 9727 requires application/linkset+json', () => {
    const { result, advice } = run('agent_catalogs', {
      apiCatalog: { body: apiCatalog.body, headers: { 'content-type': 'application/json' } },
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('served as application/json, expected application/linkset+json');
    expect(advice().title).toContain('/.well-known/api-catalog');
    expect(JSON.parse(advice().snippet ?? '')).toHaveProperty('linkset');
  });

  it('fails a catalog served as JSON that does not parse', () => {
    const { result } = run('agent_catalogs', {
      aiCatalog: { body: '{"specVersion": "1.0", "entries": [', headers: { 'content-type': 'application/json' } },
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('body is not JSON');
  });

  it('reads an HTML soft 404 at both catalog paths as not published: not assessed, not a broken catalog', () => {
    const { result } = run('agent_catalogs', { aiCatalog: softNotFound, apiCatalog: softNotFound });
    expect(result).toMatchObject({ status: 'not_assessed', score: null });
    expect(result.summary).toContain('No AI catalog or API catalog is published');
  });

  it('warns when one catalog is valid and the other broken', () => {
    const { result } = run('agent_catalogs', { aiCatalog, apiCatalog: { body: '{"linkset": {}}', headers: apiCatalog.headers } });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain('linkset: required array');
    expect(result.summary).toContain('while the AI catalog is valid');
  });

  it('does not apply when neither catalog is published (404 and 410): not assessed, never a fail', () => {
    const { result } = run('agent_catalogs', { apiCatalog: { status: 410, body: 'Gone' } });
    expect(result).toMatchObject({ status: 'not_assessed', score: null });
    expect(result.summary).toContain('No AI catalog or API catalog is published');
  });

  it('is not assessed when a catalog link points elsewhere: the scan reads only the well-known paths', () => {
    const homepage = {
      body: page('<link rel="ai-catalog" href="/catalog/ai.json" type="application/ai-catalog+json">'),
      headers: { link: '</apis.json>; rel="api-catalog"' },
    };
    const { result } = run('agent_catalogs', { homepage });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('its AI catalog at https://shop.example/catalog/ai.json');
    expect(result.summary).toContain('its API catalog at https://shop.example/apis.json');
  });

  it('is not assessed when the catalogs were not fetched', () => {
    const { result } = run('agent_catalogs', { aiCatalog: { skipped: 'deadline' } });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('not fetched');
  });
});

describe('agent_catalogs with what a valid catalog could improve', () => {
  it('passes and names what the RFC recommends beyond its MUSTs', () => {
    const linkset = {
      body: JSON.stringify({ linkset: [{ anchor: 'https://shop.example/.well-known/api-catalog', item: [{ href: '/api/products' }] }] }),
      headers: { 'content-type': 'application/linkset+json' },
    };
    const { result } = checkRunner(discoveryChecks).run('agent_catalogs', { apiCatalog: linkset });
    expect(result.status).toBe('pass');
    expect(result.evidence.find((entry) => entry.url === 'https://shop.example/.well-known/api-catalog')?.value).toMatch(
      /^valid; to improve: /,
    );
  });
});
