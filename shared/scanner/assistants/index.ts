import { agentRoles } from '#shared/model/scans/scan-result.js';
import type { AssistantId, AssistantRecord, AssistantVerdict, EdgeProbe, Recommendation } from '#shared/model/scans/scan-result.js';
import { roleAccess } from '#shared/scanner/assistants/role-access.js';
import { edgeProbesOf } from '#shared/scanner/edge/edge-probes.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { findStep } from '#shared/scanner/assistants/find-step.js';
import type { JudgedStep } from '#shared/scanner/assistants/find-step.js';
import type { JudgedCheck } from '#shared/scanner/assistants/judge-step.js';
import { buyStep, readStep, trustStep } from '#shared/scanner/assistants/product-steps.js';
import { checkoutDriveOf } from '#shared/scanner/assistants/buy-basis.js';
import { ASSISTANT_VENDORS } from '#shared/scanner/assistants/vendors.js';
import type { AssistantVendor } from '#shared/scanner/assistants/vendors.js';

export { ASSISTANT_VENDORS } from '#shared/scanner/assistants/vendors.js';

const REACHED: readonly AssistantVerdict[] = ['can_find', 'can_read', 'can_trust', 'can_buy'];

function isReached(step: JudgedStep): boolean {
  return step.status === 'pass' || step.status === 'warn';
}

/** The last step reached in the order find, read, trust, buy; the first step not reached ends the walk. */
export function verdictOf(steps: readonly JudgedStep[]): AssistantVerdict {
  let verdict: AssistantVerdict = 'blocked';
  for (const [index, step] of steps.entries()) {
    if (!isReached(step)) break;
    verdict = REACHED[index] ?? verdict;
  }
  return verdict;
}

/**
 * The recommendation to act on first: among the checks behind the first failing step (else the first warning
 * step), the one whose recommendation gains the most. A step whose causes have no recommendation (not
 * assessed, or a check without points) passes the turn to the next one.
 */
export function firstFixOf(steps: readonly JudgedStep[], recommendations: readonly Recommendation[]): string | null {
  const gains = new Map(recommendations.map((recommendation) => [recommendation.checkId, recommendation.estimatedGain]));
  for (const status of ['fail', 'warn'] as const) {
    for (const step of steps.filter((candidate) => candidate.status === status)) {
      const fixes = step.causes.filter((id) => gains.has(id)).sort((a, b) => (gains.get(b) ?? 0) - (gains.get(a) ?? 0));
      if (fixes[0]) return fixes[0];
    }
  }
  return null;
}

function assess(
  vendor: AssistantVendor,
  artifacts: Artifacts,
  byId: ReadonlyMap<string, JudgedCheck>,
  recommendations: readonly Recommendation[],
  edges: ReadonlyMap<AssistantId, EdgeProbe>,
): AssistantRecord {
  const edge = edges.get(vendor.id);
  const roles = agentRoles.map((role) => roleAccess(vendor, role, artifacts, edge));
  const drive = checkoutDriveOf(vendor, artifacts);
  const steps = [findStep(vendor, artifacts, byId, roles, edge), readStep(vendor, byId), trustStep(vendor, byId), buyStep(vendor, byId)];
  const verdict = verdictOf(steps);
  const stoppedAt = steps.find((step) => !isReached(step));
  return {
    id: vendor.id,
    name: vendor.name,
    verdict,
    steps: steps.map((step) => ({
      step: step.step,
      status: step.status,
      checks: step.checks,
      reason:
        step === stoppedAt && step.status === 'not_assessed'
          ? step.reason.replace(/^Not checked: /, `Not checked, so ${vendor.name}'s verdict stops before this step: `)
          : step.reason,
      ...(step.step === 'buy' ? { basis: drive ? ('exercised' as const) : ('declared' as const), drive } : {}),
    })),
    access: roles.map((role) => role.access),
    firstFix: firstFixOf(steps, recommendations),
  };
}

/**
 * What each assistant can do on the shop (docs/rubric.md, "Assistants"): a pure function of what the scan
 * gathered, the scored checks and the recommendations made from them.
 */
export function assessAssistants(
  artifacts: Artifacts,
  checks: readonly JudgedCheck[],
  recommendations: readonly Recommendation[],
): AssistantRecord[] {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const edges = edgeProbesOf(artifacts);
  return ASSISTANT_VENDORS.map((vendor) => assess(vendor, artifacts, byId, recommendations, edges));
}
