import { describe, expect, it } from 'vitest';
import { A2A_AGENT_CARD_MEDIA_TYPE, MCP_SERVER_CARD_MEDIA_TYPE, validateAiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';
import type { AiCatalog } from '#shared/scanner/parse/well-known/ai-catalog.js';

function judge(doc: unknown): AiCatalog {
  const result = validateAiCatalog(JSON.stringify(doc));
  if (!result.present) throw new Error('expected a present catalog');
  return result;
}

const signedManifest = {
  identity: 'did:web:shop.example',
  subject: {
    identifier: 'urn:air:shop.example:mcp:store',
    type: MCP_SERVER_CARD_MEDIA_TYPE,
    url: 'https://shop.example/mcp/server-card',
    version: '2.0.0',
    digest: `sha256:${'ab'.repeat(32)}`,
  },
  issuedAt: '2026-03-15T10:00:00Z',
  signature: 'eyJhbGciOiJFUzI1NiJ9..c2ln',
  attestations: [{ type: 'SOC2-Type2', uri: 'https://shop.example/soc2.pdf', size: 1024 }],
  provenance: [{ relation: 'publishedFrom', sourceId: 'https://git.example/shop/mcp' }],
  trustSchema: { identifier: 'urn:trust:shop', version: '1.0', verificationMethods: ['did'] },
  extensions: { 'com.example.level': 'gold' },
};

const fullCatalog = {
  specVersion: '1.0',
  host: {
    displayName: 'Shop Example',
    identifier: 'did:web:shop.example',
    documentationUrl: 'https://shop.example/ai',
    logoUrl: 'data:,x',
  },
  extensions: { 'https://ai-catalog.org/extensions/metadata': { region: 'eu' } },
  signature: 'eyJhbGciOiJFUzI1NiJ9..c2ln',
  entries: [
    {
      identifier: 'urn:air:shop.example:mcp:store',
      type: MCP_SERVER_CARD_MEDIA_TYPE,
      url: 'https://shop.example/mcp/server-card',
      version: '2.0.0',
      displayName: 'Store',
      description: 'Catalog search and checkout.',
      tags: ['shopping'],
      updatedAt: '2026-03-15T10:00:00.5+01:00',
      publisher: { identifier: 'did:web:shop.example', displayName: 'Shop Example', identityType: 'did' },
      trustManifest: signedManifest,
      extensions: { 'example.shop.tier': 1 },
    },
    { identifier: 'urn:air:shop.example:a2a:shopper', type: A2A_AGENT_CARD_MEDIA_TYPE, data: { name: 'Shopper' } },
    {
      identifier: 'urn:air:shop.example:catalog:b2b',
      type: 'application/ai-catalog+json',
      data: {
        specVersion: '1.0',
        entries: [{ identifier: 'urn:x:y', type: 'application/parquet', url: 'https://shop.example/d.parquet' }],
      },
    },
  ],
};

describe('validateAiCatalog', () => {
  it('reads a full 1.0 catalog: the entries an agent can follow, types, host, declared version', () => {
    expect(judge(fullCatalog)).toEqual({
      present: true,
      valid: true,
      specVersion: '1.0',
      declared: { version: '1.0', standing: 'current' },
      entryCount: 3,
      entryTypes: [MCP_SERVER_CARD_MEDIA_TYPE, A2A_AGENT_CARD_MEDIA_TYPE, 'application/ai-catalog+json'],
      entries: [
        { identifier: 'urn:air:shop.example:mcp:store', type: MCP_SERVER_CARD_MEDIA_TYPE, url: 'https://shop.example/mcp/server-card' },
        { identifier: 'urn:air:shop.example:a2a:shopper', type: A2A_AGENT_CARD_MEDIA_TYPE, url: null },
        { identifier: 'urn:air:shop.example:catalog:b2b', type: 'application/ai-catalog+json', url: null },
      ],
      host: 'Shop Example',
      problems: [],
      warnings: [],
    });
  });

  it('accepts empty entries and unknown members', () => {
    expect(judge({ specVersion: '1.0', entries: [], futureMember: { a: 1 } })).toMatchObject({ valid: true, entryCount: 0, problems: [] });
  });

  it('reads the earlier mediaType spelling as the type, with a warning, never invalid for it', () => {
    const result = judge({
      specVersion: '1.0',
      entries: [{ identifier: 'urn:a', displayName: 'A', mediaType: MCP_SERVER_CARD_MEDIA_TYPE, url: 'https://a.example/c' }],
    });
    expect(result).toMatchObject({ valid: true, problems: [], entryTypes: [MCP_SERVER_CARD_MEDIA_TYPE] });
    expect(result.entries).toEqual([{ identifier: 'urn:a', type: MCP_SERVER_CARD_MEDIA_TYPE, url: 'https://a.example/c' }]);
    expect(result.warnings).toEqual(['entries.0.mediaType: now named type in AI Catalog 1.0: rename it to "type"']);
  });

  it.each(['specVersion', 'entries'])('names the missing top-level member %s', (member) => {
    const doc: Record<string, unknown> = { specVersion: '1.0', entries: [] };
    delete doc[member];
    const result = judge(doc);
    expect(result.valid).toBe(false);
    expect(result.problems[0]?.startsWith(`${member}: missing: `)).toBe(true);
  });

  it.each(['identifier', 'type'])('names the missing entry member %s', (member) => {
    const entry: Record<string, unknown> = { identifier: 'urn:a', type: 'application/json', url: 'https://a.example/' };
    delete entry[member];
    const result = judge({ specVersion: '1.0', entries: [entry] });
    expect(result.problems).toEqual([expect.stringMatching(new RegExp(`^entries\\.0\\.${member}: missing: `))]);
  });

  it('needs exactly one of url or data', () => {
    const both = judge({ specVersion: '1.0', entries: [{ identifier: 'urn:a', type: 't/x', url: 'https://a.example/', data: {} }] });
    expect(both.problems).toEqual(['entries.0: has both url and data: keep exactly one']);
    const none = judge({ specVersion: '1.0', entries: [{ identifier: 'urn:a', type: 't/x' }] });
    expect(none.problems).toEqual(['entries.0: needs url (where the artifact is) or data (the artifact inline)']);
  });

  it('refuses wrong types and bad formats', () => {
    const result = judge({
      specVersion: 1,
      entries: {},
      host: { identifier: 'x' },
      extensions: { '': 1 },
    });
    expect(result.problems).toEqual([
      'specVersion: must be text: the specification version, such as 1.0',
      'entries: must be a list: the entries (the list may be empty)',
      "host.displayName: missing: the catalog operator's name",
      'extensions: key "" must be a URL or a reverse-DNS name such as com.example.region',
    ]);
    const entries = judge({
      specVersion: '1.0.0',
      entries: [
        { identifier: 'urn:a', type: 't/x', url: 'https://a.example/', updatedAt: 'yesterday', tags: 'x', digest: 'md5:abcd' },
        { identifier: '', type: 't/x', url: 'https://a.example/', publisher: { identifier: 'did:web:a.example' } },
        'entry',
      ],
    });
    expect(entries.problems).toEqual([
      'specVersion: must be Major.Minor, such as 1.0',
      'entries.0.tags: must be a list: keywords',
      'entries.0.updatedAt: must be an RFC 3339 date-time such as 2026-03-15T10:00:00Z',
      'entries.0.digest: md5 is weaker than SHA-256: use sha256 or stronger',
      'entries.1.identifier: must not be empty: a unique identifier such as urn:air:shop.example:mcp:store',
      "entries.1.publisher.displayName: missing: the publisher's name",
      'entries.2: must be an object: {"identifier": "...", "type": "...", "url": "https://..."}',
    ]);
  });

  it('refuses duplicate identifiers, duplicate identifier+version, and one identifier with and without a version', () => {
    const entry = (identifier: string, version?: string) => ({
      identifier,
      type: 't/x',
      url: 'https://a.example/',
      ...(version ? { version } : {}),
    });
    const result = judge({
      specVersion: '1.0',
      entries: [
        entry('urn:a'),
        entry('urn:a'),
        entry('urn:b', '1'),
        entry('urn:b', '1'),
        entry('urn:b', '2'),
        entry('urn:c'),
        entry('urn:c', '1'),
      ],
    });
    expect(result.problems).toEqual([
      'entries.1.identifier: "urn:a" is listed twice: give each entry its own identifier, or a version',
      'entries.3: "urn:b" version 1 is listed twice',
      'entries.6.version: "urn:c" is also listed without a version: version every entry of it',
    ]);
  });

  it('refuses a trust manifest without evidence, unsigned-for, unbound or from another domain', () => {
    const base = { identifier: 'urn:air:shop.example:mcp:store', type: 't/x', url: 'https://shop.example/c' };
    const hollow = judge({
      specVersion: '1.0',
      entries: [{ ...base, trustManifest: { identity: 'did:web:shop.example', privacyPolicyUrl: 'https://x' } }],
    });
    expect(hollow.problems[0]).toMatch(/^entries\.0\.trustManifest: carries no trust evidence/);
    const alien = judge({
      specVersion: '1.0',
      entries: [{ ...base, trustManifest: { identity: 'did:web:evil.example', trustSchema: { identifier: 'u', version: '1' } } }],
    });
    expect(alien.problems).toEqual([
      "entries.0.trustManifest.identity: its domain does not match shop.example, the publisher the entry's urn:air identifier names",
    ]);
    const spiffe = {
      ...base,
      trustManifest: { identity: 'spiffe://shop.example/ns/mcp', attestations: [{ type: 'x', uri: 'https://a' }] },
    };
    expect(judge({ specVersion: '1.0', entries: [spiffe] }).valid).toBe(true);
    const unbound = judge({
      specVersion: '1.0',
      entries: [{ ...base, trustManifest: { identity: 'did:web:shop.example', signature: 'x.y.z' } }],
    });
    expect(unbound.problems).toContain('entries.0.trustManifest.subject: missing: a signed manifest names the artifact it is bound to');
    expect(unbound.problems).toContain('entries.0.trustManifest.issuedAt: missing: a signed manifest says when it was signed');
    const hmac = Buffer.from('{"alg":"HS256"}').toString('base64url');
    const weak = judge({ ...fullCatalog, signature: `${hmac}..sig` });
    expect(weak.problems).toEqual(['signature: algorithm HS256 cannot be trusted: sign with ES256, ES384, EdDSA, PS256, PS384 or RS256']);
  });

  it('warns about an expired trust manifest', () => {
    const manifest = { ...signedManifest, expiresAt: '2020-01-01T00:00:00Z' };
    const doc = { ...fullCatalog, entries: [{ ...fullCatalog.entries[0], trustManifest: manifest }] };
    expect(judge(doc)).toMatchObject({
      valid: true,
      warnings: ['entries.0.trustManifest.expiresAt: expired on 2020-01-01T00:00:00Z: agents should reject it'],
    });
  });

  it('reads the later trustManifests[] with a contributor and a signature object', () => {
    const entry = {
      identifier: 'urn:air:shop.example:mcp:store',
      type: MCP_SERVER_CARD_MEDIA_TYPE,
      url: 'https://shop.example/mcp/server-card',
      digest: `sha256:${'cd'.repeat(32)}`,
      trustManifests: [
        {
          contributor: 'did:web:shop.example',
          subject: {
            identifier: 'urn:air:shop.example:mcp:store',
            type: MCP_SERVER_CARD_MEDIA_TYPE,
            url: 'https://shop.example/mcp/server-card',
          },
          signature: {
            signer: 'did:web:shop.example',
            profile: 'did-web-v1',
            issuedAt: '2026-03-20T14:00:00Z',
            jws: 'eyJhbGciOiJFUzI1NiJ9..x',
          },
        },
      ],
    };
    expect(judge({ specVersion: '1.0', entries: [entry] })).toMatchObject({ valid: true, problems: [] });
    const broken = { ...entry, trustManifests: [{ signature: { signer: 's' } }] };
    expect(judge({ specVersion: '1.0', entries: [broken] }).problems).toEqual([
      'entries.0.trustManifests.0.contributor: missing: the contributor URI, such as did:web:shop.example',
      'entries.0.trustManifests.0.signature.profile: missing: the signature profile, such as did-web-v1',
      'entries.0.trustManifests.0.signature.issuedAt: missing: when it was signed',
      'entries.0.trustManifests.0.signature.jws: missing: the detached JWS',
    ]);
  });

  it('judges a nested catalog in data, to a bounded depth', () => {
    const nested = judge({
      specVersion: '1.0',
      entries: [{ identifier: 'urn:n', type: 'application/ai-catalog+json', data: { specVersion: 12345 } }],
    });
    expect(nested.problems).toEqual([
      'entries.0.data.specVersion: must be text: the specification version, such as 1.0',
      'entries.0.data.entries: missing: the entries (the list may be empty)',
    ]);
    let deep: unknown = { specVersion: '1.0', entries: [] };
    for (let i = 0; i < 5; i += 1)
      deep = { specVersion: '1.0', entries: [{ identifier: `urn:n${i}`, type: 'application/ai-catalog+json', data: deep }] };
    expect(judge(deep).problems).toEqual([
      'entries.0.data.entries.0.data.entries.0.data.entries.0: nested catalogs go deeper than 4 levels',
    ]);
  });

  it('judges a newer specVersion by the 1.0 rules, with a warning', () => {
    for (const version of ['1.1', '2.0']) {
      const result = judge({ specVersion: version, entries: [] });
      expect(result).toMatchObject({ valid: true, declared: { version, standing: 'newer' } });
      expect(result.warnings).toEqual([`specVersion ${version} is newer than 1.0: judged by the 1.0 rules`]);
    }
  });

  it('warns about an entry url that is not absolute and bounds what it lists', () => {
    expect(judge({ specVersion: '1.0', entries: [{ identifier: 'urn:a', type: 't/x', url: '/mcp/server-card' }] }).warnings).toEqual([
      'entries.0.url: not an absolute URL: agents may not resolve it; give the full https:// URL',
    ]);
    const many = Array.from({ length: 80 }, (_, i) => ({ identifier: `urn:e${i}`, type: `t/x${i}` }));
    const result = judge({ specVersion: '1.0', entries: many });
    expect(result).toMatchObject({ entryCount: 80 });
    expect(result.entries).toHaveLength(50);
    expect(result.entryTypes).toHaveLength(50);
    expect(result.problems).toHaveLength(11);
  });

  it('is not present for an HTML soft 404 or a body that is not JSON', () => {
    expect(validateAiCatalog('<!doctype html><html><body>Not found</body></html>')).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAiCatalog('specVersion: 1.0')).toMatchObject({ present: false, problems: ['body is not JSON'] });
    expect(validateAiCatalog('[]')).toMatchObject({ present: true, valid: false });
  });
});
