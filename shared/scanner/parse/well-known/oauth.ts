/**
 * OAuth discovery documents at the origin root:
 * - /.well-known/oauth-authorization-server: OAuth 2.0 Authorization Server Metadata (RFC 8414),
 *   which UCP identity linking requires of the business.
 * - /.well-known/oauth-protected-resource: OAuth 2.0 Protected Resource Metadata (RFC 9728).
 *
 * Types
 * - `OAuthAuthorizationServerResult`: `NotPresent` (soft-404 HTML, empty, not JSON), or the metadata
 *   facts. `valid` means no `problems`: `issuer` identical to the origin the document was fetched from
 *   (RFC 8414 section 3.3; a trailing slash is tolerated), `authorization_endpoint` unless no grant
 *   type uses it, `token_endpoint` unless only the implicit grant is supported, `response_types_supported`
 *   (section 2), endpoints as absolute https URLs, served as application/json (section 3.2).
 * - `OAuthProtectedResourceResult`: likewise; `resource` required and identical to the origin
 *   (RFC 9728 section 3.3), `authorization_servers` (optional) an array of issuer URLs.
 */

import { arrayOrEmpty, boundedProblems, isRecord, readJsonBody } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { mediaTypeProblem, type Serving } from './serving.js';

export interface OAuthAuthorizationServer {
  present: true;
  valid: boolean;
  issuer: string | null;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  responseTypes: string[];
  grantTypes: string[];
  scopes: string[];
  codeChallengeMethods: string[];
  problems: string[];
}

export type OAuthAuthorizationServerResult = NotPresent | OAuthAuthorizationServer;

export interface OAuthProtectedResource {
  present: true;
  valid: boolean;
  resource: string | null;
  authorizationServers: string[];
  scopes: string[];
  problems: string[];
}

export type OAuthProtectedResourceResult = NotPresent | OAuthProtectedResource;

/** RFC 8414 section 2: the default when grant_types_supported is omitted. */
const DEFAULT_GRANT_TYPES = ['authorization_code', 'implicit'];

/**
 * `serving.finalUrl` is where the document was answered: its origin is the issuer the metadata must
 * name. Without `serving`, `expectedOrigin` is used.
 */
export function validateAuthorizationServerMetadata(
  body: string,
  expectedOrigin: string,
  serving?: Serving,
): OAuthAuthorizationServerResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) return { ...emptyServer(), problems: ['metadata is not a JSON object'] };

  const problems: string[] = [];
  const origin = originOf(serving?.finalUrl) ?? expectedOrigin;
  const issuer = text(doc.issuer);
  if (issuer === null) problems.push('issuer is missing');
  else if (!sameAsOrigin(issuer, origin)) problems.push(`issuer ${issuer} is not ${origin}, the origin the metadata was fetched from`);

  const grantTypes = strings(doc.grant_types_supported);
  const effectiveGrants = doc.grant_types_supported === undefined ? DEFAULT_GRANT_TYPES : grantTypes;
  const usesAuthorizationEndpoint = effectiveGrants.some((grant) => grant === 'authorization_code' || grant === 'implicit');
  const onlyImplicit = effectiveGrants.length > 0 && effectiveGrants.every((grant) => grant === 'implicit');
  const authorizationEndpoint = endpoint(doc, 'authorization_endpoint', usesAuthorizationEndpoint, origin, problems);
  const tokenEndpoint = endpoint(doc, 'token_endpoint', !onlyImplicit, origin, problems);

  const responseTypes = strings(doc.response_types_supported);
  if (!Array.isArray(doc.response_types_supported)) problems.push('response_types_supported is missing');
  else if (responseTypes.length === 0) problems.push('response_types_supported is empty');

  const mediaType = mediaTypeProblem(serving);
  if (mediaType !== null) problems.push(mediaType);
  return {
    present: true,
    valid: problems.length === 0,
    issuer,
    authorizationEndpoint,
    tokenEndpoint,
    responseTypes,
    grantTypes,
    scopes: strings(doc.scopes_supported),
    codeChallengeMethods: strings(doc.code_challenge_methods_supported),
    problems: boundedProblems(problems),
  };
}

export function validateProtectedResourceMetadata(body: string, expectedOrigin: string, serving?: Serving): OAuthProtectedResourceResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc))
    return {
      present: true,
      valid: false,
      resource: null,
      authorizationServers: [],
      scopes: [],
      problems: ['metadata is not a JSON object'],
    };

  const problems: string[] = [];
  const origin = originOf(serving?.finalUrl) ?? expectedOrigin;
  const resource = text(doc.resource);
  if (resource === null) problems.push('resource is missing');
  else if (!sameAsOrigin(resource, origin))
    problems.push(`resource ${resource} is not ${origin}, the origin the metadata was fetched from`);

  const authorizationServers = strings(doc.authorization_servers);
  if (doc.authorization_servers !== undefined) {
    if (!Array.isArray(doc.authorization_servers)) problems.push('authorization_servers is not an array');
    for (const server of authorizationServers)
      if (!isSecureUrl(server, origin)) problems.push(`authorization server ${server} is not an https URL`);
  }
  const mediaType = mediaTypeProblem(serving);
  if (mediaType !== null) problems.push(mediaType);
  return {
    present: true,
    valid: problems.length === 0,
    resource,
    authorizationServers,
    scopes: strings(doc.scopes_supported),
    problems: boundedProblems(problems),
  };
}

/** True when an issuer or resource identifier names this origin (RFC 8414/9728 require identity; a trailing slash is tolerated). */
export function sameAsOrigin(identifier: string, origin: string): boolean {
  return identifier.replace(/\/$/, '') === origin.replace(/\/$/, '');
}

function emptyServer(): OAuthAuthorizationServer {
  return {
    present: true,
    valid: false,
    issuer: null,
    authorizationEndpoint: null,
    tokenEndpoint: null,
    responseTypes: [],
    grantTypes: [],
    scopes: [],
    codeChallengeMethods: [],
    problems: [],
  };
}

function endpoint(doc: Record<string, unknown>, field: string, required: boolean, origin: string, problems: string[]): string | null {
  const value = text(doc[field]);
  if (value === null) {
    if (required) problems.push(`${field} is missing`);
    return null;
  }
  if (!isSecureUrl(value, origin)) problems.push(`${field} ${value} is not an absolute https URL`);
  return value;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function strings(value: unknown): string[] {
  return arrayOrEmpty(value).filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}

function originOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * RFC 8414 requires https for the endpoints. A shop whose own origin is plain http (reported by the
 * https check) is held to its origin's scheme, so the finding here is the metadata's own.
 */
function isSecureUrl(value: string, origin: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === new URL(origin).protocol;
  } catch {
    return false;
  }
}
