import { describe, expect, it } from 'vitest';
import { validateAcpDiscovery, type AcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';

/** Every member DiscoveryResponse (ACP 2026-04-17) defines, written from the schema. */
const FULL = {
  protocol: {
    name: 'acp',
    version: '2026-04-17',
    supported_versions: ['2025-12-12', '2026-04-17'],
    documentation_url: 'https://tents.example/docs/acp',
  },
  api_base_url: 'https://tents.example/commerce',
  transports: ['rest', 'mcp'],
  capabilities: {
    services: ['checkout', 'carts', 'orders', 'delegate_payment'],
    extensions: [
      { name: 'fulfillment', spec: 'https://tents.example/specs/fulfillment', schema: 'https://tents.example/schemas/f.json' },
      { name: 'discount' },
    ],
    intervention_types: ['address_verification', '3ds'],
    supported_currencies: ['nok', 'sek'],
    supported_locales: ['nb-NO', 'sv'],
  },
};
const MINIMAL = {
  protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2026-04-17'] },
  api_base_url: 'https://tents.example/commerce',
  transports: ['rest'],
  capabilities: { services: ['checkout'] },
};

type Doc = Record<string, unknown>;
const judge = (doc: unknown) => validateAcpDiscovery(JSON.stringify(doc)) as AcpDiscovery;
const clone = <T>(doc: T): T => structuredClone(doc);
const withPath = (path: string[], value: unknown) => {
  const doc = clone(FULL) as Doc;
  let at = doc;
  for (const key of path.slice(0, -1)) at = at[key] as Doc;
  const last = path.at(-1) ?? '';
  if (value === undefined) delete at[last];
  else at[last] = value;
  return doc;
};

describe('validateAcpDiscovery', () => {
  it('accepts a full and a minimal 2026-04-17 document, with nothing to fix', () => {
    expect(judge(FULL)).toEqual({
      present: true,
      valid: true,
      conformsToDraft: true,
      version: '2026-04-17',
      declared: { version: '2026-04-17', standing: 'current' },
      supportedVersions: ['2025-12-12', '2026-04-17'],
      apiBaseUrl: 'https://tents.example/commerce',
      transports: ['rest', 'mcp'],
      services: ['checkout', 'carts', 'orders', 'delegate_payment'],
      hasCheckout: true,
      recognisedFields: ['protocol', 'api_base_url', 'transports', 'capabilities'],
      problems: [],
      warnings: [],
    });
    expect(judge(MINIMAL)).toMatchObject({ valid: true, problems: [], warnings: [] });
  });

  it('names each required member that is missing', () => {
    const required: string[][] = [
      ['protocol'],
      ['api_base_url'],
      ['transports'],
      ['capabilities'],
      ['protocol', 'name'],
      ['protocol', 'version'],
      ['protocol', 'supported_versions'],
      ['capabilities', 'services'],
    ];
    for (const path of required) {
      const result = judge(withPath(path, undefined));
      expect(result.valid, path.join('.')).toBe(false);
      expect(result.problems).toContain(`${path.join('.')}: required, but missing: add it`);
    }
    const extension = withPath(['capabilities', 'extensions'], [{ spec: 'https://tents.example/specs/x' }]);
    expect(judge(extension).problems).toEqual(['capabilities.extensions.0.name: required, but missing: add it']);
  });

  it('refuses wrong types', () => {
    const cases: [string[], unknown, string][] = [
      [['protocol'], 'acp', 'protocol: must be an object, not text'],
      [['transports'], 'rest', 'transports: must be a list, not text'],
      [['capabilities', 'services'], { checkout: true }, 'capabilities.services: must be a list, not an object'],
      [['protocol', 'supported_versions'], '2026-04-17', 'protocol.supported_versions: must be a list, not text'],
      [['capabilities', 'extensions'], ['discount'], 'capabilities.extensions.0: must be an object, not text'],
      [['api_base_url'], 42, 'api_base_url: must be text, not a number'],
    ];
    for (const [path, value, problem] of cases) expect(judge(withPath(path, value)).problems).toContain(problem);
  });

  it('refuses bad formats: dates, URLs, currency codes, the protocol name', () => {
    const cases: [string[], unknown, string][] = [
      [['protocol', 'version'], 'April 17, 2026', 'protocol.version: must be a date such as 2026-04-17'],
      [['protocol', 'supported_versions'], ['2026-4-17'], 'protocol.supported_versions.0: must be a date such as 2026-04-17'],
      [['protocol', 'name'], 'ACP', 'protocol.name: "ACP" is not allowed: must be "acp"'],
      [['api_base_url'], '/commerce', 'api_base_url: must be an absolute URL such as https://shop.example/api'],
      [
        ['protocol', 'documentation_url'],
        'docs',
        'protocol.documentation_url: must be an absolute URL such as https://shop.example/docs/acp',
      ],
      [
        ['capabilities', 'supported_currencies'],
        ['NOK'],
        'capabilities.supported_currencies.0: must be a lowercase ISO 4217 code such as usd',
      ],
      [
        ['capabilities', 'extensions'],
        [{ name: 'discount', spec: 'specs/discount' }],
        'capabilities.extensions.0.spec: must be an absolute URL such as https://agenticcommerce.dev/specs/discount',
      ],
    ];
    for (const [path, value, problem] of cases) {
      const result = judge(withPath(path, value));
      expect(result.valid, path.join('.')).toBe(false);
      expect(result.problems).toContain(problem);
    }
  });

  it('refuses names outside the closed enums and repeated entries', () => {
    expect(judge(withPath(['transports'], ['rest', 'grpc'])).problems).toEqual([
      'transports.1: "grpc" is not allowed: must be one of "rest", "mcp"',
    ]);
    expect(judge(withPath(['capabilities', 'services'], ['wishlists'])).problems[0]).toContain(
      'capabilities.services.0: "wishlists" is not allowed',
    );
    expect(judge(withPath(['capabilities', 'intervention_types'], ['sms'])).valid).toBe(false);
    expect(judge(withPath(['transports'], ['rest', 'rest'])).problems).toEqual(['transports: must not list the same value twice']);
  });

  it('accepts empty lists the schema allows, and warns where the RFC asks for more', () => {
    const empty = judge({ ...MINIMAL, transports: [], capabilities: { services: [], extensions: [] } });
    expect(empty).toMatchObject({ valid: true, problems: [], hasCheckout: false });
    expect(empty.warnings).toEqual(['transports: include "rest": every ACP seller serves the REST API at api_base_url']);
    const noVersions = judge(withPath(['protocol', 'supported_versions'], []));
    expect(noVersions.valid).toBe(true);
    expect(noVersions.warnings[0]).toContain('protocol.supported_versions: list every API version you support');
    const unordered = judge(withPath(['protocol', 'supported_versions'], ['2026-04-17', '2025-12-12']));
    expect(unordered.valid).toBe(true);
    expect(unordered.warnings).toContain(
      'protocol.supported_versions: its last entry must be protocol.version ("2026-04-17"), the latest you support',
    );
    expect(unordered.warnings).toContain('protocol.supported_versions: list the versions oldest first');
  });

  it('refuses members the schema does not define, at every level', () => {
    expect(judge({ ...MINIMAL, product_feed: 'https://tents.example/feed.xml' }).problems).toEqual([
      'unknown member "product_feed": the schema allows no other members here',
    ]);
    expect(judge(withPath(['protocol', 'merchant_id'], 'm_1')).problems).toEqual([
      'protocol: unknown member "merchant_id": the schema allows no other members here',
    ]);
    expect(judge(withPath(['capabilities', 'payment_methods'], ['card'])).valid).toBe(false);
  });

  it('judges a document whose latest version is older by the 2026-04-17 schema, with a warning', () => {
    const older = judge({ ...MINIMAL, protocol: { name: 'acp', version: '2026-01-16', supported_versions: ['2025-09-29', '2026-01-16'] } });
    expect(older).toMatchObject({ valid: true, problems: [], declared: { version: '2026-01-16', standing: 'older' } });
    expect(older.warnings).toEqual([
      'protocol.version: the latest ACP version you support, 2026-01-16, is older than the current 2026-04-17: add 2026-04-17 once you support it',
    ]);
    expect(
      judge({
        ...older,
        protocol: { name: 'acp', version: '2026-01-16', supported_versions: ['2026-01-16'] },
        capabilities: { services: ['wishlists'] },
      }).valid,
    ).toBe(false);
  });

  it('judges a newer version by the 2026-04-17 schema, with what it may add as warnings', () => {
    const newer = judge({
      protocol: {
        name: 'acp',
        version: '2026-10-01',
        supported_versions: ['2026-04-17', '2026-10-01'],
        signing_keys_url: 'https://tents.example/keys',
      },
      api_base_url: 'https://tents.example/commerce',
      transports: ['rest', 'a2a'],
      capabilities: { services: ['checkout', 'returns'] },
    });
    expect(newer).toMatchObject({ valid: true, problems: [], declared: { version: '2026-10-01', standing: 'newer' } });
    expect(newer.warnings).toEqual([
      'protocol.version: 2026-10-01 is newer than 2026-04-17, the latest ACP version the scanner knows: judged by the 2026-04-17 schema',
      `transports: "a2a" not known to the scanner's ACP schema (2026-04-17)`,
      `capabilities.services: "returns" not known to the scanner's ACP schema (2026-04-17)`,
    ]);
    expect(judge({ ...newer, api_base_url: undefined }).valid).toBe(false);
  });

  it('bounds what it quotes from the site and how many problems it lists', () => {
    const long = 'x'.repeat(500);
    const result = judge(withPath(['transports'], [long]));
    expect(result.problems[0]?.length).toBeLessThan(120);
    const many = judge({ protocol: 1, api_base_url: 1, transports: 1, capabilities: 1, a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1 });
    expect(many.problems.length).toBeLessThanOrEqual(11);
  });

  it('is present but invalid for JSON that is not an object', () => {
    expect(validateAcpDiscovery('"acp"')).toMatchObject({ present: true, valid: false });
    expect(validateAcpDiscovery('[]').problems[0]).toContain('must be a JSON object');
  });

  it('is absent for a soft-404 HTML page or non-JSON', () => {
    expect(validateAcpDiscovery('<html><head><title>Shop</title></head></html>')).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAcpDiscovery('Not Found').present).toBe(false);
  });
});
