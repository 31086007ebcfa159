/**
 * UCP 2026-01-11 (tag v2026-01-11, commit 806a5b74d3a5, still read): the first released business profile,
 * in another shape than the later versions: `ucp.capabilities` is a list of `{name, version, spec, schema}`,
 * each service is one object with its transport bindings (`rest`, `mcp`, `a2a`, `embedded`), payment handlers
 * are the top-level `payment.handlers` list, and `signing_keys` may hold any JWK (RSA too). Its own schema
 * (`v2026-01-11-profile.ts`) judges it; these rules say what the shared readers need (signing keys, names).
 */

import { STILL_READ } from '#shared/scanner/standards.js';
import { dottedLowercaseName, ecdsaAlgorithms, type UcpRules } from './ucp-rules.js';
import { profileSchema20260111 } from './v2026-01-11-profile.js';

export const ucpRules20260111: UcpRules = {
  label: STILL_READ.ucp[1],
  versionWords: [],
  reverseDomainName: dottedLowercaseName,
  extendsMany: false,
  statusAndSupportedVersions: false,
  availableInstruments: null,
  embeddedColorScheme: false,
  identityLinkingScopes: false,
  capabilitySchemaRequired: true,
  mapOrder: false,
  keysMember: 'signing_keys',
  signatureAlgorithms: ecdsaAlgorithms,
  profileSchema: () => profileSchema20260111(ucpRules20260111),
};
