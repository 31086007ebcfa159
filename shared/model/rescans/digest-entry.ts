import type { ThresholdCondition } from '#shared/model/sites/thresholds.js';
import type { CheckStatus, ScanResult } from '#shared/model/scans/scan-result.js';

/** One site's change in an alert e-mail digest. */
export interface DigestEntry {
  siteId: string;
  url: string;
  label: string;
  slot: string;
  previousScore: number | null;
  score: number;
  /** The rescan's scan, for the mail's report link (absent on entries stored before it existed). */
  scanId?: string;
  scannedAt: string;
  worse: CheckChange[];
  better: CheckChange[];
  topFix: { title: string; fix: string } | null;
  crossed: Array<{ condition: ThresholdCondition; value: number }>;
  /** Changed checks beyond those kept in `worse` and `better` (absent on entries stored before it existed). */
  moreChecks?: number;
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

/** What one entry may hold, so that a full digest (ALERT_DIGEST_MAX_SITES entries) stays far under DynamoDB's 400 KB item limit. */
export const entryBounds = { checksEachWay: 5, crossed: 10, text: 100, id: 40, label: 100, url: 2048, fixTitle: 120, fix: 400 } as const;

const clip = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);

/** The entry cut to `entryBounds`: the first changes of each kind are kept and the rest counted. */
export function boundedEntry(entry: DigestEntry): DigestEntry {
  const checks = (changes: CheckChange[]) =>
    changes
      .slice(0, entryBounds.checksEachWay)
      .map((change) => ({ ...change, id: clip(change.id, entryBounds.id), title: clip(change.title, entryBounds.text) }));
  const cut = Math.max(0, entry.worse.length - entryBounds.checksEachWay) + Math.max(0, entry.better.length - entryBounds.checksEachWay);
  return {
    ...entry,
    url: clip(entry.url, entryBounds.url),
    label: clip(entry.label, entryBounds.label),
    worse: checks(entry.worse),
    better: checks(entry.better),
    topFix: entry.topFix ? { title: clip(entry.topFix.title, entryBounds.fixTitle), fix: clip(entry.topFix.fix, entryBounds.fix) } : null,
    crossed: entry.crossed.slice(0, entryBounds.crossed),
    moreChecks: (entry.moreChecks ?? 0) + cut,
  };
}
