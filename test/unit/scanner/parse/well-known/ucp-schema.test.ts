import { describe, expect, it } from 'vitest';
import { validateUcpProfile, type UcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import { currentProfile, draftProfile, edited, olderProfile } from './ucp-documents.js';

function judge(document: unknown): UcpProfile {
  const result = validateUcpProfile(JSON.stringify(document));
  if (!result.present) throw new Error('expected a present profile');
  return result;
}

const shopping = ['ucp', 'services', 'dev.ucp.shopping', 0];
const checkout = ['ucp', 'capabilities', 'dev.ucp.shopping.checkout', 0];
const cards = ['ucp', 'payment_handlers', 'com.psp.cards', 0];

describe('UCP business profile 2026-04-08 (current)', () => {
  it('accepts a full profile using every member the schema defines', () => {
    const result = judge(currentProfile());
    expect(result).toMatchObject({ valid: true, problems: [], warnings: [], declared: { version: '2026-04-08', standing: 'current' } });
    expect(result.versionStatus).toBe('current');
  });

  const required: (string | number)[][] = [
    ['ucp'],
    ['ucp', 'version'],
    ['ucp', 'services'],
    ['ucp', 'payment_handlers'],
    [...shopping, 'version'],
    [...shopping, 'transport'],
    [...shopping, 'endpoint'],
    ['ucp', 'services', 'dev.ucp.shopping', 1, 'endpoint'],
    ['ucp', 'services', 'dev.ucp.shopping', 2, 'endpoint'],
    [...checkout, 'version'],
    [...cards, 'id'],
    [...cards, 'version'],
    [...cards, 'available_instruments', 0, 'type'],
    ['signing_keys', 0, 'kid'],
    ['signing_keys', 0, 'kty'],
  ];
  it.each(required.map((path) => [path.join('.'), path]))('refuses the profile without %s, naming it', (name, path) => {
    const result = judge(edited(currentProfile(), path, undefined));
    expect(result.valid).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(new RegExp(`^${name.replaceAll('.', '\\.')}: `));
  });

  it('words the missing members so an owner knows what to add', () => {
    expect(judge(edited(currentProfile(), [...shopping, 'version'], undefined)).problems).toEqual([
      'ucp.services.dev.ucp.shopping.0.version: each service entry needs a version such as 2026-04-08',
    ]);
    expect(judge(edited(currentProfile(), [...cards, 'id'], undefined)).problems).toEqual([
      'ucp.payment_handlers.com.psp.cards.0.id: each payment handler needs an id, unique among your handlers',
    ]);
    expect(judge(edited(currentProfile(), [...shopping, 'endpoint'], undefined)).problems).toEqual([
      'ucp.services.dev.ucp.shopping.0.endpoint: a rest binding needs an endpoint URL',
    ]);
    expect(judge({ version: '2026-04-08', services: {}, payment_handlers: {} }).problems).toEqual([
      'ucp: is missing: put version, services and payment_handlers inside a top-level "ucp" object',
    ]);
  });

  it('lets an embedded binding go without an endpoint, and every binding without spec or schema', () => {
    const bare = edited(currentProfile(), ['ucp', 'services', 'dev.ucp.shopping'], [{ version: '2026-04-08', transport: 'embedded' }]);
    expect(judge(bare)).toMatchObject({ valid: true, transports: ['embedded'] });
  });

  it.each([
    ['ucp.version', ['ucp', 'version'], 20260408, 'must be a version such as 2026-04-08, not a number'],
    ['ucp.services', ['ucp', 'services'], [{ type: 'dev.ucp.shopping' }], 'must be a map keyed by reverse-domain name, not a list'],
    ['ucp.capabilities', ['ucp', 'capabilities'], 'checkout', 'must be a map keyed by reverse-domain name, not text'],
    ['ucp.payment_handlers', ['ucp', 'payment_handlers'], [], 'must be a map keyed by reverse-domain name, not a list'],
    [
      'ucp.services.dev.ucp.shopping',
      ['ucp', 'services', 'dev.ucp.shopping'],
      { rest: {} },
      'must be a list of entries ([{...}]), not an object',
    ],
    ['ucp.capabilities.dev.ucp.shopping.checkout.0', checkout, 'yes', 'must be an object'],
    [`${cards.join('.')}.config`, [...cards, 'config'], ['x'], 'must be an object, not a list'],
    [`${cards.join('.')}.id`, [...cards, 'id'], 7, 'must be text, not a number'],
    [
      `${cards.join('.')}.available_instruments`,
      [...cards, 'available_instruments'],
      { type: 'card' },
      'must be a list of instruments, not an object',
    ],
    ['signing_keys', ['signing_keys'], { keys: [] }, 'must be a list of JWK keys, not an object'],
    ['ucp', ['ucp'], [], 'must be an object holding version, services and payment_handlers, not a list'],
  ])('refuses %s of the wrong type', (at, path, value, message) => {
    const result = judge(edited(currentProfile(), path, value));
    expect(result.valid).toBe(false);
    expect(result.problems[0]).toContain(`${at}: `);
    expect(result.problems[0]).toContain(message);
  });

  it.each([
    [
      'a version not in YYYY-MM-DD form',
      ['ucp', 'version'],
      'April 8, 2026',
      'ucp.version: "April 8, 2026" is not a version in YYYY-MM-DD form, such as 2026-04-08',
    ],
    [
      'an entry version not in YYYY-MM-DD form',
      [...checkout, 'version'],
      '2026/04/08',
      'ucp.capabilities.dev.ucp.shopping.checkout.0.version: "2026/04/08" is not a version',
    ],
    [
      'a relative endpoint',
      [...shopping, 'endpoint'],
      '/api/ucp',
      'ucp.services.dev.ucp.shopping.0.endpoint: "/api/ucp" is not an absolute URL',
    ],
    [
      'a spec URL with spaces',
      [...shopping, 'spec'],
      'https://ucp.dev/my spec',
      'ucp.services.dev.ucp.shopping.0.spec: "https://ucp.dev/my spec" is not an absolute URL',
    ],
    [
      'a schema URL that is no URL',
      [...checkout, 'schema'],
      'checkout.json',
      'ucp.capabilities.dev.ucp.shopping.checkout.0.schema: "checkout.json" is not an absolute URL',
    ],
    [
      'a transport outside the enum',
      [...shopping, 'transport'],
      'grpc',
      'ucp.services.dev.ucp.shopping.0.transport: "grpc" is not a transport (rest, mcp, a2a or embedded)',
    ],
    ['a status outside the enum', ['ucp', 'status'], 'ok', 'ucp.status: "ok" is not a status (success or error)'],
    [
      'a supported version keyed by no version',
      ['ucp', 'supported_versions'],
      { latest: 'https://mugs.example/ucp' },
      'ucp.supported_versions.latest: "latest" is not a version',
    ],
    [
      'a supported version pointing nowhere',
      ['ucp', 'supported_versions'],
      { '2026-01-23': 'old.json' },
      'ucp.supported_versions.2026-01-23: "old.json" is not an absolute URL',
    ],
    [
      'an extends that is no capability name',
      ['ucp', 'capabilities', 'dev.ucp.shopping.fulfillment', 0, 'extends'],
      'Checkout',
      '"Checkout" is not a capability name',
    ],
    [
      'an embedded color scheme outside the enum',
      ['ucp', 'services', 'dev.ucp.shopping', 3, 'config', 'color_scheme'],
      ['blue'],
      'config.color_scheme.0: "blue" is not a color scheme (light or dark)',
    ],
    [
      'an embedded delegate list of numbers',
      ['ucp', 'services', 'dev.ucp.shopping', 3, 'config', 'delegate'],
      [1],
      'config.delegate.0: must be text, not a number',
    ],
    ['a key use outside the enum', ['signing_keys', 0, 'use'], 'both', 'signing_keys.0.use: "both" is not a key use (sig or enc)'],
  ])('refuses %s', (_, path, value, message) => {
    const result = judge(edited(currentProfile(), path, value));
    expect(result.valid).toBe(false);
    expect(result.problems.join('\n')).toContain(message);
  });

  it('refuses registry names that are not reverse-domain names, under every registry', () => {
    const services = edited(currentProfile(), ['ucp', 'services'], { Shopping: [] });
    expect(judge(services).problems).toEqual([
      'ucp.services.Shopping: "Shopping" is not a reverse-domain name such as dev.ucp.shopping.checkout (lowercase, dot-separated)',
    ]);
    expect(judge(edited(currentProfile(), ['ucp', 'capabilities'], { checkout: [] })).problems[0]).toMatch(
      /^ucp\.capabilities\.checkout: /,
    );
    // Hyphens are the draft's; 2026-04-08 names are lowercase letters, digits and underscores.
    expect(judge(edited(currentProfile(), ['ucp', 'payment_handlers'], { 'com.mugs-pay.wallet': [] })).valid).toBe(false);
  });

  it('accepts the empty maps and lists the schema allows, warning where agents are left with nothing', () => {
    const empty = edited(
      edited(edited(currentProfile(), ['ucp', 'services'], {}), ['ucp', 'capabilities'], {}),
      ['ucp', 'payment_handlers'],
      {},
    );
    const result = judge(empty);
    expect(result).toMatchObject({ valid: true, problems: [], hasServices: false, paymentHandlers: [], capabilities: [] });
    expect(result.warnings).toEqual([
      'ucp.services is empty: agents find no endpoint to call',
      'ucp.payment_handlers is empty: no payment handler declared',
    ]);
    expect(judge(edited(currentProfile(), ['ucp', 'capabilities', 'dev.ucp.shopping.catalog'], [])).valid).toBe(true);
    expect(judge(edited(currentProfile(), [...cards, 'config'], {})).valid).toBe(true);
    expect(judge(edited(currentProfile(), ['signing_keys'], [])).warnings).toContain(
      'signing_keys is empty: agents cannot verify signed checkout messages and webhooks',
    );
  });

  it('refuses the empty lists and objects the schema refuses', () => {
    expect(judge(edited(currentProfile(), [...cards, 'available_instruments'], [])).problems).toEqual([
      `${cards.join('.')}.available_instruments: must list at least one instrument, or be left out (then every instrument is available)`,
    ]);
    expect(judge(edited(currentProfile(), [...cards, 'available_instruments', 0, 'constraints'], {})).problems).toEqual([
      `${cards.join('.')}.available_instruments.0.constraints: must hold at least one constraint, or be left out`,
    ]);
    expect(judge(edited(currentProfile(), ['ucp', 'capabilities', 'com.mugs.gift_wrap', 0, 'extends'], [])).problems[0]).toContain(
      'is not a capability name such as dev.ucp.shopping.checkout, or a list of them',
    );
  });

  it('accepts unknown members everywhere, as every object in the schema is open', () => {
    let open = edited(currentProfile(), ['x_shop'], { note: 'hi' });
    open = edited(open, ['ucp', 'x_note'], 1);
    open = edited(open, [...shopping, 'x_region'], 'eu');
    open = edited(open, [...cards, 'x_fee'], 0);
    open = edited(open, ['signing_keys', 0, 'x5t'], 'abc');
    expect(judge(open)).toMatchObject({ valid: true, problems: [] });
  });

  it('reports every problem in one pass, at most ten and how many more', () => {
    const entries = Array.from({ length: 30 }, () => ({ transport: 'rest' }));
    const result = judge(edited(currentProfile(), ['ucp', 'services', 'dev.ucp.shopping'], entries));
    expect(result.problems).toHaveLength(11);
    expect(result.problems[0]).toBe('ucp.services.dev.ucp.shopping.0.version: each service entry needs a version such as 2026-04-08');
    expect(result.problems[1]).toBe('ucp.services.dev.ucp.shopping.0.endpoint: a rest binding needs an endpoint URL');
    expect(result.problems[10]).toBe('50 more problems');
  });

  it('quotes only a short piece of what the site served', () => {
    const result = judge(edited(currentProfile(), [...shopping, 'transport'], 'x'.repeat(10_000)));
    expect(result.problems[0]?.length).toBeLessThan(200);
  });

  it('warns when identity linking does not declare its scopes as its capability schema says', () => {
    const linking = ['ucp', 'capabilities', 'dev.ucp.common.identity_linking', 0, 'config'];
    expect(judge(edited(currentProfile(), linking, undefined))).toMatchObject({ valid: true, identityLinking: { scopes: [] } });
    expect(judge(edited(currentProfile(), linking, undefined)).warnings).toEqual([
      'ucp.capabilities.dev.ucp.common.identity_linking.0.config: needs config.scopes, the OAuth scopes that require a signed-in buyer',
    ]);
    expect(
      judge(edited(currentProfile(), [...linking, 'scopes'], { 'orders:read': {}, 'dev.ucp.shopping.order:read': true })).warnings,
    ).toEqual([
      'ucp.capabilities.dev.ucp.common.identity_linking.0.config.scopes: "orders:read" is not a scope such as dev.ucp.shopping.order:read',
      'ucp.capabilities.dev.ucp.common.identity_linking.0.config.scopes.dev.ucp.shopping.order:read: must be a policy object ({} for none), not a boolean',
    ]);
  });
});

describe('UCP business profile 2026-01-23 (older, still read)', () => {
  it('is valid under its own rules, with a warning naming the current version', () => {
    const result = judge(olderProfile());
    expect(result).toMatchObject({
      valid: true,
      problems: [],
      declared: { version: '2026-01-23', standing: 'older' },
      versionStatus: 'outdated',
    });
    expect(result.warnings).toEqual(['version 2026-01-23 is older than the current 2026-04-08: upgrade to 2026-04-08']);
  });

  it('does not hold it to what 2026-04-08 added, and holds it to what it required', () => {
    expect(judge(edited(olderProfile(), ['ucp', 'status'], 'anything')).valid).toBe(true);
    expect(
      judge(edited(olderProfile(), ['ucp', 'capabilities', 'dev.ucp.shopping.discount', 0, 'extends'], ['dev.ucp.shopping.checkout']))
        .problems[0],
    ).toContain('["dev.ucp.shopping.checkout"] is not a capability name such as dev.ucp.shopping.checkout');
    expect(judge(edited(olderProfile(), ['ucp', 'payment_handlers'], undefined)).problems[0]).toMatch(/^ucp\.payment_handlers: is missing/);
    expect(judge(edited(olderProfile(), ['ucp', 'payment_handlers', 'com.psp.cards', 0, 'id'], undefined)).valid).toBe(false);
  });

  it('judges an earlier date by the oldest rules it keeps (2026-01-11), which refuse the 2026-01-23 shape', () => {
    const earlier = edited(olderProfile(), ['ucp', 'version'], '2025-12-01');
    expect(judge(earlier)).toMatchObject({ valid: false, declared: { standing: 'older' } });
    expect(judge(earlier).problems[0]).toMatch(/^ucp\.services\.dev\.ucp\.shopping: must be an object, not a list/);
  });
});

describe('UCP business profile draft (newer)', () => {
  it('accepts a full draft profile, its keys[] read as the signing keys', () => {
    const result = judge(draftProfile());
    expect(result).toMatchObject({
      valid: true,
      problems: [],
      warnings: [],
      declared: { version: 'draft', standing: 'newer' },
      versionStatus: 'newer',
    });
    expect(result.signingKeys).toEqual([
      { kid: 'mugs-wba', kty: 'OKP', alg: 'EdDSA', problem: null },
      { kid: 'mugs-2026', kty: 'EC', alg: 'ES256', problem: null },
    ]);
  });

  it('judges a later date by the draft rules, and never refuses a version for being newer', () => {
    const later = edited(draftProfile(), ['ucp', 'version'], '2026-10-01');
    expect(judge(later)).toMatchObject({ valid: true, declared: { version: '2026-10-01', standing: 'newer' } });
  });

  it('refuses under the draft what the draft requires: a capability schema, key coordinates, paired algorithms, public keys only', () => {
    expect(judge(edited(draftProfile(), [...checkout, 'schema'], undefined)).problems).toEqual([
      'ucp.capabilities.dev.ucp.shopping.checkout.0.schema: each capability entry needs a schema URL',
    ]);
    for (const member of ['kid', 'kty', 'crv', 'x'])
      expect(judge(edited(draftProfile(), ['keys', 0, member], undefined)).problems[0]).toMatch(new RegExp(`^keys\\.0\\.${member}: `));
    expect(judge(edited(draftProfile(), ['keys', 1, 'y'], undefined)).problems).toEqual(['keys.1.y: an EC key needs its y']);
    expect(judge(edited(draftProfile(), ['keys', 1, 'alg'], 'ES384')).problems).toEqual([
      'keys.1.alg: "ES384" does not match curve P-256: use ES256',
    ]);
    expect(judge(edited(draftProfile(), ['keys', 1, 'd'], 'private')).problems).toEqual([
      'keys.1: publishes private key material (d): remove it and replace the key, it is no longer secret',
    ]);
    expect(judge(edited(draftProfile(), ['ucp', 'map_order'], { payment_handlers: 'com.psp.cards' })).problems).toEqual([
      'ucp.map_order.payment_handlers: must be a list of keys, not text',
    ]);
  });

  it('holds instrument constraints to the closed constraint expression', () => {
    const constraints = [...cards, 'available_instruments', 0, 'constraints'];
    const judged = (value: unknown) => judge(edited(draftProfile(), constraints, value)).problems;
    const at = constraints.join('.');
    expect(judged({ brands: ['visa'] })).toEqual([
      `${at}: "brands" cannot appear in a constraint expression (required, properties, anyOf)`,
    ]);
    expect(judged({ required: [] })).toEqual([`${at}.required: must name at least one property, or be left out`]);
    expect(judged({ required: ['brand', 'brand'] })).toEqual([`${at}.required: must not name a property twice`]);
    expect(judged({ properties: {} })).toEqual([`${at}.properties: must constrain at least one property, or be left out`]);
    expect(judged({ properties: { brand: { enum: [] } } })).toEqual([`${at}.properties.brand.enum: must list at least one value`]);
    expect(
      judged({
        properties: {
          brand: {
            enum: [
              { a: 1, b: 2 },
              { b: 2, a: 1 },
            ],
          },
        },
      }),
    ).toEqual([`${at}.properties.brand.enum: must not list a value twice`]);
    expect(judged({ properties: { brand: { const: 'visa', pattern: 'v.*' } } })).toEqual([
      `${at}.properties.brand: "pattern" cannot appear in a value constraint (enum, const)`,
    ]);
    expect(judged({ properties: { issuer: { properties: { country: { minLength: 2 } } } } })).toEqual([
      `${at}.properties.issuer.properties.country: "minLength" cannot appear in a constraint expression (required, properties, anyOf)`,
    ]);
    expect(judged({ anyOf: [] })).toEqual([`${at}.anyOf: must list at least one alternative, or be left out`]);
    expect(judged({ anyOf: [{}] })).toEqual([`${at}.anyOf.0: an empty branch matches everything: give it a constraint`]);
  });

  it('refuses a profile nesting deeper than any profile does, without walking it', () => {
    let deep: unknown = {};
    for (let level = 0; level < 1_000; level += 1) deep = { properties: { a: deep } };
    const result = judge(edited(draftProfile(), [...cards, 'available_instruments', 0, 'constraints'], deep));
    expect(result.problems).toEqual(['the profile nests more than 64 levels deep: no UCP profile does']);
  });

  it('accepts key types, curves and algorithms it does not know, as the draft keeps them open', () => {
    const rsa = { kid: 'legacy', kty: 'RSA', n: 'abc', e: 'AQAB', alg: 'RS256' };
    const result = judge(edited(draftProfile(), ['keys'], [rsa, ...(draftProfile().keys as unknown[])]));
    expect(result).toMatchObject({ valid: true });
    expect(result.warnings).toEqual(['signing key legacy: kty RSA: UCP signatures use EC or OKP keys']);
    // The draft gives a key no type, so only an object is held to the key rules; the report still names it.
    const text = judge(edited(draftProfile(), ['keys', 2], 'not a key'));
    expect(text).toMatchObject({ valid: true });
    expect(text.warnings).toEqual(['signing key (no kid): not a JWK object']);
  });

  it('warns when signing keys sit where the declared version does not read them', () => {
    const { keys, ...rest } = draftProfile();
    expect(judge({ ...rest, signing_keys: keys }).warnings).toEqual([
      'signing keys are published in signing_keys, but UCP draft agents read keys: publish them there',
    ]);
    const { signing_keys: current, ...currentRest } = currentProfile();
    const moved = judge({ ...currentRest, keys: current });
    expect(moved).toMatchObject({ valid: true, signingKeys: [{ kid: 'mugs-2026', problem: null }] });
    expect(moved.warnings).toEqual(['signing keys are published in keys, but UCP 2026-04-08 agents read signing_keys: publish them there']);
  });

  it('reads an older date on a draft-shaped profile (keys[] or map_order) as the draft', () => {
    const placeholder = edited(draftProfile(), ['ucp', 'version'], '2026-01-01');
    expect(judge(placeholder)).toMatchObject({ valid: true, warnings: [], declared: { version: '2026-01-01', standing: 'newer' } });
  });
});

describe('UCP version strings', () => {
  it('refuses a version the schema cannot read, judging the rest by the current rules', () => {
    for (const version of ['April 8, 2026', 'v2', '2026-4-8']) {
      const result = judge(edited(currentProfile(), ['ucp', 'version'], version));
      expect(result).toMatchObject({ valid: false, declared: { version, standing: 'unknown' }, versionStatus: 'unknown' });
      expect(result.problems).toEqual([`ucp.version: ${JSON.stringify(version)} is not a version in YYYY-MM-DD form, such as 2026-04-08`]);
    }
  });

  it('leaves out a declared version too long to be one, and still names the problem briefly', () => {
    const result = judge(edited(currentProfile(), ['ucp', 'version'], 'v'.repeat(5_000)));
    expect(result).toMatchObject({ version: null, declared: { version: null, standing: 'unknown' } });
    expect(result.problems[0]?.length).toBeLessThan(200);
  });

  it('does not accept the draft word under the current rules', () => {
    const result = judge(edited(currentProfile(), [...checkout, 'version'], 'draft'));
    expect(result.problems).toEqual([
      'ucp.capabilities.dev.ucp.shopping.checkout.0.version: "draft" is not a version in YYYY-MM-DD form, such as 2026-04-08',
    ]);
  });
});
