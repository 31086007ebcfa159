import { createHash } from 'node:crypto';

export const thresholdConditions = ['drops_below', 'rises_above', 'changes_by'] as const;
export type ThresholdCondition = (typeof thresholdConditions)[number];

/** A threshold as stored on its site. `met`: whether its condition held at the last score it was checked against. */
export interface StoredThreshold {
  id: string;
  condition: ThresholdCondition;
  value: number;
  isActive: boolean;
  createdAt: string;
  met: boolean | null;
}

/** The spec's threshold record. */
export interface ThresholdRecord {
  id: string;
  condition: ThresholdCondition;
  value: number;
  isActive: boolean;
}

/** The legacy Thresholds object of `/api/v1/account/watched-sites/{id}/thresholds` and the PATCH fields. */
export interface LegacyThresholds {
  min: number | null;
  max: number | null;
  notify: boolean;
}

export function thresholdRecord(stored: StoredThreshold): ThresholdRecord {
  return { id: stored.id, condition: stored.condition, value: stored.value, isActive: stored.isActive };
}

/**
 * Whether a condition holds for a score. `drops_below` and `rises_above` are levels; `changes_by` is a
 * move of at least `value` points (either way) from the previous snapshot, so it needs one.
 */
export function conditionHolds(threshold: Pick<StoredThreshold, 'condition' | 'value'>, score: number, previous: number | null): boolean {
  switch (threshold.condition) {
    case 'drops_below':
      return score < threshold.value;
    case 'rises_above':
      return score > threshold.value;
    case 'changes_by':
      return previous !== null && Math.abs(score - previous) >= threshold.value;
  }
}

/**
 * Checks every threshold against a new score. A level alerts when it starts to hold (crossing): once
 * when the score drops below 60, not again while it stays below, again after it recovers and drops.
 * A threshold never checked (`met` null) alerts if it holds. `changes_by` alerts on every scan whose
 * move is large enough: each is a new change, not a level that persists.
 */
export function evaluateThresholds(
  thresholds: readonly StoredThreshold[],
  score: number,
  previous: number | null,
): { thresholds: StoredThreshold[]; crossed: StoredThreshold[] } {
  const crossed: StoredThreshold[] = [];
  const next = thresholds.map((threshold) => {
    const met = conditionHolds(threshold, score, previous);
    const alerts = met && (threshold.condition === 'changes_by' || threshold.met !== true);
    if (alerts && threshold.isActive) crossed.push({ ...threshold, met });
    return { ...threshold, met };
  });
  return { thresholds: next, crossed };
}

/** A new threshold's starting state: what it would say of the site's current score (no alert for the past). */
export function initialMet(condition: ThresholdCondition, value: number, lastScore: number | null): boolean | null {
  if (lastScore === null || condition === 'changes_by') return null;
  return conditionHolds({ condition, value }, lastScore, null);
}

function oldest(thresholds: readonly StoredThreshold[], condition: ThresholdCondition): StoredThreshold | undefined {
  return [...thresholds]
    .filter((t) => t.condition === condition)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
}

/**
 * The legacy object views the records: `min` is the site's oldest `drops_below` record, `max` its
 * oldest `rises_above` record, `notify` whether those are active (true when there are none).
 */
export function legacyView(thresholds: readonly StoredThreshold[]): LegacyThresholds {
  const min = oldest(thresholds, 'drops_below');
  const max = oldest(thresholds, 'rises_above');
  return { min: min?.value ?? null, max: max?.value ?? null, notify: [min, max].every((t) => t === undefined || t.isActive) };
}

/** Writes a legacy object onto the records it views: sets, creates or removes those two, keeps the rest. */
export function applyLegacy(
  thresholds: readonly StoredThreshold[],
  legacy: LegacyThresholds,
  context: { now: string; lastScore: number | null; newId: () => string },
): StoredThreshold[] {
  let next = [...thresholds];
  for (const [condition, value] of [
    ['drops_below', legacy.min],
    ['rises_above', legacy.max],
  ] as const) {
    const current = oldest(next, condition);
    if (value === null) {
      if (current) next = next.filter((t) => t.id !== current.id);
    } else if (current) {
      next = next.map((t) =>
        t.id === current.id
          ? { ...t, value, isActive: legacy.notify, met: t.value === value ? t.met : initialMet(condition, value, context.lastScore) }
          : t,
      );
    } else {
      next.push({
        id: context.newId(),
        condition,
        value,
        isActive: legacy.notify,
        createdAt: context.now,
        met: initialMet(condition, value, context.lastScore),
      });
    }
  }
  return next;
}

/** A stable id for a threshold converted from a site stored before records existed. */
export function convertedThresholdId(siteId: string, bound: 'min' | 'max'): string {
  const hex = createHash('sha256').update(`${siteId}:${bound}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Sites stored before threshold records kept a `{min, max, notify}` object: read it as records. */
export function thresholdsFromStored(siteId: string, createdAt: string, stored: unknown): StoredThreshold[] {
  if (Array.isArray(stored)) return stored as StoredThreshold[];
  if (!stored || typeof stored !== 'object') return [];
  const legacy = stored as LegacyThresholds;
  return applyLegacy([], legacy, { now: createdAt, lastScore: null, newId: () => '' }).map((t) => ({
    ...t,
    id: convertedThresholdId(siteId, t.condition === 'drops_below' ? 'min' : 'max'),
  }));
}
