import type { ScoredDimension } from '#shared/model/scans/scan-result.js';
import type { CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { dimensions } from '#shared/scanner/dimensions.js';

export interface ScoredCheck extends CheckOutcome {
  id: string;
  dimension: CheckDefinition['dimension'];
  title: string;
  points: number;
  earned: number;
  platformProvided: boolean;
}

export interface Cap {
  id: string;
  limit: number;
  reason: string;
}

export type Band = 'agent_ready' | 'partially_ready' | 'needs_work' | 'not_ready';

export interface Score {
  checks: ScoredCheck[];
  dimensions: ScoredDimension[];
  /** Before caps. */
  uncapped: number;
  score: number;
  band: Band;
  coverage: number;
  caps: Cap[];
  available: number;
}

const assessed = (check: CheckOutcome) =>
  check.score !== null && (check.status === 'pass' || check.status === 'warn' || check.status === 'fail');
const round2 = (value: number) => Math.round(value * 100) / 100;

export function bandOf(score: number): Band {
  if (score >= 90) return 'agent_ready';
  if (score >= 70) return 'partially_ready';
  if (score >= 50) return 'needs_work';
  return 'not_ready';
}

/**
 * Lighthouse's model: each check earns points x score; not-applicable and not-assessed checks leave
 * the denominator. Overall = earned / available, clamped to 1..100, then the lowest cap applies.
 */
export function score(results: { definition: CheckDefinition; outcome: CheckOutcome }[], caps: Cap[]): Score {
  const checks: ScoredCheck[] = results.map(({ definition, outcome }) => ({
    ...outcome,
    id: definition.id,
    dimension: definition.dimension,
    title: definition.title,
    points: definition.points,
    earned: assessed(outcome) ? round2(definition.points * (outcome.score ?? 0)) : 0,
    platformProvided: outcome.platformProvided ?? false,
  }));
  const scoredDimensions = dimensions.map((dimension) => {
    const own = checks.filter((check) => check.dimension === dimension.id);
    const earned = own.reduce((sum, check) => sum + check.earned, 0);
    const available = own.filter(assessed).reduce((sum, check) => sum + check.points, 0);
    return {
      id: dimension.id,
      name: dimension.name,
      weight: dimension.weight,
      score: available > 0 ? Math.round((earned / available) * 100) : null,
      earned: round2(earned),
      available,
      checks: own.map((check) => check.id),
    };
  });
  const earned = scoredDimensions.reduce((sum, d) => sum + d.earned, 0);
  const available = scoredDimensions.reduce((sum, d) => sum + d.available, 0);
  const uncapped = clamp(available > 0 ? Math.round((earned / available) * 100) : 1);
  const limit = Math.min(100, ...caps.map((cap) => cap.limit));
  const final = clamp(Math.min(uncapped, limit));
  return {
    checks,
    dimensions: scoredDimensions,
    uncapped,
    score: final,
    band: bandOf(final),
    coverage: round2(available / 100),
    caps: caps.filter((cap) => cap.limit < uncapped),
    available,
  };
}

function clamp(value: number): number {
  return Math.min(100, Math.max(1, value));
}
