import type { Recommendation } from '#shared/model/scans/scan-result.js';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import type { Cap, ScoredCheck } from '#shared/scanner/scoring.js';
import { shareSnippets } from '#shared/scanner/shared-snippets.js';
import { byGainPerEffort, priorityForGain } from '#shared/model/scans/fix-order.js';
import { findingsOf } from '#shared/model/scans/findings.js';

/** The checks behind each cap: fixing them lifts the cap, so they come first whatever their points. */
const capChecks: Record<string, string[]> = {
  bot_wall: ['bot_wall'],
  robots_blocks_ai: ['robots_ai_agents'],
  empty_shell: ['ssr_text'],
  homepage_unreadable: ['indexable'],
  no_machine_readable_price: ['offer_core', 'schema_present'],
};

/**
 * One recommendation per warning or failing check. The gain is what the check would add to the
 * overall score if it passed: points x (1 - score) x 100 / available points, plus, for a check
 * behind an active cap, the points the cap is holding back. Findings fixed by one JSON-LD block share it
 * (the lead chosen by gain over effort, so a quick win carries the others). Listed in the one order every
 * surface shows (`findingsOf`: most important change first, each followed by those it also fixes), so the
 * JSON's first recommendation is the first fix the report, the CLI and MCP name.
 */
export function recommend(
  checks: readonly ScoredCheck[],
  definitions: ReadonlyMap<string, CheckDefinition>,
  artifacts: Artifacts,
  totals: { available: number; uncapped: number; score: number; caps: readonly Cap[] },
): Recommendation[] {
  const recommendations = checks
    .filter((check) => (check.status === 'warn' || check.status === 'fail') && check.points > 0)
    .map((check) => {
      const advice = definitions.get(check.id)!.advise(check, artifacts);
      const liftsCap = totals.caps.some((cap) => capChecks[cap.id]?.includes(check.id));
      const ownGain = totals.available > 0 ? (check.points * (1 - (check.score ?? 0)) * 100) / totals.available : 0;
      const capGain = liftsCap ? capLift(check.id, totals) : 0;
      const estimatedGain = Math.round((ownGain + capGain) * 10) / 10;
      return { checkId: check.id, priority: priorityForGain(estimatedGain, liftsCap), ...advice, estimatedGain };
    });
  return findingsOf(shareSnippets(byGainPerEffort(recommendations))).flatMap((finding) => [finding.lead, ...finding.also]);
}

/** How far the score would rise if the caps this check causes were gone (other caps still apply). */
function capLift(checkId: string, totals: { uncapped: number; score: number; caps: readonly Cap[] }): number {
  const remaining = totals.caps.filter((cap) => !capChecks[cap.id]?.includes(checkId)).map((cap) => cap.limit);
  return Math.max(0, Math.min(totals.uncapped, ...remaining) - totals.score);
}
