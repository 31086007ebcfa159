/**
 * UCP 2026-04-08 as re-tagged on 2026-05-22 (tag v2026-04-08, commit a2d8bf0b8f5a): identity linking on
 * OAuth 2.0, `ucp.status`, `supported_versions`, multi-parent `extends`, payment handlers'
 * `available_instruments`; signing keys in `signing_keys`.
 */

import { versionOf } from '#shared/scanner/standards.js';
import { dottedLowercaseName, ecdsaAlgorithms, type UcpRules } from './ucp-rules.js';

export const ucpCurrentRules: UcpRules = {
  label: versionOf('ucp'),
  versionWords: [],
  reverseDomainName: dottedLowercaseName,
  extendsMany: true,
  statusAndSupportedVersions: true,
  availableInstruments: 'object',
  embeddedColorScheme: true,
  identityLinkingScopes: true,
  capabilitySchemaRequired: false,
  mapOrder: false,
  keysMember: 'signing_keys',
  signatureAlgorithms: ecdsaAlgorithms,
};
