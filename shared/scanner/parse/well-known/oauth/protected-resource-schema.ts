/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728 section 2), member by member. Other members are
 * allowed ("Additional protected resource metadata parameters MAY also be used"). The human-readable
 * members may also come in language-tagged variants (`resource_name#fr`, section 2.1), which take their
 * base member's shape. The resource's identity (section 3.3) is checked in `oauth.ts`.
 */

import { z } from 'zod';
import { builtOnFirstUse, builtPerKey } from '../built-on-first-use.js';
import { algorithmList, flag, pageUrl, signedJwt, stringList, text, urlRules } from './member-schemas.js';

/** RFC 6750 sections 2.1 to 2.3. */
export const BEARER_METHODS = ['header', 'body', 'query'] as const;

/** Section 2.1: the members that may be internationalized, built when the first language-tagged member is read. */
const humanReadable = builtOnFirstUse(
  (): ReadonlyMap<string, z.ZodType> =>
    new Map<string, z.ZodType>([
      ['resource_name', text()],
      ['resource_documentation', pageUrl()],
      ['resource_policy_uri', pageUrl()],
      ['resource_tos_uri', pageUrl()],
    ]),
);

function protectedResourceSchema(allowHttp: boolean) {
  const url = urlRules(allowHttp);
  return z.looseObject({
    resource: url.resource("the protected resource's identifier, its https URL"),
    authorization_servers: z
      .array(url.issuer(), { error: 'must be an array of authorization server issuer URLs, e.g. ["https://shop.example"]' })
      .min(1, { error: 'must not be empty: leave the member out when it has no values' })
      .optional(),
    jwks_uri: url.secure.optional(),
    scopes_supported: stringList('["orders:read"]').optional(),
    // The one list RFC 9728 lets be empty: [] says no bearer method is supported.
    bearer_methods_supported: z
      .array(z.enum(BEARER_METHODS, { error: 'must be header, body or query (RFC 6750)' }), {
        error: 'must be an array such as ["header"]',
      })
      .optional(),
    resource_signing_alg_values_supported: algorithmList().optional(),
    resource_name: text().optional(),
    resource_documentation: pageUrl().optional(),
    resource_policy_uri: pageUrl().optional(),
    resource_tos_uri: pageUrl().optional(),
    tls_client_certificate_bound_access_tokens: flag().optional(),
    authorization_details_types_supported: stringList('["payment_initiation"]').optional(),
    dpop_signing_alg_values_supported: stringList('["ES256"]').optional(),
    dpop_bound_access_tokens_required: flag().optional(),
    signed_metadata: signedJwt().optional(),
  });
}

/**
 * The schema for an https origin, or for a plain-http one (held to its own scheme), each built on first
 * use and kept: a scan builds only the one its shop needs, not at load.
 */
export const protectedResourceSchemaFor = builtPerKey((scheme: 'https' | 'http') => protectedResourceSchema(scheme === 'http'));

/** The schema a language-tagged member (`resource_name#en`) must meet and its tag, or null when the name is not one. */
export function languageTaggedMember(name: string): { schema: z.ZodType; tag: string } | null {
  const hash = name.indexOf('#');
  if (hash === -1) return null;
  const schema = humanReadable().get(name.slice(0, hash));
  return schema ? { schema, tag: name.slice(hash + 1) } : null;
}
