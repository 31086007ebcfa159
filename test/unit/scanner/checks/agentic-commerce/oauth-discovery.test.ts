import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { checkout, identityLinking, softNotFound, ucpProfile } from '#test/unit/scanner/checks/agentic-commerce/fixtures.js';

const { run } = checkRunner(agenticCommerceChecks);
const serverUrl = 'https://shop.example/.well-known/oauth-authorization-server';
const resourceUrl = 'https://shop.example/.well-known/oauth-protected-resource';

/** Authorization server metadata as a shop's OAuth provider publishes it. */
const serverMetadata = {
  issuer: 'https://shop.example',
  authorization_endpoint: 'https://shop.example/oauth/authorize',
  token_endpoint: 'https://shop.example/oauth/token',
  revocation_endpoint: 'https://shop.example/oauth/revoke',
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
  scopes_supported: ['dev.ucp.shopping.order:read', 'dev.ucp.shopping.order:manage'],
};
const resourceMetadata = {
  resource: 'https://shop.example',
  authorization_servers: ['https://shop.example'],
  scopes_supported: ['dev.ucp.shopping.order:read'],
  bearer_methods_supported: ['header'],
};
const linkingProfile = ucpProfile({ ...checkout, ...identityLinking });

describe('oauth_discovery', () => {
  it('does not apply (not assessed, never a failure) when nothing declares or publishes OAuth', () => {
    const { result } = run('oauth_discovery', { ucp: ucpProfile(checkout), oauthAuthorizationServer: softNotFound });
    expect(result).toMatchObject({ status: 'not_assessed', score: null });
    expect(result.summary).toBe(
      'Does not apply: the shop declares no UCP identity linking and publishes no OAuth authorization server or protected resource metadata.',
    );
    expect(result.evidence).toEqual([
      { url: serverUrl, value: 'HTML page served instead of JSON (soft 404)' },
      { url: resourceUrl, value: 'answered HTTP 404' },
    ]);
  });

  it('passes UCP identity linking backed by valid RFC 8414 metadata', () => {
    const { result } = run('oauth_discovery', {
      ucp: linkingProfile,
      oauthAuthorizationServer: JSON.stringify(serverMetadata),
      oauthProtectedResource: JSON.stringify(resourceMetadata),
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('declares identity linking and');
    expect(result.evidence).toEqual([
      { url: serverUrl, value: 'valid, issuer https://shop.example' },
      { url: resourceUrl, value: 'valid, resource https://shop.example' },
    ]);
  });

  it('fails identity linking without authorization server metadata, with a snippet for the shop', () => {
    const { result, advice } = run('oauth_discovery', { ucp: linkingProfile });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain(`but ${serverUrl} has no OAuth authorization server metadata (answered HTTP 404)`);
    const { snippet, fix } = advice();
    expect(fix).toContain('"issuer" exactly "https://shop.example"');
    const server = JSON.parse(snippet?.split('\n\n')[0]?.replace(/^\/\/.*\n/, '') ?? '') as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: 'https://shop.example',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['dev.ucp.shopping.order:read', 'dev.ucp.shopping.order:manage'],
    });
  });

  it('fails broken metadata with its exact problems: issuer of another origin, no token endpoint, no response types', () => {
    const broken = {
      ...serverMetadata,
      issuer: 'https://auth.other.example',
      token_endpoint: undefined,
      response_types_supported: undefined,
    };
    const { result } = run('oauth_discovery', { ucp: linkingProfile, oauthAuthorizationServer: JSON.stringify(broken) });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      `The UCP profile declares identity linking, but the OAuth authorization server metadata at ${serverUrl} is broken: ` +
        'issuer: "https://auth.other.example" is not https://shop.example, the origin the metadata was fetched from (RFC 8414 section 3.3); ' +
        'response_types_supported: required, the response_type values supported, e.g. ["code"]; ' +
        'token_endpoint: required unless only the implicit grant is supported.',
    );
  });

  it('fails metadata served as an HTML page with a 200 (soft 404) when identity linking needs it', () => {
    const { result } = run('oauth_discovery', { ucp: linkingProfile, oauthAuthorizationServer: softNotFound });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('(HTML page served instead of JSON (soft 404))');
  });

  it('warns when the metadata lacks what UCP identity linking asks beyond RFC 8414', () => {
    const lax = { ...serverMetadata, scopes_supported: ['openid'], code_challenge_methods_supported: ['plain'] };
    const { result, advice } = run('oauth_discovery', { ucp: linkingProfile, oauthAuthorizationServer: JSON.stringify(lax) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain(
      "scopes_supported lacks the profile's identity linking scopes dev.ucp.shopping.order:read, dev.ucp.shopping.order:manage",
    );
    expect(result.summary).toContain('code_challenge_methods_supported does not list S256');
    expect(advice().title).toBe('Complete your OAuth metadata for UCP identity linking');
  });

  it('applies to published metadata without UCP: passes valid, fails a broken protected resource document', () => {
    expect(run('oauth_discovery', { oauthProtectedResource: JSON.stringify(resourceMetadata) }).result.status).toBe('pass');
    const { result } = run('oauth_discovery', {
      oauthProtectedResource: {
        body: JSON.stringify({ authorization_servers: 'https://shop.example' }),
        headers: { 'content-type': 'text/plain' },
      },
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      `OAuth metadata is published but broken: ${resourceUrl}: resource: required, the protected resource's identifier, its https URL; ` +
        'authorization_servers: must be an array of authorization server issuer URLs, e.g. ["https://shop.example"]; served as text/plain, not application/json.',
    );
  });

  it('passes valid metadata and names in its evidence what the RFCs recommend it add', () => {
    const { scopes_supported: _scopes, ...withoutScopes } = resourceMetadata;
    const { result } = run('oauth_discovery', { oauthProtectedResource: JSON.stringify(withoutScopes) });
    expect(result.status).toBe('pass');
    expect(result.evidence[1]).toEqual({
      url: resourceUrl,
      value:
        'valid, resource https://shop.example; to improve: scopes_supported: recommended, so agents know which scopes to request (RFC 9728 section 2)',
    });
  });

  it('is not assessed when identity linking is declared but the metadata was not fetched', () => {
    const { result } = run('oauth_discovery', { ucp: linkingProfile, oauthAuthorizationServer: { skipped: 'deadline' } });
    expect(result).toMatchObject({ status: 'not_assessed', score: null });
    expect(result.summary).toContain('could not be checked: not fetched before the scan deadline');
  });
});
