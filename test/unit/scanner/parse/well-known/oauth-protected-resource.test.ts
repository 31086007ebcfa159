import { describe, expect, it } from 'vitest';
import { validateProtectedResourceMetadata } from '#shared/scanner/parse/well-known/oauth.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';

const origin = 'https://shop.example';
const resourceUrl = `${origin}/.well-known/oauth-protected-resource`;
const json = (finalUrl: string, contentType = 'application/json'): Serving => ({
  contentType,
  redirected: false,
  finalUrl,
  canonicalUrl: finalUrl,
});

/** Metadata written from RFC 9728 section 2, every member it defines, on the shop's origin. */
const FULL = {
  resource: origin,
  authorization_servers: [origin, 'https://login.shop.example/tenant'],
  jwks_uri: `${origin}/resource/jwks.json`,
  scopes_supported: ['orders:read', 'orders:write'],
  bearer_methods_supported: ['header', 'body', 'query'],
  resource_signing_alg_values_supported: ['ES256'],
  resource_name: 'Shop orders API',
  'resource_name#fr': 'API des commandes',
  resource_documentation: 'http://developers.shop.example/orders',
  'resource_documentation#de': 'https://developers.shop.example/de/orders',
  resource_policy_uri: `${origin}/legal/api-policy`,
  resource_tos_uri: `${origin}/legal/api-terms`,
  tls_client_certificate_bound_access_tokens: false,
  authorization_details_types_supported: ['order_access'],
  dpop_signing_alg_values_supported: ['ES256', 'RS256'],
  dpop_bound_access_tokens_required: false,
  signed_metadata: 'eyJhbGciOiJFUzI1NiJ9.eyJyZXNvdXJjZSI6Imh0dHBzOi8vc2hvcC5leGFtcGxlIn0.c2ln',
};

function problemsOf(doc: object, at = origin, serving?: Serving): string[] {
  return validateProtectedResourceMetadata(JSON.stringify(doc), at, serving).problems;
}

describe('validateProtectedResourceMetadata (RFC 9728): a conforming document', () => {
  it('accepts every member RFC 9728 defines, served as JSON at the origin it names', () => {
    expect(validateProtectedResourceMetadata(JSON.stringify(FULL), origin, json(resourceUrl))).toEqual({
      present: true,
      valid: true,
      resource: origin,
      authorizationServers: [origin, 'https://login.shop.example/tenant'],
      scopes: ['orders:read', 'orders:write'],
      problems: [],
      warnings: [],
    });
  });

  it('needs only resource, recommending scopes_supported', () => {
    expect(validateProtectedResourceMetadata(JSON.stringify({ resource: origin }), origin)).toMatchObject({
      valid: true,
      problems: [],
      warnings: ['scopes_supported: recommended, so agents know which scopes to request (RFC 9728 section 2)'],
    });
  });

  it('allows members it does not know, of any shape, and tags only its own human-readable members', () => {
    const extended = { resource: origin, scopes_supported: ['a'], vendor: { plan: 'pro' }, 'unknown#member': 3 };
    expect(problemsOf(extended)).toEqual([]);
  });

  it('takes an empty bearer_methods_supported: [] says no bearer method is supported', () => {
    expect(problemsOf({ ...FULL, bearer_methods_supported: [] })).toEqual([]);
  });
});

describe('validateProtectedResourceMetadata (RFC 9728): resource', () => {
  it('requires resource when it is removed', () => {
    const { resource: _dropped, ...rest } = FULL;
    expect(problemsOf(rest)).toEqual(["resource: required, the protected resource's identifier, its https URL"]);
  });

  it('requires resource to be the origin the document was answered from (a trailing slash is tolerated)', () => {
    expect(problemsOf({ ...FULL, resource: 'https://api.other.example' })).toEqual([
      `resource: "https://api.other.example" is not ${origin}, the origin the metadata was fetched from (RFC 9728 section 3.3)`,
    ]);
    expect(problemsOf({ ...FULL, resource: `${origin}/` })).toEqual([]);
    expect(problemsOf(FULL, origin, json('https://www.shop.example/.well-known/oauth-protected-resource'))).toEqual([
      `resource: "${origin}" is not https://www.shop.example, the origin the metadata was fetched from (RFC 9728 section 3.3)`,
    ]);
  });

  it('refuses a resource that is not an https URL or has a fragment', () => {
    expect(problemsOf({ ...FULL, resource: 7 })).toEqual(['resource: must be an https URL string']);
    expect(problemsOf({ ...FULL, resource: 'shop.example' })).toEqual([
      `resource: "shop.example" is not ${origin}, the origin the metadata was fetched from (RFC 9728 section 3.3)`,
      'resource: must be an absolute https URL such as https://shop.example/oauth/token',
    ]);
    expect(problemsOf({ ...FULL, resource: 'http://shop.example' })).toContain('resource: must use https');
    expect(problemsOf({ ...FULL, resource: `${origin}#api` })).toContain('resource: must have no fragment (#...)');
  });

  it('holds a shop on plain http to its own scheme', () => {
    const local = 'http://127.0.0.1:8080';
    expect(problemsOf({ resource: local, authorization_servers: [local], scopes_supported: ['a'] }, local)).toEqual([]);
  });
});

describe('validateProtectedResourceMetadata (RFC 9728): types and formats', () => {
  it.each([
    [
      'authorization_servers',
      origin,
      'authorization_servers: must be an array of authorization server issuer URLs, e.g. ["https://shop.example"]',
    ],
    ['authorization_servers', [], 'authorization_servers: must not be empty: leave the member out when it has no values'],
    [
      'authorization_servers',
      ['ftp://auth.example'],
      'authorization_servers.0: must be an absolute https URL such as https://shop.example/oauth/token',
    ],
    ['authorization_servers', ['http://auth.example'], 'authorization_servers.0: must use https'],
    ['authorization_servers', ['https://auth.example?tenant=a'], 'authorization_servers.0: must have no query (?...)'],
    ['authorization_servers', ['https://auth.example#x'], 'authorization_servers.0: must have no fragment (#...)'],
    ['jwks_uri', 'http://shop.example/jwks.json', 'jwks_uri: must use https'],
    ['jwks_uri', '/jwks.json', 'jwks_uri: must be an absolute https URL such as https://shop.example/oauth/token'],
    ['scopes_supported', 'orders:read', 'scopes_supported: must be an array of strings, e.g. ["orders:read"]'],
    ['scopes_supported', [], 'scopes_supported: must not be empty: leave the member out when it has no values'],
    ['bearer_methods_supported', 'header', 'bearer_methods_supported: must be an array such as ["header"]'],
    ['bearer_methods_supported', ['header', 'cookie'], 'bearer_methods_supported.1: must be header, body or query (RFC 6750)'],
    ['bearer_methods_supported', ['Header'], 'bearer_methods_supported.0: must be header, body or query (RFC 6750)'],
    ['resource_signing_alg_values_supported', ['none'], 'resource_signing_alg_values_supported: "none" must not be listed'],
    [
      'resource_signing_alg_values_supported',
      [],
      'resource_signing_alg_values_supported: must not be empty: leave the member out when it has no values',
    ],
    ['resource_name', ['Shop'], 'resource_name: must be a string'],
    ['resource_name', '', 'resource_name: must not be empty: leave the member out when it has no values'],
    ['resource_documentation', 'docs.html', 'resource_documentation: must be an absolute URL such as https://shop.example/docs'],
    ['resource_policy_uri', 5, 'resource_policy_uri: must be a URL string'],
    ['resource_tos_uri', 'mailto:legal@shop.example', 'resource_tos_uri: must be an absolute URL such as https://shop.example/docs'],
    [
      'tls_client_certificate_bound_access_tokens',
      'true',
      'tls_client_certificate_bound_access_tokens: must be true or false (a JSON boolean, not a string)',
    ],
    ['dpop_bound_access_tokens_required', 0, 'dpop_bound_access_tokens_required: must be true or false (a JSON boolean, not a string)'],
    [
      'authorization_details_types_supported',
      'order_access',
      'authorization_details_types_supported: must be an array of strings, e.g. ["payment_initiation"]',
    ],
    ['dpop_signing_alg_values_supported', [256], 'dpop_signing_alg_values_supported.0: must be a string'],
    ['signed_metadata', 'a.b', 'signed_metadata: must be a signed JWT: three base64url parts separated by dots'],
  ])('refuses %s: %j', (member, value, problem) => {
    expect(problemsOf({ ...FULL, [member]: value })).toEqual([problem]);
  });

  it('holds language-tagged members to their base member and their tag to BCP 47 (section 2.1)', () => {
    expect(problemsOf({ ...FULL, 'resource_name#en-GB': 'Orders' })).toEqual([]);
    expect(problemsOf({ ...FULL, 'resource_name#en_GB': 'Orders' })).toEqual([
      'resource_name#en_GB: the part after # must be a BCP 47 language tag such as en or fr-CA',
    ]);
    expect(problemsOf({ ...FULL, 'resource_documentation#it': 'pagina' })).toEqual([
      'resource_documentation#it: must be an absolute URL such as https://shop.example/docs',
    ]);
    expect(problemsOf({ ...FULL, 'resource_tos_uri#es': 12 })).toEqual(['resource_tos_uri#es: must be a URL string']);
  });
});

describe('validateProtectedResourceMetadata (RFC 9728): how it was served, and what is not metadata', () => {
  it('refuses a media type other than JSON (section 3.2)', () => {
    expect(problemsOf(FULL, origin, json(resourceUrl, 'text/html'))).toEqual(['served as text/html, not application/json']);
  });

  it('treats an HTML soft 404 as absent and a JSON string as broken', () => {
    expect(validateProtectedResourceMetadata('<html><body>404</body></html>', origin)).toMatchObject({ present: false });
    expect(validateProtectedResourceMetadata('"https://shop.example"', origin)).toMatchObject({
      present: true,
      valid: false,
      problems: ['metadata must be a JSON object (RFC 9728 section 3.2)'],
      warnings: [],
    });
  });
});
