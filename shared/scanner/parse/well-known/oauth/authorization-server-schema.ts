/**
 * OAuth 2.0 Authorization Server Metadata (RFC 8414 section 2), member by member, and the members later
 * RFCs registered in the same IANA registry whose values they constrain (RFC 9728 section 4, RFC 9207,
 * RFC 9126, RFC 8705, RFC 8628, RFC 9101, RFC 9396, RFC 9449; OpenID Connect Discovery's userinfo_endpoint).
 * Other members are allowed (section 2: "Additional authorization server metadata parameters MAY also be
 * used"). Requirements that depend on other members (authorization_endpoint given the grant types, the
 * signing algorithms given JWT client authentication) and the issuer's identity are in `oauth.ts`.
 */

import { z } from 'zod';
import { builtPerKey } from '../built-on-first-use.js';
import { algorithmList, flag, languageTags, pageUrl, signedJwt, stringList, urlRules } from './member-schemas.js';

const authMethods = () => stringList('["client_secret_basic", "private_key_jwt"]');

function authorizationServerSchema(allowHttp: boolean) {
  const url = urlRules(allowHttp);
  return z.looseObject({
    issuer: url.issuer("the authorization server's issuer identifier, its https URL"),
    authorization_endpoint: url.secure.optional(),
    token_endpoint: url.secure.optional(),
    jwks_uri: url.secure.optional(),
    registration_endpoint: url.secure.optional(),
    scopes_supported: stringList('["openid", "profile"]').optional(),
    response_types_supported: stringList('["code"]', 'the response_type values supported, e.g. ["code"]'),
    response_modes_supported: stringList('["query", "fragment"]').optional(),
    grant_types_supported: stringList('["authorization_code", "refresh_token"]').optional(),
    token_endpoint_auth_methods_supported: authMethods().optional(),
    token_endpoint_auth_signing_alg_values_supported: algorithmList().optional(),
    service_documentation: pageUrl().optional(),
    ui_locales_supported: languageTags().optional(),
    op_policy_uri: pageUrl().optional(),
    op_tos_uri: pageUrl().optional(),
    revocation_endpoint: url.secure.optional(),
    revocation_endpoint_auth_methods_supported: authMethods().optional(),
    revocation_endpoint_auth_signing_alg_values_supported: algorithmList().optional(),
    introspection_endpoint: url.secure.optional(),
    introspection_endpoint_auth_methods_supported: authMethods().optional(),
    introspection_endpoint_auth_signing_alg_values_supported: algorithmList().optional(),
    code_challenge_methods_supported: stringList('["S256"]').optional(),
    signed_metadata: signedJwt().optional(),
    protected_resources: z.array(url.resource(), { error: 'must be an array of resource identifiers (https URLs)' }).min(1).optional(),
    authorization_response_iss_parameter_supported: flag().optional(),
    pushed_authorization_request_endpoint: url.secure.optional(),
    require_pushed_authorization_requests: flag().optional(),
    tls_client_certificate_bound_access_tokens: flag().optional(),
    mtls_endpoint_aliases: z.record(z.string(), url.secure, { error: 'must be an object of endpoint names to https URLs' }).optional(),
    device_authorization_endpoint: url.secure.optional(),
    require_signed_request_object: flag().optional(),
    authorization_details_types_supported: stringList('["payment_initiation"]').optional(),
    dpop_signing_alg_values_supported: algorithmList('["ES256"]').optional(),
    userinfo_endpoint: url.secure.optional(),
  });
}

/**
 * The schema for an https origin, or for a plain-http one (held to its own scheme), each built on first
 * use and kept: a scan builds only the one its shop needs, not at load.
 */
export const authorizationServerSchemaFor = builtPerKey((scheme: 'https' | 'http') => authorizationServerSchema(scheme === 'http'));

/** The JWT client authentication methods whose signing algorithms RFC 8414 section 2 requires listed. */
export const JWT_AUTH_METHODS = ['private_key_jwt', 'client_secret_jwt'];

/** Each auth methods list and the algorithms member it makes required. */
export const SIGNING_ALGORITHMS_FOR = {
  token_endpoint_auth_methods_supported: 'token_endpoint_auth_signing_alg_values_supported',
  revocation_endpoint_auth_methods_supported: 'revocation_endpoint_auth_signing_alg_values_supported',
  introspection_endpoint_auth_methods_supported: 'introspection_endpoint_auth_signing_alg_values_supported',
} as const;
