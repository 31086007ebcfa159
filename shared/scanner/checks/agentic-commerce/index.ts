import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { a2aAp2Check } from './a2a-ap2.js';
import { acpReadyCheck } from './acp-ready.js';
import { actionableFormsCheck } from './actionable-forms.js';
import { checkoutFrictionCheck } from './checkout-friction.js';
import { mcpDiscoveryCheck } from './mcp-discovery.js';
import { oauthDiscoveryCheck } from './oauth-discovery.js';
import { ucpProfileCheck } from './ucp-profile.js';

/** `agentic_commerce` — Agentic protocols and actionability (15), in rubric order. */
export const agenticCommerceChecks: CheckDefinition[] = [
  ucpProfileCheck,
  oauthDiscoveryCheck,
  acpReadyCheck,
  mcpDiscoveryCheck,
  a2aAp2Check,
  actionableFormsCheck,
  checkoutFrictionCheck,
];
