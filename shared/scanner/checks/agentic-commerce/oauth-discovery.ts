import type { Artifacts } from '#shared/scanner/artifacts.js';
import { readWellKnown, type WellKnownReading } from '#shared/scanner/checks/read-artifacts.js';
import { because } from '#shared/scanner/checks/wording.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import type { OAuthAuthorizationServer, OAuthProtectedResource } from '#shared/scanner/parse/well-known/oauth.js';
import { agentDocuments } from '#shared/scanner/documents/registry.js';

type ServerReading = WellKnownReading<OAuthAuthorizationServer>;
type ResourceReading = WellKnownReading<OAuthProtectedResource>;

/** The identity linking scopes the UCP profile declares, or null when it declares no identity linking. */
function identityLinkingScopes(artifacts: Artifacts): string[] | null {
  const ucp = readWellKnown(artifacts.site.ucp);
  return ucp.state === 'present' ? (ucp.document.identityLinking?.scopes ?? null) : null;
}

/**
 * Applies when the UCP profile declares identity linking (which needs RFC 8414 metadata on the shop's
 * origin) or when either OAuth metadata document is published; otherwise not assessed, never a failure.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const server = readWellKnown(artifacts.site.oauthAuthorizationServer);
  const resource = readWellKnown(artifacts.site.oauthProtectedResource);
  const linking = identityLinkingScopes(artifacts);
  const found = [readingEvidence(server), readingEvidence(resource)];

  if (linking !== null) return evaluateForIdentityLinking(server, resource, linking, found);
  if (server.state !== 'present' && resource.state !== 'present') {
    const unchecked = [server, resource].filter((reading) => reading.state === 'not_assessed');
    const note =
      unchecked.length > 0 ? ` (${unchecked.map((r) => `${r.url} ${r.state === 'not_assessed' ? r.reason : ''}`).join('; ')})` : '';
    return outcome.notAssessed(
      `Does not apply: the shop declares no UCP identity linking and publishes no OAuth authorization server or protected resource metadata${note}.`,
      found,
    );
  }
  const broken = brokenDocuments(server, resource);
  if (broken.length > 0) return outcome.fail(`OAuth metadata is published but broken: ${broken.join('; ')}.`, found);
  return outcome.pass(`OAuth metadata is published and valid: ${validNames(server, resource)}.`, found);
}

function evaluateForIdentityLinking(server: ServerReading, resource: ResourceReading, scopes: string[], found: Evidence[]): CheckOutcome {
  if (server.state === 'not_assessed')
    return outcome.notAssessed(
      `The UCP profile declares identity linking, but ${server.url} could not be checked: ${server.reason}.`,
      found,
    );
  if (server.state === 'absent') {
    return outcome.fail(
      `The UCP profile declares identity linking, but ${server.url} has no OAuth authorization server metadata (${server.reason}): agents cannot link a buyer's account.`,
      found,
    );
  }
  const metadata = server.document;
  if (!metadata.valid) {
    return outcome.fail(
      `The UCP profile declares identity linking, but the OAuth authorization server metadata at ${server.url} is broken: ${metadata.problems.join('; ')}.`,
      found,
    );
  }
  const gaps = identityLinkingGaps(metadata, scopes);
  if (resource.state === 'present' && !resource.document.valid) gaps.push(`${resource.url}: ${resource.document.problems.join('; ')}`);
  if (gaps.length > 0) {
    return outcome.warn(`The OAuth authorization server metadata UCP identity linking needs is valid, but ${gaps.join('; ')}.`, found);
  }
  return outcome.pass(
    `The UCP profile declares identity linking and ${server.url} publishes valid OAuth authorization server metadata (issuer ${metadata.issuer ?? ''}).`,
    found,
  );
}

/** What UCP identity linking asks of the metadata beyond RFC 8414: scopes_supported, and PKCE with S256. */
function identityLinkingGaps(metadata: OAuthAuthorizationServer, scopes: string[]): string[] {
  const gaps: string[] = [];
  if (metadata.scopes.length === 0) gaps.push('scopes_supported is missing (UCP identity linking requires it)');
  else {
    const undeclared = scopes.filter((scope) => !metadata.scopes.includes(scope));
    if (undeclared.length > 0) gaps.push(`scopes_supported lacks the profile's identity linking scopes ${undeclared.join(', ')}`);
  }
  if (!metadata.codeChallengeMethods.includes('S256'))
    gaps.push('code_challenge_methods_supported does not list S256 (UCP identity linking requires PKCE)');
  return gaps;
}

function brokenDocuments(server: ServerReading, resource: ResourceReading): string[] {
  const broken: string[] = [];
  if (server.state === 'present' && !server.document.valid) broken.push(`${server.url}: ${server.document.problems.join('; ')}`);
  if (resource.state === 'present' && !resource.document.valid) broken.push(`${resource.url}: ${resource.document.problems.join('; ')}`);
  return broken;
}

function validNames(server: ServerReading, resource: ResourceReading): string {
  const names: string[] = [];
  if (server.state === 'present') names.push(`authorization server (issuer ${server.document.issuer ?? ''})`);
  if (resource.state === 'present') names.push(`protected resource (${resource.document.resource ?? ''})`);
  return names.join(' and ');
}

function readingEvidence(reading: ServerReading | ResourceReading): Evidence {
  if (reading.state !== 'present') return evidence(reading.url, reading.reason);
  const doc = reading.document;
  if (!doc.valid) return evidence(reading.url, `invalid: ${doc.problems.join('; ')}`);
  const named = 'issuer' in doc ? `valid, issuer ${doc.issuer ?? ''}` : `valid, resource ${doc.resource ?? ''}`;
  return evidence(reading.url, doc.warnings.length > 0 ? `${named}; to improve: ${doc.warnings.join('; ')}` : named);
}

function metadataSnippet(origin: string, scopes: string[]): string {
  return JSON.stringify(
    {
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
      scopes_supported: scopes.length > 0 ? scopes : ['dev.ucp.shopping.order:read'],
      authorization_response_iss_parameter_supported: true,
    },
    null,
    2,
  );
}

const [serverPath] = agentDocuments.oauthAuthorizationServer.paths;
const [resourcePath] = agentDocuments.oauthProtectedResource.paths;

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const scopes = identityLinkingScopes(artifacts) ?? [];
  const why = because(
    "Agents link a buyer's account to your shop (UCP identity linking) through OAuth 2.0, and find your authorization server through its RFC 8414 metadata.",
    result,
  );
  return {
    title:
      result.status === 'warn'
        ? 'Complete your OAuth metadata for UCP identity linking'
        : 'Publish valid OAuth authorization server metadata',
    why,
    fix: `Serve ${origin}${serverPath} as application/json with "issuer" exactly "${origin}", the authorization and token endpoints, "response_types_supported", "scopes_supported" listing the identity linking scopes, and "code_challenge_methods_supported": ["S256"]. If you also publish ${resourcePath} (RFC 9728), its "resource" must be "${origin}" and "authorization_servers" must name that issuer.`,
    snippet: `// ${serverPath}\n${metadataSnippet(origin, scopes)}\n\n// ${resourcePath}\n${JSON.stringify({ resource: origin, authorization_servers: [origin], scopes_supported: scopes.length > 0 ? scopes : ['dev.ucp.shopping.order:read'] }, null, 2)}`,
    effort: 'M',
  };
}

export const oauthDiscoveryCheck: CheckDefinition = {
  id: 'oauth_discovery',
  dimension: 'agentic_commerce',
  title: 'OAuth discovery for identity linking',
  points: 1,
  evaluate,
  advise,
};
