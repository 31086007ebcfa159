import type { ThresholdCondition } from '#shared/domain/sites/thresholds.js';
import type { CheckStatus, ScanResult } from '#shared/scanner/result.js';

/** One site's change in an alert e-mail digest. */
export interface DigestEntry {
  siteId: string;
  url: string;
  label: string;
  slot: string;
  previousScore: number | null;
  score: number;
  scannedAt: string;
  worse: CheckChange[];
  better: CheckChange[];
  topFix: { title: string; fix: string } | null;
  crossed: Array<{ condition: ThresholdCondition; value: number }>;
}

export interface CheckChange {
  id: string;
  title: string;
  from: CheckStatus;
  to: CheckStatus;
}

const rank: Partial<Record<CheckStatus, number>> = { fail: 0, warn: 1, pass: 2 };

/** The checks that got worse or better between two scans (assessed in both). */
export function checkChanges(previous: ScanResult | null, current: ScanResult): { worse: CheckChange[]; better: CheckChange[] } {
  const before = new Map((previous?.checks ?? []).map((check) => [check.id, check.status]));
  const worse: CheckChange[] = [];
  const better: CheckChange[] = [];
  for (const check of current.checks) {
    const from = before.get(check.id);
    const was = from === undefined ? undefined : rank[from];
    const is = rank[check.status];
    if (from === undefined || was === undefined || is === undefined || was === is) continue;
    (is < was ? worse : better).push({ id: check.id, title: check.title, from, to: check.status });
  }
  return { worse, better };
}
