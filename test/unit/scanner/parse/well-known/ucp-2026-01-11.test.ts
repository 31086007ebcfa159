/**
 * UCP 2026-01-11 (still read): the business profile as its own schema states it (tag v2026-01-11:
 * source/discovery/profile_schema, source/schemas/ucp#/$defs/discovery_profile,
 * source/services/service_schema, source/schemas/capability#/$defs/discovery and
 * source/schemas/shopping/types/payment_handler). The documents are written here from those schemas.
 */
import { describe, expect, it } from 'vitest';
import { validateUcpProfile, type UcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { currentProfile, edited, olderProfile, type Json, type Path } from './ucp-documents.js';

function judge(document: unknown): UcpProfile {
  const result = validateUcpProfile(JSON.stringify(document));
  if (!result.present) throw new Error('expected a present profile');
  return result;
}

const UPGRADE = 'version 2026-01-11 is older than the current 2026-04-08: upgrade to 2026-04-08';

/** Every member the 2026-01-11 schema defines, with an unknown member at each level it leaves open. */
const january11Profile = (): Json => ({
  ucp: {
    version: '2026-01-11',
    services: {
      'dev.ucp.shopping': {
        version: '2026-01-11',
        spec: 'https://ucp.dev/specification/overview',
        rest: { schema: 'https://ucp.dev/services/shopping/openapi.json', endpoint: 'https://teapots.example/ucp/rest' },
        mcp: { schema: 'https://ucp.dev/services/shopping/openrpc.json', endpoint: 'https://teapots.example/ucp/mcp' },
        a2a: { endpoint: 'https://teapots.example/.well-known/agent-card.json' },
        embedded: { schema: 'https://ucp.dev/services/shopping/embedded.json', sandbox: true },
      },
    },
    capabilities: [
      {
        name: 'dev.ucp.shopping.checkout',
        version: '2026-01-11',
        spec: 'https://ucp.dev/specification/checkout',
        schema: 'https://ucp.dev/schemas/shopping/checkout.json',
      },
      {
        name: 'com.teapots.engraving',
        version: '2026-01-11',
        spec: 'https://teapots.example/specs/engraving',
        schema: 'https://teapots.example/schemas/engraving.json',
        extends: 'dev.ucp.shopping.checkout',
        config: { max_letters: 12 },
      },
    ],
    notes: 'members the schema does not define are allowed',
  },
  payment: {
    handlers: [
      {
        id: 'cards',
        name: 'com.psp.cards',
        version: '2026-01-11',
        spec: 'https://psp.example/ucp/cards',
        config_schema: 'https://psp.example/ucp/cards/config.json',
        instrument_schemas: ['https://ucp.dev/schemas/shopping/types/card_payment_instrument.json'],
        config: { merchant_id: 'teapots-01' },
        region: 'eu',
      },
    ],
  },
  signing_keys: [
    {
      kid: 'teapots-2026',
      kty: 'EC',
      crv: 'P-256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
      use: 'sig',
      alg: 'ES256',
    },
  ],
});

const shopping: Path = ['ucp', 'services', 'dev.ucp.shopping'];
const checkout: Path = ['ucp', 'capabilities', 0];
const cards: Path = ['payment', 'handlers', 0];
const key: Path = ['signing_keys', 0];

describe('UCP business profile 2026-01-11 (older, still read)', () => {
  it('is valid under its own schema, with a warning naming the current version', () => {
    const result = judge(january11Profile());
    expect(result).toMatchObject({
      valid: true,
      problems: [],
      warnings: [UPGRADE],
      version: '2026-01-11',
      declared: { version: '2026-01-11', standing: 'older' },
      versionStatus: 'outdated',
    });
  });

  it('reads what the checks need from its shape', () => {
    expect(judge(january11Profile())).toMatchObject({
      hasServices: true,
      capabilities: ['dev.ucp.shopping.checkout', 'com.teapots.engraving'],
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp', 'a2a', 'embedded'],
      mcpEndpoints: ['https://teapots.example/ucp/mcp'],
      paymentHandlers: ['com.psp.cards'],
      signingKeys: [{ kid: 'teapots-2026', kty: 'EC', alg: 'ES256', problem: null }],
      identityLinking: null,
    });
  });

  const required: Path[] = [
    ['ucp', 'services'],
    ['ucp', 'capabilities'],
    [...shopping, 'version'],
    [...shopping, 'spec'],
    [...shopping, 'rest', 'schema'],
    [...shopping, 'rest', 'endpoint'],
    [...shopping, 'mcp', 'schema'],
    [...shopping, 'mcp', 'endpoint'],
    [...shopping, 'a2a', 'endpoint'],
    [...shopping, 'embedded', 'schema'],
    [...checkout, 'name'],
    [...checkout, 'version'],
    [...checkout, 'spec'],
    [...checkout, 'schema'],
    [...cards, 'id'],
    [...cards, 'name'],
    [...cards, 'version'],
    [...cards, 'spec'],
    [...cards, 'config_schema'],
    [...cards, 'instrument_schemas'],
    [...cards, 'config'],
    [...key, 'kid'],
    [...key, 'kty'],
  ];
  it.each(required.map((path) => [path.join('.'), path]))('refuses the profile without %s, naming it', (name, path) => {
    const result = judge(edited(january11Profile(), path, undefined));
    expect(result.valid).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(new RegExp(`^${name.replaceAll('.', '\\.')}: `));
    expect(result.declared.standing).toBe('older');
  });

  it('words the missing members so an owner knows what to add', () => {
    const problem = (path: Path) => judge(edited(january11Profile(), path, undefined)).problems[0];
    expect(problem([...shopping, 'spec'])).toBe(
      'ucp.services.dev.ucp.shopping.spec: each service needs spec, the URL of its documentation',
    );
    expect(problem([...shopping, 'mcp', 'endpoint'])).toBe(
      'ucp.services.dev.ucp.shopping.mcp.endpoint: an mcp binding needs an endpoint URL',
    );
    expect(problem([...checkout, 'name'])).toBe('ucp.capabilities.0.name: each capability needs a name such as dev.ucp.shopping.checkout');
    expect(problem([...cards, 'config_schema'])).toBe(
      'payment.handlers.0.config_schema: each payment handler needs config_schema, the URL of the JSON Schema its config follows',
    );
    expect(problem(['ucp', 'capabilities'])).toBe(
      'ucp.capabilities: is missing: list your capabilities, e.g. [{name, version, spec, schema}]',
    );
  });

  it('without ucp or its version, is judged (and refused) as a profile declaring no version', () => {
    const noVersion = judge(edited(january11Profile(), ['ucp', 'version'], undefined));
    expect(noVersion).toMatchObject({ valid: false, declared: { version: null, standing: 'unknown' } });
    expect(noVersion.problems).toContain('ucp.version: needs the UCP version the profile follows, such as 2026-04-08');
    const noUcp = judge(edited(january11Profile(), ['ucp'], undefined));
    expect(noUcp.valid).toBe(false);
    expect(noUcp.problems[0]).toMatch(/^ucp: is missing/);
  });

  const wrong: [string, Path, unknown, string][] = [
    ['services as a list', ['ucp', 'services'], [], 'ucp.services: must be a map from service name to service, not a list'],
    [
      'capabilities as the later map',
      ['ucp', 'capabilities'],
      { 'dev.ucp.shopping.checkout': [{ version: '2026-01-11' }] },
      'ucp.capabilities: must be a list of capabilities, not an object',
    ],
    ['a service as a list of bindings', shopping, [{ transport: 'rest' }], 'ucp.services.dev.ucp.shopping: must be an object, not a list'],
    [
      'a binding as text',
      [...shopping, 'rest'],
      'https://teapots.example/ucp',
      'ucp.services.dev.ucp.shopping.rest: must be an object, not text',
    ],
    [
      'an endpoint that is no URL',
      [...shopping, 'mcp', 'endpoint'],
      '/ucp/mcp',
      'ucp.services.dev.ucp.shopping.mcp.endpoint: "/ucp/mcp" is not an absolute URL',
    ],
    [
      'a version as a number',
      [...shopping, 'version'],
      20260111,
      'ucp.services.dev.ucp.shopping.version: must be a version such as 2026-04-08, not a number',
    ],
    [
      'a version not in YYYY-MM-DD form',
      [...checkout, 'version'],
      '2026/01/11',
      'ucp.capabilities.0.version: "2026/01/11" is not a version in YYYY-MM-DD form',
    ],
    ['a capability as text', checkout, 'dev.ucp.shopping.checkout', 'ucp.capabilities.0: must be an object, not text'],
    [
      'an uppercase capability name',
      [...checkout, 'name'],
      'Dev.UCP.Checkout',
      'ucp.capabilities.0.name: "Dev.UCP.Checkout" is not a capability name',
    ],
    [
      'a list of parents in extends',
      ['ucp', 'capabilities', 1, 'extends'],
      ['dev.ucp.shopping.checkout'],
      'ucp.capabilities.1.extends: must be a capability name, not a list',
    ],
    [
      'a capability config as text',
      ['ucp', 'capabilities', 1, 'config'],
      'engrave',
      'ucp.capabilities.1.config: must be an object, not text',
    ],
    ['payment as a list', ['payment'], [], 'payment: must be an object, not a list'],
    [
      'handlers as a map',
      ['payment', 'handlers'],
      { 'com.psp.cards': [] },
      'payment.handlers: must be a list of payment handlers, not an object',
    ],
    ['a handler id as a number', [...cards, 'id'], 7, 'payment.handlers.0.id: must be text, not a number'],
    [
      'instrument_schemas as text',
      [...cards, 'instrument_schemas'],
      'https://x.example/a.json',
      'payment.handlers.0.instrument_schemas: must be a list of URLs, not text',
    ],
    [
      'an instrument schema that is no URL',
      [...cards, 'instrument_schemas', 0],
      'card.json',
      'payment.handlers.0.instrument_schemas.0: "card.json" is not an absolute URL',
    ],
    ['a handler config as a list', [...cards, 'config'], [], 'payment.handlers.0.config: must be an object, not a list'],
    ['signing_keys as a JWK Set', ['signing_keys'], { keys: [] }, 'signing_keys: must be a list of JWK keys, not an object'],
    ['a kid as a number', [...key, 'kid'], 1, 'signing_keys.0.kid: must be text, not a number'],
    ['a key use outside its enum', [...key, 'use'], 'verify', 'signing_keys.0.use: "verify" is not a key use (sig or enc)'],
    ['a coordinate as a number', [...key, 'x'], 12, 'signing_keys.0.x: must be text, not a number'],
  ];
  it.each(wrong)('refuses %s', (_, path, value, message) => {
    const result = judge(edited(january11Profile(), path, value));
    expect(result.valid).toBe(false);
    expect(result.problems[0]).toContain(message);
  });

  it('accepts empty maps and lists, which the schema allows, warning where agents find nothing', () => {
    let document = edited(january11Profile(), ['ucp', 'services'], {});
    document = edited(document, ['ucp', 'capabilities'], []);
    document = edited(document, ['payment', 'handlers'], []);
    document = edited(document, ['signing_keys'], []);
    const result = judge(document);
    expect(result).toMatchObject({ valid: true, problems: [], hasServices: false, capabilities: [], paymentHandlers: [] });
    expect(result.warnings).toEqual([
      UPGRADE,
      'ucp.services is empty: agents find no endpoint to call',
      'signing_keys is empty: agents cannot verify signed checkout messages and webhooks',
    ]);
    expect(judge(edited(january11Profile(), [...cards, 'instrument_schemas'], [])).valid).toBe(true);
    expect(judge(edited(january11Profile(), [...cards, 'config'], {})).valid).toBe(true);
  });

  it('accepts a profile without payment or signing keys, and a service with no binding, as the schema leaves them optional', () => {
    let document = edited(january11Profile(), ['payment'], undefined);
    document = edited(document, ['signing_keys'], undefined);
    document = edited(document, shopping, { version: '2026-01-11', spec: 'https://ucp.dev/specification/overview' });
    expect(judge(document)).toMatchObject({ valid: true, problems: [], transports: [], paymentHandlers: [], signingKeys: null });
  });

  it('accepts any service name and a free-text handler name, which the schema leaves unconstrained', () => {
    const services = { Shopping: { version: '2026-01-11', spec: 'https://ucp.dev/specification/overview' } };
    expect(judge(edited(january11Profile(), ['ucp', 'services'], services)).valid).toBe(true);
    expect(judge(edited(january11Profile(), [...cards, 'name'], 'Card payments')).valid).toBe(true);
  });

  it('accepts an RSA signing key, which its schema allows, warning that UCP signatures are ECDSA', () => {
    const rsa = { kid: 'teapots-rsa', kty: 'RSA', n: 'sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri', e: 'AQAB', alg: 'RS256', use: 'sig' };
    const result = judge(edited(january11Profile(), ['signing_keys'], [rsa]));
    expect(result).toMatchObject({ valid: true, problems: [] });
    expect(result.warnings).toEqual([
      UPGRADE,
      'signing key teapots-rsa: kty RSA: UCP signatures are ECDSA (EC keys)',
      'no usable signing key (EC P-256/ES256 expected)',
    ]);
  });

  it('holds unknown members everywhere, as every object is open', () => {
    let document = edited(january11Profile(), ['extra'], { a: 1 });
    document = edited(document, [...shopping, 'mcp', 'transport'], 'streamable-http');
    document = edited(document, [...checkout, 'id'], 'chk');
    document = edited(document, [...key, 'x5c'], ['MIIB']);
    document = edited(document, ['payment', 'default'], 'cards');
    expect(judge(document)).toMatchObject({ valid: true, problems: [] });
  });

  it('lists at most 10 problems, then how many more', () => {
    const broken = edited(
      january11Profile(),
      ['ucp', 'capabilities'],
      Array.from({ length: 12 }, () => ({})),
    );
    const { problems } = judge(broken);
    expect(problems).toHaveLength(11);
    expect(problems[0]).toBe('ucp.capabilities.0.name: each capability needs a name such as dev.ucp.shopping.checkout');
    expect(problems.at(-1)).toBe('38 more problems');
  });

  it('judges an earlier date, or one before the next release, by the 2026-01-11 rules', () => {
    for (const date of ['2025-10-01', '2026-01-15']) {
      const result = judge(edited(january11Profile(), ['ucp', 'version'], date));
      expect(result).toMatchObject({ valid: true, problems: [], declared: { version: date, standing: 'older' } });
      expect(result.warnings).toEqual([`version ${date} is older than the current 2026-04-08: upgrade to 2026-04-08`]);
      expect(judge(edited(olderProfile(), ['ucp', 'version'], date)).valid).toBe(false);
    }
  });
});

describe('the 2026-01-11 shape under later versions, and later profiles', () => {
  it('refuses the 2026-01-11 shape declared as 2026-01-23, by the 2026-01-23 rules', () => {
    const result = judge(edited(january11Profile(), ['ucp', 'version'], '2026-01-23'));
    expect(result).toMatchObject({ valid: false, declared: { version: '2026-01-23', standing: 'older' } });
    expect(result.problems).toEqual([
      'ucp.services.dev.ucp.shopping: must be a list of entries ([{...}]), not an object',
      'ucp.capabilities: must be a map keyed by reverse-domain name, not a list',
      'ucp.payment_handlers: is missing: declare your payment handlers (an empty map {} if you have none yet)',
    ]);
    // What it declares is still read for the report.
    expect(result).toMatchObject({
      hasCheckoutCapability: true,
      paymentHandlers: ['com.psp.cards'],
      transports: ['rest', 'mcp', 'a2a', 'embedded'],
    });
  });

  it('refuses the 2026-01-11 shape declared as the current version', () => {
    const result = judge(edited(january11Profile(), ['ucp', 'version'], '2026-04-08'));
    expect(result).toMatchObject({ valid: false, declared: { standing: 'current' } });
    expect(result.problems[0]).toBe('ucp.services.dev.ucp.shopping: must be a list of entries ([{...}]), not an object');
  });

  it('keeps judging a 2026-01-23 profile and a current one as before', () => {
    expect(judge(olderProfile())).toMatchObject({
      valid: true,
      problems: [],
      warnings: ['version 2026-01-23 is older than the current 2026-04-08: upgrade to 2026-04-08'],
      declared: { version: '2026-01-23', standing: 'older' },
    });
    expect(judge(currentProfile())).toMatchObject({ valid: true, problems: [], warnings: [], declared: { standing: 'current' } });
  });
});
