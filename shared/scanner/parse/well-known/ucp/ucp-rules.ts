/**
 * What a version of the UCP business profile schema requires, as data: each version file
 * (`v2026-01-23.ts`, `v2026-04-08.ts`, `draft.ts`) fills one in, and `profile-schema.ts` builds the zod
 * schema from it. Read from https://github.com/Universal-Commerce-Protocol/ucp: at the version tags the
 * business_profile of source/discovery/profile_schema with source/schemas/**, on main the business_schema of
 * source/schemas/profile.
 */

import type { z } from 'zod';

/** A signature algorithm with the key type and curve it pairs with. */
export interface SignatureAlgorithm {
  alg: string;
  kty: string;
  crv: string;
}

export interface UcpRules {
  /** The version the rules are, as a warning names them: a date, or `draft`. */
  label: string;
  /**
   * Words accepted where the schema wants a YYYY-MM-DD version: the draft's published examples write
   * `"version": "draft"` throughout, and a newer document is never refused for its version string alone.
   */
  versionWords: readonly string[];
  /** The reverse-domain name that keys services, capabilities and payment handlers. */
  reverseDomainName: RegExp;
  /** A capability's `extends` may list several parents (a non-empty array), not only name one. */
  extendsMany: boolean;
  /** `ucp.status` (success or error) and `ucp.supported_versions` (version to profile URL) are defined. */
  statusAndSupportedVersions: boolean;
  /**
   * A payment handler's `available_instruments`, a non-empty list of `{type, constraints?}`: with constraints a
   * non-empty open object (2026-04-08), or the draft's closed constraint expression; null where not yet defined.
   */
  availableInstruments: 'object' | 'expression' | null;
  /** An embedded binding's config may list its `color_scheme` (light, dark). */
  embeddedColorScheme: boolean;
  /** A business capability must name its `schema` URL. */
  capabilitySchemaRequired: boolean;
  /**
   * Identity linking declares its OAuth scopes in `config.scopes` (its capability schema, from
   * 2026-04-08). The profile schema does not apply it, so a gap there is a warning, not a problem.
   */
  identityLinkingScopes: boolean;
  /** `ucp.map_order`: target map names to preferred key orders. */
  mapOrder: boolean;
  /**
   * Where the profile publishes its signing keys: `signing_keys` (JWKs needing kid and kty), or the draft's
   * top-level `keys` (a JWK Set whose EC and OKP keys carry their coordinates and no private members).
   */
  keysMember: 'signing_keys' | 'keys';
  /** The algorithms an agent verifies UCP signatures with; a key for none of them is a warning. */
  signatureAlgorithms: readonly SignatureAlgorithm[];
  /** A version whose profile has another shape (2026-01-11) builds its own schema, on first use. */
  profileSchema?: () => z.ZodType;
}

/** Lowercase dot-separated segments, at least two (`dev.ucp.shopping`), as 2026-01-23 and 2026-04-08 state it. */
export const dottedLowercaseName = /^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/;

/** ECDSA: ES256 every verifier supports, ES384 optional. */
export const ecdsaAlgorithms: readonly SignatureAlgorithm[] = [
  { alg: 'ES256', kty: 'EC', crv: 'P-256' },
  { alg: 'ES384', kty: 'EC', crv: 'P-384' },
];
