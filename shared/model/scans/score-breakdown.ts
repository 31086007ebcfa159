import type { CheckRecord, ScanResult } from './scan-result.js';

/** One dimension's share of the headline: its points, as the engine counts them (shared/scanner/scoring.ts). */
export interface DimensionPoints {
  id: string;
  name: string;
  /** The rubric's nominal weight: the points the dimension's checks are worth when every one is assessed. */
  weight: number;
  /** Points earned, rounded to two decimals as the engine rounds them. */
  earned: number;
  /** Points of the checks that were assessed (pass, warn or fail); the rest leave the denominator. */
  available: number;
  /** The bar: earned over available as a whole percentage; null when nothing could be assessed. */
  percent: number | null;
  /** How many of its checks were not applicable or not assessed. */
  leftOut: number;
}

export interface ScoreBreakdown {
  dimensions: DimensionPoints[];
  earned: number;
  available: number;
  /** Earned over available x 100 before rounding. */
  exact: number;
  /** Rounded to a whole number and held within 1..100: the score before caps. */
  uncapped: number;
  /** The caps that lowered the score, lowest first. */
  caps: ScanResult['caps'];
  /** The headline score this arithmetic gives. */
  score: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number) => Math.min(100, Math.max(1, value));

/** A check counts towards the denominator only when it was assessed, as in the engine. */
export const countsTowardsScore = (check: Pick<CheckRecord, 'status' | 'score'>): boolean =>
  check.score !== null && (check.status === 'pass' || check.status === 'warn' || check.status === 'fail');

/**
 * The headline score rebuilt from a result's checks, step by step as the engine computes it: each
 * dimension's earned points (rounded to two decimals) over its assessed checks' points; the totals'
 * ratio as a percentage, rounded and held within 1..100; then the lowest cap that bit.
 */
export function scoreBreakdown(result: Pick<ScanResult, 'dimensions' | 'checks' | 'caps'>): ScoreBreakdown {
  const dimensions = result.dimensions.map((dimension) => {
    const own = result.checks.filter((check) => check.dimension === dimension.id);
    const assessed = own.filter(countsTowardsScore);
    const earned = round2(own.reduce((sum, check) => sum + check.earned, 0));
    const available = assessed.reduce((sum, check) => sum + check.points, 0);
    return {
      id: dimension.id,
      name: dimension.name,
      weight: dimension.weight,
      earned,
      available,
      percent: available > 0 ? Math.round((earned / available) * 100) : null,
      leftOut: own.length - assessed.length,
    };
  });
  const earned = dimensions.reduce((sum, dimension) => sum + dimension.earned, 0);
  const available = dimensions.reduce((sum, dimension) => sum + dimension.available, 0);
  const exact = available > 0 ? (earned / available) * 100 : 0;
  const uncapped = clamp(available > 0 ? Math.round(exact) : 1);
  const caps = [...result.caps].sort((a, b) => a.limit - b.limit);
  const score = clamp(Math.min(uncapped, ...caps.map((cap) => cap.limit)));
  return { dimensions, earned: round2(earned), available, exact, uncapped, caps, score };
}
