/**
 * OAuth discovery documents at the origin root:
 * - /.well-known/oauth-authorization-server: OAuth 2.0 Authorization Server Metadata (RFC 8414),
 *   which UCP identity linking requires of the business.
 * - /.well-known/oauth-protected-resource: OAuth 2.0 Protected Resource Metadata (RFC 9728).
 *
 * Types
 * - `OAuthAuthorizationServerResult`: `NotPresent` (soft-404 HTML, empty, not JSON), or the metadata
 *   facts. `valid` means no `problems`: every member of the shape RFC 8414 section 2 gives it
 *   (`oauth/authorization-server-schema.ts`: `issuer` an https URL without query or fragment,
 *   `response_types_supported`, endpoints and `jwks_uri` https, lists never empty, "none" never a signing
 *   algorithm), `authorization_endpoint` unless no grant type uses it, `token_endpoint` unless only the
 *   implicit grant is supported, the signing algorithms wherever JWT client authentication is listed,
 *   `issuer` identical to the origin the document was answered from (section 3.3; a trailing slash is
 *   tolerated) and served as application/json (section 3.2).
 * - `OAuthProtectedResourceResult`: likewise for RFC 9728 (`oauth/protected-resource-schema.ts`):
 *   `resource` required and identical to the origin (section 3.3), `authorization_servers` issuer URLs,
 *   `bearer_methods_supported` from header, body and query.
 * `warnings` holds what the RFCs recommend and an agent can work around (`scopes_supported`).
 * Unknown members are allowed. These documents declare no version.
 */

import { boundedProblems, isRecord, readJsonBody, arrayOrEmpty } from './json-body.js';
import type { NotPresent } from './json-body.js';
import { authorizationServerSchemaFor, JWT_AUTH_METHODS, SIGNING_ALGORITHMS_FOR } from './oauth/authorization-server-schema.js';
import { languageTaggedMember, protectedResourceSchemaFor } from './oauth/protected-resource-schema.js';
import { mediaTypeProblem, type Serving } from './serving.js';
import { isLanguageTag } from './syntax.js';
import { issueLines } from './zod-issues.js';

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
  /** What RFC 8414 recommends and an agent can work around, e.g. no `scopes_supported`. */
  warnings: string[];
}

export type OAuthAuthorizationServerResult = NotPresent | OAuthAuthorizationServer;

export interface OAuthProtectedResource {
  present: true;
  valid: boolean;
  resource: string | null;
  authorizationServers: string[];
  scopes: string[];
  problems: string[];
  /** What RFC 9728 recommends and an agent can work around, e.g. no `scopes_supported`. */
  warnings: string[];
}

export type OAuthProtectedResourceResult = NotPresent | OAuthProtectedResource;

/** RFC 8414 section 2: the default when grant_types_supported is omitted. */
const DEFAULT_GRANT_TYPES = ['authorization_code', 'implicit'];
const maxQuoted = 100;

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
  if (!isRecord(doc)) return { ...emptyServer(), problems: ['metadata must be a JSON object (RFC 8414 section 3.2)'] };

  const origin = originOf(serving?.finalUrl) ?? expectedOrigin;
  const issuer = text(doc.issuer);
  const problems =
    issuer !== null && !sameAsOrigin(issuer, origin)
      ? [`issuer: ${quote(issuer)} is not ${origin}, the origin the metadata was fetched from (RFC 8414 section 3.3)`]
      : [];
  const parsed = authorizationServerSchemaFor(schemeOf(origin)).safeParse(doc);
  if (!parsed.success) problems.push(...issueLines(parsed.error));
  problems.push(...endpointRequirements(doc), ...signingAlgorithmRequirements(doc));
  const mediaType = mediaTypeProblem(serving);
  if (mediaType !== null) problems.push(mediaType);
  return {
    present: true,
    valid: problems.length === 0,
    issuer,
    authorizationEndpoint: text(doc.authorization_endpoint),
    tokenEndpoint: text(doc.token_endpoint),
    responseTypes: strings(doc.response_types_supported),
    grantTypes: strings(doc.grant_types_supported),
    scopes: strings(doc.scopes_supported),
    codeChallengeMethods: strings(doc.code_challenge_methods_supported),
    problems: boundedProblems(problems),
    warnings: scopesWarning(doc, 'RFC 8414 section 2'),
  };
}

export function validateProtectedResourceMetadata(body: string, expectedOrigin: string, serving?: Serving): OAuthProtectedResourceResult {
  const json = readJsonBody(body);
  if (!json.ok) return json.notPresent;
  const doc = json.value;
  if (!isRecord(doc)) {
    return {
      present: true,
      valid: false,
      resource: null,
      authorizationServers: [],
      scopes: [],
      problems: ['metadata must be a JSON object (RFC 9728 section 3.2)'],
      warnings: [],
    };
  }

  const origin = originOf(serving?.finalUrl) ?? expectedOrigin;
  const resource = text(doc.resource);
  const problems =
    resource !== null && !sameAsOrigin(resource, origin)
      ? [`resource: ${quote(resource)} is not ${origin}, the origin the metadata was fetched from (RFC 9728 section 3.3)`]
      : [];
  const parsed = protectedResourceSchemaFor(schemeOf(origin)).safeParse(doc);
  if (!parsed.success) problems.push(...issueLines(parsed.error));
  problems.push(...languageTaggedProblems(doc));
  const mediaType = mediaTypeProblem(serving);
  if (mediaType !== null) problems.push(mediaType);
  return {
    present: true,
    valid: problems.length === 0,
    resource,
    authorizationServers: strings(doc.authorization_servers),
    scopes: strings(doc.scopes_supported),
    problems: boundedProblems(problems),
    warnings: scopesWarning(doc, 'RFC 9728 section 2'),
  };
}

/** True when an issuer or resource identifier names this origin (RFC 8414/9728 require identity; a trailing slash is tolerated). */
export function sameAsOrigin(identifier: string, origin: string): boolean {
  return identifier.replace(/\/$/, '') === origin.replace(/\/$/, '');
}

/** RFC 8414 section 2: which endpoints the supported grant types make required. */
function endpointRequirements(doc: Record<string, unknown>): string[] {
  const grants = Array.isArray(doc.grant_types_supported) ? strings(doc.grant_types_supported) : DEFAULT_GRANT_TYPES;
  const problems: string[] = [];
  if (doc.authorization_endpoint === undefined && grants.some((grant) => grant === 'authorization_code' || grant === 'implicit')) {
    problems.push(
      'authorization_endpoint: required while the authorization_code or implicit grant is supported (grant_types_supported defaults to both)',
    );
  }
  const onlyImplicit = grants.length > 0 && grants.every((grant) => grant === 'implicit');
  if (doc.token_endpoint === undefined && !onlyImplicit)
    problems.push('token_endpoint: required unless only the implicit grant is supported');
  return problems;
}

/** RFC 8414 section 2: JWT client authentication needs its signing algorithms listed. */
function signingAlgorithmRequirements(doc: Record<string, unknown>): string[] {
  return Object.entries(SIGNING_ALGORITHMS_FOR).flatMap(([methodsMember, algorithmsMember]) => {
    const jwtMethods = strings(doc[methodsMember]).filter((method) => JWT_AUTH_METHODS.includes(method));
    if (jwtMethods.length === 0 || doc[algorithmsMember] !== undefined) return [];
    return [`${algorithmsMember}: required while ${methodsMember} lists ${jwtMethods.join(' and ')}, e.g. ["RS256", "ES256"]`];
  });
}

/** RFC 9728 section 2.1: `resource_name#fr` takes `resource_name`'s shape, and its tag is a BCP 47 language tag. */
function languageTaggedProblems(doc: Record<string, unknown>): string[] {
  return Object.entries(doc).flatMap(([name, value]) => {
    const tagged = languageTaggedMember(name);
    if (tagged === null) return [];
    const path = name.slice(0, maxQuoted);
    const problems = isLanguageTag(tagged.tag) ? [] : [`${path}: the part after # must be a BCP 47 language tag such as en or fr-CA`];
    const parsed = tagged.schema.safeParse(value);
    return parsed.success ? problems : [...problems, ...issueLines(parsed.error, path)];
  });
}

function scopesWarning(doc: Record<string, unknown>, section: string): string[] {
  return doc.scopes_supported === undefined ? [`scopes_supported: recommended, so agents know which scopes to request (${section})`] : [];
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
    warnings: [],
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function strings(value: unknown): string[] {
  return arrayOrEmpty(value).filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}

function quote(value: string): string {
  return JSON.stringify(value.length > maxQuoted ? `${value.slice(0, maxQuoted)}…` : value);
}

function originOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Which rule set applies: a shop on plain http is held to its own scheme (the https check reports it). */
function schemeOf(origin: string): 'https' | 'http' {
  return origin.toLowerCase().startsWith('http://') ? 'http' : 'https';
}
