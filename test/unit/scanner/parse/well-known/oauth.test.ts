import { describe, expect, it } from 'vitest';
import { validateAuthorizationServerMetadata, validateProtectedResourceMetadata } from '#shared/scanner/parse/well-known/oauth.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';

const origin = 'https://shop.example';
const json = (finalUrl: string, contentType = 'application/json; charset=utf-8'): Serving => ({
  contentType,
  redirected: false,
  finalUrl,
  canonicalUrl: finalUrl,
});
const serverUrl = `${origin}/.well-known/oauth-authorization-server`;

/** RFC 8414 section 3.2's example, on the shop's origin. */
const RFC_EXAMPLE = {
  issuer: 'https://shop.example',
  authorization_endpoint: 'https://shop.example/authorize',
  token_endpoint: 'https://shop.example/token',
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
  token_endpoint_auth_signing_alg_values_supported: ['RS256', 'ES256'],
  userinfo_endpoint: 'https://shop.example/userinfo',
  jwks_uri: 'https://shop.example/jwks.json',
  registration_endpoint: 'https://shop.example/register',
  scopes_supported: ['openid', 'profile', 'email', 'address', 'phone', 'offline_access'],
  response_types_supported: ['code', 'code token'],
  service_documentation: 'http://shop.example/service_documentation.html',
  ui_locales_supported: ['en-US', 'en-GB', 'en-CA', 'fr-FR', 'fr-CA'],
};

describe('validateAuthorizationServerMetadata (RFC 8414)', () => {
  it("accepts the RFC's example metadata on the origin it was fetched from", () => {
    expect(validateAuthorizationServerMetadata(JSON.stringify(RFC_EXAMPLE), origin, json(serverUrl))).toEqual({
      present: true,
      valid: true,
      issuer: 'https://shop.example',
      authorizationEndpoint: 'https://shop.example/authorize',
      tokenEndpoint: 'https://shop.example/token',
      responseTypes: ['code', 'code token'],
      grantTypes: [],
      scopes: ['openid', 'profile', 'email', 'address', 'phone', 'offline_access'],
      codeChallengeMethods: [],
      problems: [],
    });
  });

  it('requires the issuer to be the origin the document was answered from (a trailing slash is tolerated)', () => {
    const mixUp = validateAuthorizationServerMetadata(JSON.stringify({ ...RFC_EXAMPLE, issuer: 'https://login.vendor.example' }), origin);
    expect(mixUp.problems).toEqual([
      'issuer https://login.vendor.example is not https://shop.example, the origin the metadata was fetched from',
    ]);
    expect(validateAuthorizationServerMetadata(JSON.stringify({ ...RFC_EXAMPLE, issuer: 'https://shop.example/' }), origin).valid).toBe(
      true,
    );
    // Answered at www after a redirect: the issuer must name www.
    const atWww = json('https://www.shop.example/.well-known/oauth-authorization-server');
    expect(validateAuthorizationServerMetadata(JSON.stringify(RFC_EXAMPLE), origin, atWww).problems).toEqual([
      'issuer https://shop.example is not https://www.shop.example, the origin the metadata was fetched from',
    ]);
  });

  it('names each missing required field', () => {
    const result = validateAuthorizationServerMetadata('{"scopes_supported":["openid"]}', origin);
    expect(result).toMatchObject({ present: true, valid: false });
    expect(result.problems).toEqual([
      'issuer is missing',
      'authorization_endpoint is missing',
      'token_endpoint is missing',
      'response_types_supported is missing',
    ]);
  });

  it('needs no authorization endpoint when no grant type uses it, and no token endpoint for implicit only', () => {
    const machine = {
      issuer: origin,
      token_endpoint: `${origin}/token`,
      grant_types_supported: ['client_credentials'],
      response_types_supported: ['token'],
    };
    expect(validateAuthorizationServerMetadata(JSON.stringify(machine), origin).problems).toEqual([]);
    const implicit = {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      grant_types_supported: ['implicit'],
      response_types_supported: ['token'],
    };
    expect(validateAuthorizationServerMetadata(JSON.stringify(implicit), origin).problems).toEqual([]);
  });

  it('rejects endpoints that are not absolute https URLs and a media type that is not JSON', () => {
    const result = validateAuthorizationServerMetadata(
      JSON.stringify({ ...RFC_EXAMPLE, token_endpoint: '/token', authorization_endpoint: 'http://shop.example/authorize' }),
      origin,
      json(serverUrl, 'text/plain'),
    );
    expect(result.problems).toEqual([
      'authorization_endpoint http://shop.example/authorize is not an absolute https URL',
      'token_endpoint /token is not an absolute https URL',
      'served as text/plain, not application/json',
    ]);
  });

  it('treats an HTML page answered with 200 as absent (soft 404), and a JSON array as broken', () => {
    expect(validateAuthorizationServerMetadata('<!doctype html><html><body>Not found</body></html>', origin)).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAuthorizationServerMetadata('[]', origin)).toMatchObject({
      present: true,
      valid: false,
      problems: ['metadata is not a JSON object'],
    });
  });
});

describe('validateProtectedResourceMetadata (RFC 9728)', () => {
  it('accepts a resource on its own origin with its authorization servers', () => {
    const metadata = {
      resource: origin,
      authorization_servers: [origin],
      scopes_supported: ['dev.ucp.shopping.order:read'],
      bearer_methods_supported: ['header'],
    };
    expect(
      validateProtectedResourceMetadata(JSON.stringify(metadata), origin, json(`${origin}/.well-known/oauth-protected-resource`)),
    ).toEqual({
      present: true,
      valid: true,
      resource: origin,
      authorizationServers: [origin],
      scopes: ['dev.ucp.shopping.order:read'],
      problems: [],
    });
  });

  it('requires resource to match the origin and authorization_servers to be https issuer URLs', () => {
    const result = validateProtectedResourceMetadata(
      JSON.stringify({ resource: 'https://api.other.example', authorization_servers: ['ftp://auth.example'] }),
      origin,
    );
    expect(result.problems).toEqual([
      'resource https://api.other.example is not https://shop.example, the origin the metadata was fetched from',
      'authorization server ftp://auth.example is not an https URL',
    ]);
    expect(validateProtectedResourceMetadata('{"authorization_servers":[]}', origin).problems).toEqual(['resource is missing']);
  });
});
