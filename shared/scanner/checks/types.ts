import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckId } from '#shared/scanner/checks/check-ids.js';

export const dimensionIds = ['agent_access', 'raw_html', 'product_data', 'policies_trust', 'discovery', 'agentic_commerce'] as const;
export type DimensionId = (typeof dimensionIds)[number];

/**
 * pass = 1, warn = 0.5, fail = 0, or a fraction (e.g. averaged over product pages).
 * not_applicable and not_assessed leave the denominator: missing data is never a fail unless its
 * absence is itself the finding.
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'not_applicable' | 'not_assessed';

export interface Evidence {
  url: string | null;
  value: string | null;
}

export interface CheckOutcome {
  status: CheckStatus;
  /** In [0, 1] for pass/warn/fail; null for not_applicable and not_assessed. */
  score: number | null;
  /** One line a shop owner understands, with the finding. */
  summary: string;
  evidence: Evidence[];
  /** Credit comes from a platform default (e.g. Shopify's generated /.well-known/ucp). */
  platformProvided?: boolean;
}

/** The advice for a check that did not pass; gain and priority are computed by the scorer. */
export interface Advice {
  title: string;
  /** The consequence for an agent, with the evidence (URL and value found). */
  why: string;
  /** What to change, concretely. */
  fix: string;
  /** JSON-LD, robots.txt lines, HTML: something to paste, when one helps. */
  snippet: string | null;
  effort: 'S' | 'M' | 'L';
}

export interface CheckDefinition {
  id: CheckId;
  dimension: DimensionId;
  title: string;
  /** Weight points; a dimension's checks add up to its weight. */
  points: number;
  evaluate(artifacts: Artifacts): CheckOutcome;
  /** Called only for warn and fail outcomes. */
  advise(outcome: CheckOutcome, artifacts: Artifacts): Advice;
}

export const outcome = {
  pass: (summary: string, evidence: Evidence[] = [], extra: Partial<CheckOutcome> = {}): CheckOutcome => ({
    status: 'pass',
    score: 1,
    summary,
    evidence,
    ...extra,
  }),
  warn: (summary: string, evidence: Evidence[] = [], extra: Partial<CheckOutcome> = {}): CheckOutcome => ({
    status: 'warn',
    score: 0.5,
    summary,
    evidence,
    ...extra,
  }),
  fail: (summary: string, evidence: Evidence[] = [], extra: Partial<CheckOutcome> = {}): CheckOutcome => ({
    status: 'fail',
    score: 0,
    summary,
    evidence,
    ...extra,
  }),
  /** A fraction: pass at 1, fail at 0, warn in between. */
  fraction: (score: number, summary: string, evidence: Evidence[] = []): CheckOutcome => ({
    status: score >= 1 ? 'pass' : score <= 0 ? 'fail' : 'warn',
    score: Math.min(1, Math.max(0, score)),
    summary,
    evidence,
  }),
  notApplicable: (summary: string, evidence: Evidence[] = []): CheckOutcome => ({
    status: 'not_applicable',
    score: null,
    summary,
    evidence,
  }),
  notAssessed: (summary: string, evidence: Evidence[] = []): CheckOutcome => ({ status: 'not_assessed', score: null, summary, evidence }),
};

export const evidence = (url: string | null, value: string | number | boolean | null): Evidence => ({
  url,
  value: value === null ? null : String(value),
});
