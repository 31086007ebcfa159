import { countDroppedDigestEntry } from '#shared/adapters/alert-metrics.js';
import { appendDigestEntry, markDigestScheduled } from '#shared/db/alert-digest-store.js';
import { getScan } from '#shared/db/scan-store.js';
import { listWebhookItems } from '#shared/db/webhook-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { scanCompleteData } from '#shared/model/events.js';
import { emitEvent } from '#shared/use-cases/emit-event.js';
import type { AlertDigestJob } from '#shared/use-cases/rescans/alert-digest-job.js';
import { boundedEntry, checkChanges, type DigestEntry } from '#shared/model/rescans/digest-entry.js';
import { thresholdRecord, type StoredThreshold } from '#shared/model/sites/thresholds.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import { allowanceFor } from '#shared/model/plans.js';
import { tierAtLeast } from '#shared/model/tiers.js';
import { alertDestination, type AlertEvent } from '#shared/model/sites/alert-routing.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { findingsOf } from '#shared/model/scans/findings.js';

export interface RescanAlertInput {
  account: Account;
  /** The site as it was before this rescan (its last score is the previous one). */
  site: WatchedSite;
  result: ScanResult;
  scoreChange: number | null;
  crossed: StoredThreshold[];
  slot: string;
}

/**
 * The events of a completed rescan: `scan_complete` (growth) always; when the site's alerts are on,
 * `score_change` when the score moved and `threshold_alert` per threshold that started to hold (growth).
 * Each goes to the webhook queue; the changes no webhook of the account receives go into the
 * account's e-mail digest for this sweep instead (scan_complete is never mailed: a digest tells changes).
 */
export async function raiseRescanAlerts(
  input: RescanAlertInput,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue'>,
): Promise<void> {
  const { account, site, result } = input;
  const growth = tierAtLeast(account.tier, 'growth');
  // Every completed rescan is a completed scan; the alerts below are what alertEnabled turns off.
  if (growth) await emitEvent('scan_complete', account.id, scanCompleteData(result, { siteId: site.id }), deps);
  if (!site.alertEnabled) return;
  const about = { siteId: site.id, url: site.url, label: site.label, scanId: result.id };
  const changed = input.scoreChange !== null && input.scoreChange !== 0;
  if (changed)
    await emitEvent(
      'score_change',
      account.id,
      { ...about, previousScore: site.lastScore, score: result.score, change: input.scoreChange! },
      deps,
    );
  const crossed = growth ? input.crossed : [];
  for (const threshold of crossed) {
    await emitEvent(
      'threshold_alert',
      account.id,
      { ...about, threshold: thresholdRecord(threshold), score: result.score, previousScore: site.lastScore },
      deps,
    );
  }
  const raised: AlertEvent[] = [
    ...(changed ? (['score_change'] as const) : []),
    ...(crossed.length > 0 ? (['threshold_alert'] as const) : []),
  ];
  if (raised.length === 0) return;

  // Mailed unless a webhook receives it: the rule the site views show as `alertsGoTo`.
  const webhooks = await listWebhookItems(deps.table, account.id);
  const limit = allowanceFor(account.tier, deps.config).webhooksMax;
  const mailed = raised.filter((type) => alertDestination(type, webhooks, account.tier, limit).channel === 'email');
  if (mailed.length === 0) return;
  await addToDigest(await digestEntry(input, crossed, mailed.includes('score_change'), deps), input.slot, account.id, deps);
}

async function digestEntry(
  input: RescanAlertInput,
  crossed: StoredThreshold[],
  scoreChanged: boolean,
  deps: Pick<Dependencies, 'table' | 'clock'>,
): Promise<DigestEntry> {
  const { site, result } = input;
  const previous = site.lastScanId ? await getScan(deps.table, site.lastScanId, deps.clock.now()) : null;
  const changes = checkChanges(previous?.result ?? null, result);
  const top = findingsOf(result.recommendations)[0]?.lead;
  return boundedEntry({
    siteId: site.id,
    url: site.url,
    label: site.label,
    slot: input.slot,
    previousScore: scoreChanged ? site.lastScore : result.score,
    score: result.score,
    scanId: result.id,
    scannedAt: result.createdAt,
    worse: changes.worse,
    better: changes.better,
    topFix: top ? { title: top.title, fix: top.fix } : null,
    crossed: crossed.map((threshold) => ({ condition: threshold.condition, value: threshold.value })),
  });
}

/**
 * Adds the entry (replacing an older one of its site); the first entry of an account in a sweep
 * schedules that sweep's digest mail. A full digest counts the entry instead, and the mail says so.
 */
async function addToDigest(
  entry: DigestEntry,
  slot: string,
  accountId: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue'>,
): Promise<void> {
  const stored = await appendDigestEntry(deps.table, accountId, entry, deps.config.alertDigestMaxSites);
  if (stored === 'dropped') {
    deps.logger.warn('Alert digest full: entry counted, not kept', {
      accountId,
      siteId: entry.siteId,
      slot,
      maxSites: deps.config.alertDigestMaxSites,
    });
    countDroppedDigestEntry(deps.clock.now());
  }
  const expiresAt = Math.floor(deps.clock.now() / 1000) + 30 * 86_400;
  if (!(await markDigestScheduled(deps.table, accountId, slot, expiresAt))) return;
  const job: AlertDigestJob = { kind: 'alert-digest', accountId, slot, waits: 0 };
  await deps.queue.send('mail', job, { delaySeconds: Math.min(900, deps.config.alertDigestDelaySeconds) });
}
