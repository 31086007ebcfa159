import { describe, expect, it } from 'vitest';
import { validateAgentCard, type AgentCard } from '#shared/scanner/parse/well-known/a2a.js';

const AP2 = { uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', required: true, params: { roles: ['merchant'] } };

/** An A2A 1.0 card with every member the v1.0.1 schema defines, written from a2a.proto. */
const V10 = {
  name: 'Tent Shop agent',
  description: 'Finds tents and takes orders.',
  supportedInterfaces: [
    { url: 'https://tents.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://tents.example/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'tents' },
  ],
  provider: { organization: 'Tent Shop AS', url: 'https://tents.example/' },
  version: '2.1.0',
  documentationUrl: 'https://tents.example/docs/agent',
  capabilities: {
    streaming: true,
    pushNotifications: false,
    extendedAgentCard: false,
    extensions: [AP2, { uri: 'https://tents.example/ext/sizes' }],
  },
  securitySchemes: {
    key: { apiKeySecurityScheme: { location: 'header', name: 'X-Key' } },
    bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
    oauth: {
      oauth2SecurityScheme: {
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://id.tents.example/auth',
            tokenUrl: 'https://id.tents.example/token',
            scopes: { orders: 'Place orders' },
            pkceRequired: true,
          },
        },
      },
    },
    oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://id.tents.example/.well-known/openid-configuration' } },
    mtls: { mtlsSecurityScheme: { description: 'Partners only' } },
  },
  securityRequirements: [{ schemes: { oauth: { list: ['orders'] } } }],
  defaultInputModes: ['text/plain', 'application/json'],
  defaultOutputModes: ['text/plain'],
  skills: [
    {
      id: 'find-tent',
      name: 'Find a tent',
      description: 'Finds a tent by size and season.',
      tags: ['tents', 'search'],
      examples: ['A two-person winter tent'],
      inputModes: ['text/plain'],
      outputModes: ['application/json'],
      securityRequirements: [{ schemes: { key: { list: [] } } }],
    },
  ],
  signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2lnbmF0dXJl', header: { kid: 'k1' } }],
  iconUrl: 'https://tents.example/icon.png',
};

/** An A2A 0.3 card, written from https://github.com/a2aproject/A2A (specification/json/a2a.json at tag v0.3.0) at v0.3.0. */
const V03 = {
  protocolVersion: '0.3.0',
  name: 'Tent Shop agent',
  description: 'Finds tents and takes orders.',
  url: 'https://tents.example/a2a',
  preferredTransport: 'JSONRPC',
  additionalInterfaces: [{ url: 'https://tents.example/a2a/grpc', transport: 'GRPC' }],
  version: '2.1.0',
  capabilities: { streaming: true, stateTransitionHistory: false, extensions: [AP2] },
  securitySchemes: {
    key: { type: 'apiKey', in: 'header', name: 'X-Key' },
    oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.tents.example/token', scopes: {} } } },
  },
  security: [{ key: [] }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'find-tent', name: 'Find a tent', description: 'Finds a tent.', tags: ['tents'] }],
  supportsAuthenticatedExtendedCard: false,
};

type Doc = Record<string, unknown>;
const judge = (doc: unknown) => validateAgentCard(JSON.stringify(doc)) as AgentCard;
const without = (doc: Doc, path: (string | number)[]): Doc => {
  const copy = structuredClone(doc);
  let at: Doc = copy;
  for (const key of path.slice(0, -1)) at = at[key as string] as Doc;
  delete at[path.at(-1) as string];
  return copy;
};
const setting = (doc: Doc, path: (string | number)[], value: unknown): Doc => {
  const copy = structuredClone(doc);
  let at: Doc = copy;
  for (const key of path.slice(0, -1)) at = at[key as string] as Doc;
  at[path.at(-1) as string] = value;
  return copy;
};

describe('validateAgentCard: A2A 1.0', () => {
  it('reads a full 1.0 card with an AP2 extension, with nothing to fix', () => {
    expect(judge(V10)).toEqual({
      present: true,
      valid: true,
      name: 'Tent Shop agent',
      url: 'https://tents.example/a2a',
      protocolVersion: '1.0',
      declared: { version: '1.0', standing: 'current' },
      judgedBy: '1.0',
      hasAp2Extension: true,
      ap2Roles: ['merchant'],
      interfaces: [
        { url: 'https://tents.example/a2a', binding: 'JSONRPC', version: '1.0', tenant: null },
        { url: 'https://tents.example/a2a/rest', binding: 'HTTP+JSON', version: '1.0', tenant: 'tents' },
      ],
      declaresSecurity: true,
      problems: [],
      warnings: [],
    });
  });

  it('names each member a2a.proto marks REQUIRED when it is missing', () => {
    const required: (string | number)[][] = [
      ['name'],
      ['description'],
      ['supportedInterfaces'],
      ['version'],
      ['capabilities'],
      ['defaultInputModes'],
      ['defaultOutputModes'],
      ['skills'],
      ['supportedInterfaces', 0, 'url'],
      ['supportedInterfaces', 0, 'protocolBinding'],
      ['supportedInterfaces', 0, 'protocolVersion'],
      ['provider', 'url'],
      ['provider', 'organization'],
      ['skills', 0, 'id'],
      ['skills', 0, 'name'],
      ['skills', 0, 'description'],
      ['skills', 0, 'tags'],
      ['signatures', 0, 'protected'],
      ['signatures', 0, 'signature'],
      ['securitySchemes', 'key', 'apiKeySecurityScheme', 'location'],
      ['securitySchemes', 'key', 'apiKeySecurityScheme', 'name'],
      ['securitySchemes', 'bearer', 'httpAuthSecurityScheme', 'scheme'],
      ['securitySchemes', 'oauth', 'oauth2SecurityScheme', 'flows'],
      ['securitySchemes', 'oauth', 'oauth2SecurityScheme', 'flows', 'authorizationCode', 'tokenUrl'],
      ['securitySchemes', 'oauth', 'oauth2SecurityScheme', 'flows', 'authorizationCode', 'scopes'],
      ['securitySchemes', 'oidc', 'openIdConnectSecurityScheme', 'openIdConnectUrl'],
    ];
    for (const path of required) {
      const result = judge(without(V10, path));
      expect(result.valid, path.join('.')).toBe(false);
      expect(result.problems).toContain(`${path.join('.')}: required, but missing: add it`);
    }
  });

  it('refuses required lists and strings that are empty', () => {
    for (const path of [['supportedInterfaces'], ['defaultInputModes'], ['defaultOutputModes'], ['skills'], ['skills', 0, 'tags']])
      expect(judge(setting(V10, path, [])).problems).toEqual([`${path.join('.')}: must list at least one entry`]);
    expect(judge(setting(V10, ['description'], '')).problems).toEqual(['description: must not be empty']);
  });

  it('refuses wrong types, bad URLs and values outside an enum', () => {
    expect(judge(setting(V10, ['capabilities', 'streaming'], 'yes')).problems).toEqual([
      'capabilities.streaming: must be true or false, not text',
    ]);
    expect(judge(setting(V10, ['skills'], { id: 'x' })).problems).toEqual(['skills: must be a list, not an object']);
    expect(judge(setting(V10, ['supportedInterfaces', 0, 'url'], '/a2a')).problems).toEqual([
      'supportedInterfaces.0.url: must be an absolute URL such as https://shop.example/a2a',
    ]);
    expect(judge(setting(V10, ['securitySchemes', 'key', 'apiKeySecurityScheme', 'location'], 'body')).problems).toEqual([
      'securitySchemes.key.apiKeySecurityScheme.location: "body" is not allowed: must be one of "query", "header", "cookie"',
    ]);
  });

  it('refuses a security scheme or OAuth flow set that names two kinds (proto oneof)', () => {
    const twoKinds = setting(V10, ['securitySchemes', 'mtls', 'httpAuthSecurityScheme'], { scheme: 'Basic' });
    expect(judge(twoKinds).problems[0]).toContain('securitySchemes.mtls: name one kind of scheme');
  });

  it('refuses members the 1.0 schema does not define, but accepts the 0.3 members a card keeps for 0.3 clients', () => {
    expect(judge({ ...V10, homepage: 'https://tents.example' }).problems).toEqual([
      'unknown member "homepage": the schema allows no other members here',
    ]);
    expect(judge(setting(V10, ['skills', 0, 'price'], 10)).problems).toEqual([
      'skills.0: unknown member "price": the schema allows no other members here',
    ]);
    const union = judge({ ...V10, url: 'https://tents.example/a2a', protocolVersion: '0.3', preferredTransport: 'JSONRPC' });
    expect(union).toMatchObject({ valid: true, judgedBy: '1.0', declared: { version: '1.0', standing: 'current' } });
  });

  it('accepts the proto (snake_case) names the schema allows, with a warning', () => {
    const snake = { ...without(V10, ['defaultInputModes']), default_input_modes: ['text/plain'] };
    const result = judge(snake);
    expect(result).toMatchObject({ valid: true, problems: [] });
    expect(result.warnings).toEqual(['"default_input_modes": A2A JSON names members in camelCase: defaultInputModes']);
  });

  it('warns on what the specification asks beyond the schema', () => {
    const result = judge({
      ...V10,
      supportedInterfaces: [{ url: 'http://tents.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0.0' }],
      defaultInputModes: ['text'],
      iconUrl: 'icon.png',
    });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      'supportedInterfaces.0.protocolVersion: give Major.Minor (1.0), not a patch version',
      'supportedInterfaces.0.url: serve the agent over https:// in production',
      'iconUrl: give an absolute URL such as https://shop.example/',
      'defaultInputModes: "text" is not a media type such as text/plain',
    ]);
  });

  it('judges a card whose interfaces declare a newer version by the 1.0 rules, unknown members allowed', () => {
    const newer = judge({
      ...V10,
      supportedInterfaces: [{ url: 'https://tents.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.1' }],
      trustLevel: 'high',
    });
    expect(newer).toMatchObject({ valid: true, problems: [], declared: { version: '1.1', standing: 'newer' }, judgedBy: '1.0' });
    expect(newer.warnings[0]).toContain('A2A 1.1 is newer than 1.0');
    expect(
      judge({
        ...without(V10, ['skills']),
        supportedInterfaces: [{ url: 'https://tents.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '2.0' }],
      }).valid,
    ).toBe(false);
  });

  it('judges a card without interfaces or a 0.x version by the 1.0 rules', () => {
    const bare = judge({ name: 'Tent Shop agent' });
    expect(bare).toMatchObject({ valid: false, judgedBy: '1.0' });
    expect(bare.problems).toContain('supportedInterfaces: required, but missing: add it');
  });
});

describe('validateAgentCard: A2A 0.3 (older, still read)', () => {
  it('reads a full 0.3 card as valid, with a warning naming 1.0', () => {
    const result = judge(V03);
    expect(result).toMatchObject({
      valid: true,
      problems: [],
      url: 'https://tents.example/a2a',
      protocolVersion: '0.3.0',
      declared: { version: '0.3.0', standing: 'older' },
      judgedBy: '0.3',
      hasAp2Extension: true,
      ap2Roles: ['merchant'],
    });
    expect(result.warnings).toEqual([
      'protocolVersion: an A2A 0.3.0 card, judged by the 0.3 schema; the current A2A is 1.0: list your endpoints in supportedInterfaces with protocolVersion "1.0"',
    ]);
  });

  it('judges a 0.2.x card by the 0.3 rules', () => {
    expect(judge({ ...V03, protocolVersion: '0.2.5' })).toMatchObject({ valid: true, judgedBy: '0.3', declared: { standing: 'older' } });
  });

  it('names each member the 0.3 schema requires when it is missing', () => {
    const required = [
      'protocolVersion',
      'name',
      'description',
      'url',
      'version',
      'capabilities',
      'defaultInputModes',
      'defaultOutputModes',
      'skills',
    ];
    for (const member of required) {
      const result = judge(without(V03, [member]));
      expect(result.valid, member).toBe(false);
      expect(result.problems).toContain(`${member}: required, but missing: add it`);
    }
    for (const member of ['id', 'name', 'description', 'tags'])
      expect(judge(without(V03, ['skills', 0, member])).problems).toEqual([`skills.0.${member}: required, but missing: add it`]);
    expect(judge(without(V03, ['additionalInterfaces', 0, 'transport'])).problems).toEqual([
      'additionalInterfaces.0.transport: required, but missing: add it',
    ]);
    expect(judge(without(V03, ['capabilities', 'extensions', 0, 'uri'])).problems).toEqual([
      'capabilities.extensions.0.uri: required, but missing: add it',
    ]);
  });

  it('allows empty lists and other members, as the 0.3 schema does', () => {
    expect(judge({ ...V03, skills: [], defaultInputModes: [], homepage: 'https://tents.example' })).toMatchObject({
      valid: true,
      problems: [],
    });
  });

  it('tells security schemes apart by type', () => {
    expect(judge(setting(V03, ['securitySchemes', 'key', 'type'], 'bearer')).problems).toEqual([
      'securitySchemes.key.type: must be one of "apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"',
    ]);
    expect(judge(without(V03, ['securitySchemes', 'oauth', 'flows', 'clientCredentials', 'tokenUrl'])).problems).toEqual([
      'securitySchemes.oauth.flows.clientCredentials.tokenUrl: required, but missing: add it',
    ]);
    expect(judge(setting(V03, ['securitySchemes', 'key', 'in'], 'body')).valid).toBe(false);
  });
});

describe('validateAgentCard: not a card', () => {
  it('is present but invalid for JSON that is not an object', () => {
    expect(validateAgentCard('[]')).toMatchObject({ present: true, valid: false });
  });

  it('is absent for a soft-404 HTML page or non-JSON', () => {
    expect(validateAgentCard('<!DOCTYPE html><title>404</title>')).toMatchObject({
      present: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAgentCard('{broken').present).toBe(false);
  });
});
