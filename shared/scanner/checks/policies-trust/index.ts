import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { httpsHsts } from './https-hsts.js';
import { orgIdentity } from './org-identity.js';
import { policyLinks } from './policy-links.js';
import { returnsStructured } from './returns-structured.js';
import { securityTxt } from './security-txt.js';
import { shippingStructured } from './shipping-structured.js';

/** The `policies_trust` dimension (15 points), in rubric order. */
export const policiesTrustChecks: CheckDefinition[] = [
  returnsStructured,
  shippingStructured,
  policyLinks,
  orgIdentity,
  httpsHsts,
  securityTxt,
];
