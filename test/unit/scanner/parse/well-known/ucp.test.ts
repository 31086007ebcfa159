import { describe, expect, it } from 'vitest';
import { validateUcpProfile } from '#shared/scanner/parse/well-known/ucp.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';

const CURRENT_PROFILE = {
  ucp: {
    version: '2026-04-08',
    services: {
      'dev.ucp.shopping': [
        { version: '2026-04-08', transport: 'rest', endpoint: 'https://shop.example/ucp/v1' },
        { version: '2026-04-08', transport: 'mcp', endpoint: 'https://shop.example/ucp/mcp' },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }],
      'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout' }],
    },
    payment_handlers: {
      'com.example.processor_tokenizer': [{ id: 'processor_tokenizer', version: '2026-04-08', available_instruments: [{ type: 'card' }] }],
    },
  },
  signing_keys: [
    {
      kid: 'business_2026',
      kty: 'EC',
      crv: 'P-256',
      x: 'WbbXwVYGdJoP4Xm3qCkGvBRcRvKtEfXDbWvPzpPS8LA',
      y: 'sP4jHHxYqC89HBo8TjrtVOAGHfJDflYxw7MFMxuFMPY',
      use: 'sig',
      alg: 'ES256',
    },
  ],
};

const serving = (overrides: Partial<Serving> = {}): Serving => ({
  contentType: 'application/json',
  redirected: false,
  finalUrl: 'https://shop.example/.well-known/ucp',
  canonicalUrl: 'https://shop.example/.well-known/ucp',
  ...overrides,
});

describe('validateUcpProfile', () => {
  it('reads the current map-based profile', () => {
    expect(validateUcpProfile(JSON.stringify(CURRENT_PROFILE), serving())).toEqual({
      present: true,
      valid: true,
      version: '2026-04-08',
      declared: { version: '2026-04-08', standing: 'current' },
      versionStatus: 'current',
      hasServices: true,
      capabilities: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.fulfillment'],
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp'],
      mcpEndpoints: ['https://shop.example/ucp/mcp'],
      restEndpoints: ['https://shop.example/ucp/v1'],
      paymentHandlers: ['com.example.processor_tokenizer'],
      signingKeys: [{ kid: 'business_2026', kty: 'EC', alg: 'ES256', problem: null }],
      identityLinking: null,
      served: { directly: true, asJson: true },
      problems: [],
      warnings: [],
    });
  });

  it('reads identity linking and its OAuth scopes', () => {
    const linking = structuredClone(CURRENT_PROFILE) as { ucp: { capabilities: Record<string, unknown> } };
    linking.ucp.capabilities['dev.ucp.common.identity_linking'] = [
      { version: '2026-04-08', config: { scopes: { 'dev.ucp.shopping.order:read': {}, 'dev.ucp.shopping.order:manage': {} } } },
    ];
    expect(validateUcpProfile(JSON.stringify(linking))).toMatchObject({
      identityLinking: { scopes: ['dev.ucp.shopping.order:read', 'dev.ucp.shopping.order:manage'] },
      served: null,
    });
  });

  it('is invalid when answered through a redirect or as HTML, with the exact problem', () => {
    const redirected = validateUcpProfile(
      JSON.stringify(CURRENT_PROFILE),
      serving({ redirected: true, finalUrl: 'https://cdn.example/shop/ucp.json', contentType: 'text/html; charset=utf-8' }),
    );
    expect(redirected).toMatchObject({ valid: false, served: { directly: false, asJson: false } });
    expect(redirected.problems).toEqual([
      'answered through a redirect (to https://cdn.example/shop/ucp.json) instead of directly at https://shop.example/.well-known/ucp',
      'served as text/html, not application/json',
    ]);
    // The homepage's own origin change (apex to www) is where the scan started, not the profile's redirect.
    const viaWww = serving({
      redirected: true,
      finalUrl: 'https://www.shop.example/.well-known/ucp',
      canonicalUrl: 'https://www.shop.example/.well-known/ucp',
    });
    expect(validateUcpProfile(JSON.stringify(CURRENT_PROFILE), viaWww)).toMatchObject({ valid: true, served: { directly: true } });
  });

  it('warns on an older version and on unusable signing keys, without making the profile invalid', () => {
    const older = {
      ...CURRENT_PROFILE,
      ucp: { ...CURRENT_PROFILE.ucp, version: '2026-01-23' },
      signing_keys: [{ kid: 'k1', kty: 'EC', crv: 'P-521', x: 'a', y: 'b', alg: 'ES512' }],
    };
    const result = validateUcpProfile(JSON.stringify(older));
    expect(result).toMatchObject({ valid: true, versionStatus: 'outdated' });
    expect(result.present && result.warnings).toEqual([
      'version 2026-01-23 is older than the current 2026-04-08: upgrade to 2026-04-08',
      'signing key k1: alg ES512 is not a UCP signature algorithm (ES256, ES384)',
      'no usable signing key (EC P-256/ES256 expected)',
    ]);
    expect(validateUcpProfile(JSON.stringify({ ...CURRENT_PROFILE, ucp: { ...CURRENT_PROFILE.ucp, version: 'v2' } }))).toMatchObject({
      versionStatus: 'unknown',
    });
    expect(
      validateUcpProfile(JSON.stringify({ ...CURRENT_PROFILE, ucp: { ...CURRENT_PROFILE.ucp, version: '2026-12-01' } })),
    ).toMatchObject({ versionStatus: 'newer', declared: { standing: 'newer' } });
  });

  it('reads the 2026-01-11 per-transport service objects and capability array, refusing what its schema requires', () => {
    const older = {
      ucp: {
        version: '2026-01-11',
        services: {
          'dev.ucp.shopping': {
            version: '2026-01-11',
            rest: { schema: 'https://ucp.dev/services/shopping/openapi.json', endpoint: 'https://shop.example/api' },
            mcp: { schema: 'https://ucp.dev/services/shopping/mcp.json', endpoint: 'https://shop.example/mcp' },
          },
        },
        capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }],
      },
    };
    const result = validateUcpProfile(JSON.stringify(older));
    // The shape is read for the report; the 2026-01-11 schema wants each service's spec, each capability's spec and schema.
    expect(result).toMatchObject({
      present: true,
      valid: false,
      problems: [
        'ucp.services.dev.ucp.shopping.spec: each service needs spec, the URL of its documentation',
        'ucp.capabilities.0.spec: each capability needs spec, the URL of its specification',
        'ucp.capabilities.0.schema: each capability needs schema, the URL of its JSON Schema',
      ],
      versionStatus: 'outdated',
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp'],
      mcpEndpoints: ['https://shop.example/mcp'],
    });
  });

  it('reads a flat profile with a services array carrying transports and capabilities, refusing it for the missing ucp object', () => {
    const flat = {
      version: '2026-01-11',
      services: [
        {
          type: 'dev.ucp.shopping',
          transports: [
            { type: 'rest', endpoint: 'https://gw.example/api/v1' },
            { type: 'MCP', endpoint: 'https://gw.example/mcp' },
          ],
          capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }],
        },
      ],
    };
    expect(validateUcpProfile(JSON.stringify(flat))).toMatchObject({
      valid: false,
      problems: ['ucp: is missing: put version, services and capabilities inside a top-level "ucp" object'],
      version: '2026-01-11',
      capabilities: ['dev.ucp.shopping.checkout'],
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp'],
      mcpEndpoints: ['https://gw.example/mcp'],
    });
  });

  it('is valid without checkout, which it reports separately', () => {
    const noCheckout = {
      ucp: {
        version: '2026-04-08',
        services: { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: 'https://s.example/api' }] },
        capabilities: { 'dev.ucp.shopping.catalog': [] },
        payment_handlers: {},
      },
    };
    expect(validateUcpProfile(JSON.stringify(noCheckout))).toMatchObject({
      valid: true,
      hasCheckoutCapability: false,
      mcpEndpoints: [],
      paymentHandlers: [],
      problems: [],
    });
  });

  it('is present but invalid for JSON of the wrong shape', () => {
    const result = validateUcpProfile(JSON.stringify({ ucp: { services: 'none' } }));
    expect(result.present).toBe(true);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      'ucp.version: needs the UCP version the profile follows, such as 2026-04-08',
      'ucp.services: must be a map keyed by reverse-domain name, not text',
      'ucp.payment_handlers: is missing: declare your payment handlers (an empty map {} if you have none yet)',
    ]);
  });

  it('accepts empty services and payment handler maps with a warning, and refuses a document that is not an object', () => {
    expect(validateUcpProfile('{"ucp":{"version":"2026-04-08","services":{},"payment_handlers":{}}}')).toMatchObject({
      present: true,
      valid: true,
      hasServices: false,
      problems: [],
      warnings: [
        'ucp.services is empty: agents find no endpoint to call',
        'ucp.payment_handlers is empty: no payment handler declared',
        'signing_keys is missing: agents cannot verify signed checkout messages and webhooks',
      ],
    });
    expect(validateUcpProfile('[1,2]')).toMatchObject({
      present: true,
      valid: false,
      problems: ['profile is not a JSON object: serve {"ucp": {...}}'],
    });
  });

  it('is absent for a soft-404 HTML page, non-JSON or an empty body', () => {
    expect(validateUcpProfile('<!DOCTYPE html><html><body>Page not found</body></html>')).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateUcpProfile('ucp: yes')).toMatchObject({ present: false, problems: ['body is not JSON'] });
    expect(validateUcpProfile('')).toMatchObject({ present: false, problems: ['empty body'] });
  });
});
