/**
 * UCP 2026-01-23 (tag v2026-01-23, still read): the business profile as first published in its map form.
 * Unlike 2026-04-08 it has no `ucp.status` or `supported_versions`, `extends` names one parent, payment
 * handlers' `available_instruments` and the embedded binding's `color_scheme` are not yet defined.
 */

import { STILL_READ } from '#shared/scanner/standards.js';
import { dottedLowercaseName, ecdsaAlgorithms, type UcpRules } from './ucp-rules.js';

export const ucpOlderRules: UcpRules = {
  label: STILL_READ.ucp[0],
  versionWords: [],
  reverseDomainName: dottedLowercaseName,
  extendsMany: false,
  statusAndSupportedVersions: false,
  availableInstruments: null,
  embeddedColorScheme: false,
  identityLinkingScopes: false,
  capabilitySchemaRequired: false,
  mapOrder: false,
  keysMember: 'signing_keys',
  signatureAlgorithms: ecdsaAlgorithms,
};
