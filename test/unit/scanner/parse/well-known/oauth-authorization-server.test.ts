import { describe, expect, it } from 'vitest';
import { validateAuthorizationServerMetadata } from '#shared/scanner/parse/well-known/oauth.js';
import type { Serving } from '#shared/scanner/parse/well-known/serving.js';

const origin = 'https://shop.example';
const serverUrl = `${origin}/.well-known/oauth-authorization-server`;
const json = (finalUrl: string, contentType = 'application/json; charset=utf-8'): Serving => ({
  contentType,
  redirected: false,
  finalUrl,
  canonicalUrl: finalUrl,
});

/** Metadata written from RFC 8414 section 2, every member it defines, on the shop's origin. */
const FULL = {
  issuer: origin,
  authorization_endpoint: `${origin}/oauth/authorize`,
  token_endpoint: `${origin}/oauth/token`,
  jwks_uri: `${origin}/oauth/jwks.json`,
  registration_endpoint: `${origin}/oauth/register`,
  scopes_supported: ['orders:read', 'orders:write'],
  response_types_supported: ['code'],
  response_modes_supported: ['query', 'form_post'],
  grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
  token_endpoint_auth_signing_alg_values_supported: ['RS256', 'ES256'],
  service_documentation: 'http://developers.shop.example/oauth',
  ui_locales_supported: ['en-US', 'fr-CA'],
  op_policy_uri: `${origin}/legal/oauth-policy`,
  op_tos_uri: `${origin}/legal/terms`,
  revocation_endpoint: `${origin}/oauth/revoke`,
  revocation_endpoint_auth_methods_supported: ['client_secret_jwt'],
  revocation_endpoint_auth_signing_alg_values_supported: ['HS256'],
  introspection_endpoint: `${origin}/oauth/introspect`,
  introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'Bearer'],
  code_challenge_methods_supported: ['S256'],
};

/** Members registered by later RFCs in the same IANA registry, with the values those RFCs give them. */
const REGISTERED = {
  protected_resources: [`${origin}`, `${origin}/api`],
  authorization_response_iss_parameter_supported: true,
  pushed_authorization_request_endpoint: `${origin}/oauth/par`,
  require_pushed_authorization_requests: false,
  tls_client_certificate_bound_access_tokens: true,
  mtls_endpoint_aliases: { token_endpoint: 'https://mtls.shop.example/oauth/token' },
  device_authorization_endpoint: `${origin}/oauth/device`,
  require_signed_request_object: false,
  authorization_details_types_supported: ['payment_initiation'],
  dpop_signing_alg_values_supported: ['ES256'],
  userinfo_endpoint: `${origin}/oauth/userinfo`,
  signed_metadata: 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL3Nob3AuZXhhbXBsZSJ9.c2lnbmF0dXJl',
};

const MINIMAL = {
  issuer: origin,
  authorization_endpoint: `${origin}/authorize`,
  token_endpoint: `${origin}/token`,
  response_types_supported: ['code'],
};

function problemsOf(doc: object, at = origin, serving?: Serving): string[] {
  return validateAuthorizationServerMetadata(JSON.stringify(doc), at, serving).problems;
}

function without(doc: Record<string, unknown>, member: string): Record<string, unknown> {
  const { [member]: _dropped, ...rest } = doc;
  return rest;
}

describe('validateAuthorizationServerMetadata (RFC 8414): a conforming document', () => {
  it('accepts every member RFC 8414 defines, served as JSON at the origin it names', () => {
    expect(validateAuthorizationServerMetadata(JSON.stringify(FULL), origin, json(serverUrl))).toEqual({
      present: true,
      valid: true,
      issuer: origin,
      authorizationEndpoint: `${origin}/oauth/authorize`,
      tokenEndpoint: `${origin}/oauth/token`,
      responseTypes: ['code'],
      grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
      scopes: ['orders:read', 'orders:write'],
      codeChallengeMethods: ['S256'],
      problems: [],
      warnings: [],
    });
  });

  it('accepts the members later RFCs registered, with their values', () => {
    expect(problemsOf({ ...FULL, ...REGISTERED })).toEqual([]);
  });

  it('allows members it does not know, of any shape (section 2: additional parameters MAY be used)', () => {
    const extended = { ...MINIMAL, vendor_feature: { nested: [1, 2] }, another_flag: 'yes', 'x-custom': null };
    expect(validateAuthorizationServerMetadata(JSON.stringify(extended), origin)).toMatchObject({ valid: true, problems: [] });
  });

  it('accepts the minimal document, recommending scopes_supported', () => {
    expect(validateAuthorizationServerMetadata(JSON.stringify(MINIMAL), origin)).toMatchObject({
      valid: true,
      problems: [],
      grantTypes: [],
      warnings: ['scopes_supported: recommended, so agents know which scopes to request (RFC 8414 section 2)'],
    });
  });

  it('takes service_documentation, op_policy_uri and op_tos_uri over http: the RFC asks https only of endpoints and keys', () => {
    const pages = {
      service_documentation: 'http://shop.example/docs',
      op_policy_uri: 'http://shop.example/p',
      op_tos_uri: 'http://shop.example/t',
    };
    expect(problemsOf({ ...MINIMAL, ...pages })).toEqual([]);
  });
});

describe('validateAuthorizationServerMetadata (RFC 8414): required members', () => {
  it.each([
    ['issuer', "issuer: required, the authorization server's issuer identifier, its https URL"],
    ['response_types_supported', 'response_types_supported: required, the response_type values supported, e.g. ["code"]'],
    [
      'authorization_endpoint',
      'authorization_endpoint: required while the authorization_code or implicit grant is supported (grant_types_supported defaults to both)',
    ],
    ['token_endpoint', 'token_endpoint: required unless only the implicit grant is supported'],
  ])('names %s when it is removed', (member, problem) => {
    const result = validateAuthorizationServerMetadata(JSON.stringify(without(FULL, member)), origin);
    expect(result).toMatchObject({ present: true, valid: false });
    expect(result.problems).toEqual([problem]);
  });

  it('names every missing member of an empty object', () => {
    expect(problemsOf({})).toEqual([
      "issuer: required, the authorization server's issuer identifier, its https URL",
      'response_types_supported: required, the response_type values supported, e.g. ["code"]',
      'authorization_endpoint: required while the authorization_code or implicit grant is supported (grant_types_supported defaults to both)',
      'token_endpoint: required unless only the implicit grant is supported',
    ]);
  });

  it('needs no authorization endpoint when no grant type uses it, and no token endpoint for the implicit grant alone', () => {
    const machine = {
      issuer: origin,
      token_endpoint: `${origin}/token`,
      grant_types_supported: ['client_credentials'],
      response_types_supported: ['token'],
    };
    expect(problemsOf(machine)).toEqual([]);
    const implicit = {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      grant_types_supported: ['implicit'],
      response_types_supported: ['token'],
    };
    expect(problemsOf(implicit)).toEqual([]);
  });

  it('needs the authorization endpoint for the authorization code grant, and the token endpoint beside the implicit grant', () => {
    expect(problemsOf({ ...without(MINIMAL, 'authorization_endpoint'), grant_types_supported: ['authorization_code'] })).toEqual([
      'authorization_endpoint: required while the authorization_code or implicit grant is supported (grant_types_supported defaults to both)',
    ]);
    expect(problemsOf({ ...without(MINIMAL, 'token_endpoint'), grant_types_supported: ['implicit', 'client_credentials'] })).toEqual([
      'token_endpoint: required unless only the implicit grant is supported',
    ]);
  });

  it.each([
    ['token_endpoint_auth_methods_supported', 'token_endpoint_auth_signing_alg_values_supported', 'private_key_jwt'],
    ['revocation_endpoint_auth_methods_supported', 'revocation_endpoint_auth_signing_alg_values_supported', 'client_secret_jwt'],
    ['introspection_endpoint_auth_methods_supported', 'introspection_endpoint_auth_signing_alg_values_supported', 'private_key_jwt'],
  ])('requires %s listing JWT authentication to come with %s', (methods, algorithms, method) => {
    expect(problemsOf({ ...MINIMAL, [methods]: ['client_secret_basic', method] })).toEqual([
      `${algorithms}: required while ${methods} lists ${method}, e.g. ["RS256", "ES256"]`,
    ]);
    expect(problemsOf({ ...MINIMAL, [methods]: [method], [algorithms]: ['ES256'] })).toEqual([]);
  });
});

describe('validateAuthorizationServerMetadata (RFC 8414): types and formats', () => {
  it.each([
    ['issuer', 42, 'issuer: must be an https URL string'],
    ['response_types_supported', 'code', 'response_types_supported: must be an array of strings, e.g. ["code"]'],
    ['response_types_supported', ['code', 7], 'response_types_supported.1: must be a string'],
    [
      'grant_types_supported',
      'authorization_code',
      'grant_types_supported: must be an array of strings, e.g. ["authorization_code", "refresh_token"]',
    ],
    ['scopes_supported', [''], 'scopes_supported.0: must not be an empty string'],
    ['code_challenge_methods_supported', 'S256', 'code_challenge_methods_supported: must be an array of strings, e.g. ["S256"]'],
    ['code_challenge_methods_supported', [{ method: 'S256' }], 'code_challenge_methods_supported.0: must be a string'],
    [
      'token_endpoint_auth_methods_supported',
      'client_secret_basic',
      'token_endpoint_auth_methods_supported: must be an array of strings, e.g. ["client_secret_basic", "private_key_jwt"]',
    ],
    ['response_modes_supported', { query: true }, 'response_modes_supported: must be an array of strings, e.g. ["query", "fragment"]'],
    ['ui_locales_supported', ['en_US'], 'ui_locales_supported.0: must be a BCP 47 language tag such as en-US'],
    ['ui_locales_supported', 'en-US', 'ui_locales_supported: must be an array of language tags, e.g. ["en-US", "fr-FR"]'],
    [
      'authorization_response_iss_parameter_supported',
      'true',
      'authorization_response_iss_parameter_supported: must be true or false (a JSON boolean, not a string)',
    ],
    [
      'require_pushed_authorization_requests',
      1,
      'require_pushed_authorization_requests: must be true or false (a JSON boolean, not a string)',
    ],
    [
      'tls_client_certificate_bound_access_tokens',
      'false',
      'tls_client_certificate_bound_access_tokens: must be true or false (a JSON boolean, not a string)',
    ],
    [
      'mtls_endpoint_aliases',
      ['https://mtls.shop.example/token'],
      'mtls_endpoint_aliases: must be an object of endpoint names to https URLs',
    ],
    ['mtls_endpoint_aliases', { token_endpoint: 'http://mtls.shop.example/token' }, 'mtls_endpoint_aliases.token_endpoint: must use https'],
    ['signed_metadata', 'not-a-jwt', 'signed_metadata: must be a signed JWT: three base64url parts separated by dots'],
    ['signed_metadata', { alg: 'RS256' }, 'signed_metadata: must be a string holding a signed JWT'],
    ['protected_resources', `${origin}/api`, 'protected_resources: must be an array of resource identifiers (https URLs)'],
    ['protected_resources', [`${origin}/api#frag`], 'protected_resources.0: must have no fragment (#...)'],
    ['service_documentation', 'docs', 'service_documentation: must be an absolute URL such as https://shop.example/docs'],
    ['op_tos_uri', 'ftp://shop.example/terms', 'op_tos_uri: must be an absolute URL such as https://shop.example/docs'],
  ])('refuses %s: %j', (member, value, problem) => {
    expect(problemsOf({ ...FULL, [member]: value })).toEqual([problem]);
  });

  it.each([
    'authorization_endpoint',
    'token_endpoint',
    'jwks_uri',
    'registration_endpoint',
    'revocation_endpoint',
    'introspection_endpoint',
    'pushed_authorization_request_endpoint',
    'device_authorization_endpoint',
    'userinfo_endpoint',
  ])('requires %s to be an absolute https URL', (member) => {
    expect(problemsOf({ ...FULL, [member]: `http://shop.example/${member}` })).toEqual([`${member}: must use https`]);
    expect(problemsOf({ ...FULL, [member]: `/${member}` })).toEqual([
      `${member}: must be an absolute https URL such as https://shop.example/oauth/token`,
    ]);
    expect(problemsOf({ ...FULL, [member]: 17 })).toEqual([`${member}: must be an https URL string`]);
  });

  it.each([
    'scopes_supported',
    'response_types_supported',
    'response_modes_supported',
    'grant_types_supported',
    'token_endpoint_auth_methods_supported',
    'token_endpoint_auth_signing_alg_values_supported',
    'ui_locales_supported',
    'revocation_endpoint_auth_methods_supported',
    'revocation_endpoint_auth_signing_alg_values_supported',
    'introspection_endpoint_auth_methods_supported',
    'code_challenge_methods_supported',
  ])('refuses an empty %s: members with no values are left out (section 3.2)', (member) => {
    expect(problemsOf({ ...FULL, [member]: [] })).toContain(`${member}: must not be empty: leave the member out when it has no values`);
  });

  it.each([
    'token_endpoint_auth_signing_alg_values_supported',
    'revocation_endpoint_auth_signing_alg_values_supported',
    'introspection_endpoint_auth_signing_alg_values_supported',
  ])('refuses "none" in %s', (member) => {
    expect(problemsOf({ ...FULL, [member]: ['RS256', 'none'] })).toEqual([`${member}: "none" must not be listed`]);
  });
});

describe('validateAuthorizationServerMetadata (RFC 8414): the issuer', () => {
  it('refuses an issuer with a query or a fragment, or over http', () => {
    expect(problemsOf({ ...FULL, issuer: `${origin}?tenant=1` })).toEqual([
      `issuer: "${origin}?tenant=1" is not ${origin}, the origin the metadata was fetched from (RFC 8414 section 3.3)`,
      'issuer: must have no query (?...)',
    ]);
    expect(problemsOf({ ...FULL, issuer: `${origin}#main` })).toContain('issuer: must have no fragment (#...)');
    expect(problemsOf({ ...FULL, issuer: 'http://shop.example' })).toEqual([
      `issuer: "http://shop.example" is not ${origin}, the origin the metadata was fetched from (RFC 8414 section 3.3)`,
      'issuer: must use https',
    ]);
  });

  it('requires the issuer to be the origin the document was answered from (a trailing slash is tolerated)', () => {
    expect(problemsOf({ ...FULL, issuer: 'https://login.vendor.example' })).toEqual([
      `issuer: "https://login.vendor.example" is not ${origin}, the origin the metadata was fetched from (RFC 8414 section 3.3)`,
    ]);
    expect(problemsOf({ ...FULL, issuer: `${origin}/` })).toEqual([]);
    // Answered at www after a redirect: the issuer must name www.
    expect(problemsOf(FULL, origin, json('https://www.shop.example/.well-known/oauth-authorization-server'))).toEqual([
      `issuer: "${origin}" is not https://www.shop.example, the origin the metadata was fetched from (RFC 8414 section 3.3)`,
    ]);
  });

  it('holds a shop on plain http to its own scheme: the https check reports the origin', () => {
    const local = 'http://127.0.0.1:8080';
    const doc = {
      ...MINIMAL,
      issuer: local,
      authorization_endpoint: `${local}/authorize`,
      token_endpoint: `${local}/token`,
      jwks_uri: `${local}/jwks`,
    };
    expect(problemsOf(doc, local)).toEqual([]);
  });
});

describe('validateAuthorizationServerMetadata (RFC 8414): how it was served, and what is not metadata', () => {
  it('refuses a media type other than JSON (section 3.2)', () => {
    expect(problemsOf(FULL, origin, json(serverUrl, 'text/plain'))).toEqual(['served as text/plain, not application/json']);
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
      problems: ['metadata must be a JSON object (RFC 8414 section 3.2)'],
    });
  });

  it('names the first ten problems of a document that breaks every rule, and how many more', () => {
    const hostile = Object.fromEntries(Object.keys({ ...FULL, ...REGISTERED }).map((member) => [member, 12]));
    const { problems } = validateAuthorizationServerMetadata(JSON.stringify(hostile), origin);
    expect(problems).toHaveLength(11);
    expect(problems[10]).toMatch(/^\d+ more problems$/);
  });
});
