import type { Recommendation } from './scan-result.js';

/** Most urgent first. */
export const priorityRank: Record<Recommendation['priority'], number> = { critical: 0, high: 1, medium: 2, low: 3 };
/** How much work each effort is, relative to S: fixes rank by gain over it (`byGainPerEffort`). */
export const effortWeight: Record<Recommendation['effort'], number> = { S: 1, M: 2, L: 4 };

/** A fix's priority from the points it could add: critical from 10 (or when it lifts a cap), high from 5, medium from 2. */
export function priorityForGain(gain: number, liftsCap = false): Recommendation['priority'] {
  if (liftsCap || gain >= 10) return 'critical';
  if (gain >= 5) return 'high';
  if (gain >= 2) return 'medium';
  return 'low';
}

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
