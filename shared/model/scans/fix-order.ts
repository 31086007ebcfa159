import type { Recommendation } from './scan-result.js';

const priorityRank: Record<Recommendation['priority'], number> = { critical: 0, high: 1, medium: 2, low: 3 };
/** The same effort weights the scanner ranks its recommendations with (shared/scanner/recommendations.ts). */
const effortWeight: Record<Recommendation['effort'], number> = { S: 1, M: 2, L: 4 };

/** Points gained per unit of effort: what the "quick wins" view sorts by. */
export function gainPerEffort(fix: Pick<Recommendation, 'estimatedGain' | 'effort'>): number {
  return fix.estimatedGain / effortWeight[fix.effort];
}

/**
 * Most important first: critical, high, medium, low; within a priority the larger gain first
 * (docs/decisions/072-report-at-a-glance.md). A new array: the result's own order is left as stored.
 */
export function byPriority<T extends Pick<Recommendation, 'priority' | 'estimatedGain' | 'checkId'>>(fixes: readonly T[]): T[] {
  return [...fixes].sort(
    (a, b) =>
      priorityRank[a.priority] - priorityRank[b.priority] || b.estimatedGain - a.estimatedGain || a.checkId.localeCompare(b.checkId),
  );
}

/** Quick wins first: the most points per unit of effort, then the larger gain. A new array. */
export function byGainPerEffort<T extends Pick<Recommendation, 'effort' | 'estimatedGain' | 'checkId'>>(fixes: readonly T[]): T[] {
  return [...fixes].sort(
    (a, b) => gainPerEffort(b) - gainPerEffort(a) || b.estimatedGain - a.estimatedGain || a.checkId.localeCompare(b.checkId),
  );
}
