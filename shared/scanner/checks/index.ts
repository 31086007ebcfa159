import { agentAccessChecks } from '#shared/scanner/checks/agent-access/index.js';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { productDataChecks } from '#shared/scanner/checks/product-data/index.js';
import { rawHtmlChecks } from '#shared/scanner/checks/raw-html/index.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';

/** Every check of docs/rubric.md, in rubric order. Ids are part of the public result format. */
export const allChecks: readonly CheckDefinition[] = [
  ...agentAccessChecks,
  ...rawHtmlChecks,
  ...productDataChecks,
  ...policiesTrustChecks,
  ...discoveryChecks,
  ...agenticCommerceChecks,
];
