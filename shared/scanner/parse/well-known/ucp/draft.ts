/**
 * The UCP draft on main (read at commit fdcf8934d1b6bfaf54d4d80e66db00f2ba67fad1, the business_schema of
 * https://github.com/Universal-Commerce-Protocol/ucp/blob/fdcf8934d1b6bfaf54d4d80e66db00f2ba67fad1/source/schemas/profile.json):
 * signing keys move to a top-level `keys` JWK Set (EC and OKP keys, public members only, curve and algorithm
 * paired), business capabilities name their `schema`, instruments' constraints are closed constraint
 * expressions, `ucp.map_order` orders the registries, and reverse-domain
 * names may hold hyphens and start a later segment with a digit. Its examples declare `"version": "draft"`.
 */

import { ecdsaAlgorithms, type UcpRules } from './ucp-rules.js';

export const ucpDraftRules: UcpRules = {
  label: 'draft',
  versionWords: ['draft'],
  reverseDomainName: /^[a-z](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9_])?)+$/,
  extendsMany: true,
  statusAndSupportedVersions: true,
  availableInstruments: 'expression',
  embeddedColorScheme: true,
  identityLinkingScopes: true,
  capabilitySchemaRequired: true,
  mapOrder: true,
  keysMember: 'keys',
  signatureAlgorithms: [...ecdsaAlgorithms, { alg: 'EdDSA', kty: 'OKP', crv: 'Ed25519' }],
};
