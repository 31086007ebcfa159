import { describe, expect, it } from 'vitest';
import { validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';

describe('validateAiCatalog', () => {
  it('reads a Minimal catalog with a host (the spec example shape)', () => {
    const catalog = {
      specVersion: '1.0',
      host: { displayName: 'Acme Outdoor', identifier: 'did:web:acme.example' },
      entries: [
        {
          identifier: 'urn:air:acme.example:mcp:store',
          type: 'application/mcp-server-card+json',
          url: 'https://acme.example/mcp/server-card',
        },
        { identifier: 'urn:air:acme.example:a2a:shopper', type: 'application/a2a-agent-card+json', data: { name: 'Shopper' } },
        { identifier: 'urn:air:acme.example:catalog:b2b', type: 'application/ai-catalog+json', url: 'https://acme.example/b2b.json' },
      ],
    };
    expect(validateAiCatalog(JSON.stringify(catalog))).toEqual({
      present: true,
      valid: true,
      specVersion: '1.0',
      entryCount: 3,
      entryTypes: ['application/mcp-server-card+json', 'application/a2a-agent-card+json', 'application/ai-catalog+json'],
      host: 'Acme Outdoor',
      problems: [],
    });
  });

  it('accepts an empty entries array', () => {
    expect(validateAiCatalog('{"specVersion":"1.1","entries":[]}')).toMatchObject({ valid: true, entryCount: 0 });
  });

  it('names what is missing: specVersion, entry fields, exactly one of url or data', () => {
    const catalog = {
      specVersion: 'draft',
      entries: [{ displayName: 'Weather' }, { identifier: 'urn:x', type: 'application/json', url: 'https://a.example', data: {} }, 'x'],
      host: { identifier: 'acme.example' },
    };
    expect(validateAiCatalog(JSON.stringify(catalog))).toMatchObject({
      valid: false,
      problems: [
        'specVersion: "draft" is not in Major.Minor form',
        'entries.0.identifier: required',
        'entries.0.type: required',
        'entries.0: needs exactly one of url or data',
        'entries.1: needs exactly one of url or data',
        'entries.2: not an object',
        'host.displayName: required when host is given',
      ],
    });
    expect(validateAiCatalog('{"entries": {}}')).toMatchObject({
      valid: false,
      problems: ['specVersion: required', 'entries: required array'],
    });
  });

  it('caps the entry problems it lists', () => {
    const entries = Array.from({ length: 8 }, () => ({}));
    const result = validateAiCatalog(JSON.stringify({ specVersion: '1.0', entries }));
    expect(result.problems).toHaveLength(6);
    expect(result.problems.at(-1)).toBe('19 more entry problems');
  });

  it('is not present for an HTML soft 404 or a body that is not JSON', () => {
    expect(validateAiCatalog('<!doctype html><html><body>Not found</body></html>')).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAiCatalog('specVersion: 1.0')).toMatchObject({ present: false, problems: ['body is not JSON'] });
    expect(validateAiCatalog('[]')).toMatchObject({ present: true, valid: false, problems: ['catalog is not a JSON object'] });
  });
});
