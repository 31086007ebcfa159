import { getAccount } from '#shared/db/account-store.js';
import { claimHost, spaceHost } from '#shared/db/host-lease-store.js';
import { runJobOnce } from '#shared/db/job-lease-store.js';
import { getScan, putOwnedScan } from '#shared/db/scan-store.js';
import { completeRescan, rescanJobKey, type RescanOutcome } from '#shared/db/rescan-completion-store.js';
import { getWatchedSite, listWatchedSites } from '#shared/db/watched-site-store.js';
import { oldestSnapshotKeys } from '#shared/db/site-history-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { AppError } from '#shared/model/errors.js';
import { allowanceFor } from '#shared/model/plans.js';
import { raiseRescanAlerts } from '#shared/use-cases/rescans/alerts.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { nextDueAt, shardOf } from '#shared/model/rescans/schedule.js';
import { runScan } from '#shared/use-cases/scans.js';
import { recheckOwnership } from '#shared/use-cases/sites/prove-ownership.js';
import { platformProfileUrl } from '#shared/use-cases/ucp-platform-profile.js';
import { pausedSiteIds } from '#shared/model/sites/paused-sites.js';
import { evaluateThresholds } from '#shared/model/sites/thresholds.js';
import { snapshotOf } from '#shared/model/sites/competition.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import { comparableScoreChange } from '#shared/model/sites/score-change.js';
import { openAcpCredential } from '#shared/use-cases/sites/acp-credential.js';

export type RescanResult = 'rescanned' | 'failed' | 'duplicate' | 'gone' | 'paused' | 'deferred';

/** A message waits for a busy host at most this many times, then is scanned anyway (a host that never frees). */
const maxDeferrals = 20;
/** SQS delays a message by at most 15 minutes. */
const maxDelaySeconds = 900;
const completeAttempts = 5;

/** The scan failures that are the shop's, recorded on the site: unreachable, 5xx, time-out, a URL that no longer passes. */
function shopFailure(error: unknown): string | null {
  if (error instanceof AppError && (error.kind === 'upstream_failed' || error.kind === 'timed_out' || error.kind === 'invalid_input'))
    return error.message;
  return null;
}

/**
 * One site's rescan for one sweep (the rescan worker's message). Exactly once per site and sweep:
 * a lease keeps redeliveries from scanning at the same time, and the completing transaction is
 * conditional on the sweep's rescan not having completed. Rescans of one host are spaced: a message
 * for a busy host is put back with a delay. A site above its owner's tier limit is not rescanned.
 */
export async function rescanSite(
  message: RescanMessage,
  deps: Pick<
    Dependencies,
    'config' | 'table' | 'clock' | 'logger' | 'queue' | 'fetcher' | 'secretBox' | 'lookup' | 'markupCache' | 'webBotAuthKey'
  >,
  leaseSeconds: number,
): Promise<RescanResult> {
  const { table, config } = deps;
  const site = await getWatchedSite(table, message.accountId, message.siteId);
  if (!site) return 'gone';
  if (site.lastScanSlot === message.slot) return 'duplicate';
  const account = await getAccount(table, message.accountId);
  if (!account) return 'gone';
  if (await isPaused(account, site, deps)) return 'paused';

  // The host with its port: two services on one machine are two shops (the fixtures share 127.0.0.1).
  const host = new URL(site.url).host;
  const nowSeconds = Math.floor(deps.clock.now() / 1000);
  const hold = await claimHost(table, host, {
    nowSeconds,
    untilSeconds: nowSeconds + config.scanTimeoutSeconds + config.rescanHostSpacingSeconds,
  });
  if (!hold.claimed && message.deferrals < maxDeferrals) {
    const wait = Math.min(
      maxDelaySeconds,
      Math.max(1, hold.freeAtSeconds - nowSeconds) + Math.floor(Math.random() * config.rescanHostSpacingSeconds),
    );
    await deps.queue.send('rescan', { ...message, deferrals: message.deferrals + 1 } satisfies RescanMessage, { delaySeconds: wait });
    return 'deferred';
  }

  try {
    const run = await runJobOnce(table, rescanJobKey(site.id, message.slot), { nowSeconds, leaseSeconds, retentionSeconds: 86_400 }, () =>
      scanAndComplete(site, account, message, deps),
    );
    // Another delivery is scanning this site for this sweep: SQS offers the message again later.
    if (run.kind === 'in_progress') throw new Error(`The rescan of site ${site.id} for ${message.slot} is running in another delivery`);
    return run.kind === 'done' ? 'duplicate' : run.result;
  } finally {
    await spaceHost(table, host, Math.floor(deps.clock.now() / 1000) + config.rescanHostSpacingSeconds);
  }
}

async function isPaused(account: Account, site: WatchedSite, deps: Pick<Dependencies, 'config' | 'table'>): Promise<boolean> {
  const limit = allowanceFor(account.tier, deps.config).watchedSites;
  if (account.siteCount <= limit) return false;
  return pausedSiteIds(await listWatchedSites(deps.table, account.id), limit).has(site.id);
}

async function scanAndComplete(
  site: WatchedSite,
  account: Account,
  message: RescanMessage,
  deps: Pick<
    Dependencies,
    'config' | 'table' | 'clock' | 'logger' | 'queue' | 'fetcher' | 'secretBox' | 'lookup' | 'markupCache' | 'webBotAuthKey'
  >,
): Promise<RescanResult> {
  let result: ScanResult | null = null;
  let failure: string | null = null;
  // Before the scan: what the scan may do on the shop's endpoints depends on the proof read now, not last week's.
  const ownership = await recheckOwnership(site, deps);
  const drives = ownership?.status === 'proven' && (message.checkoutDrive === true || site.weeklyCheckoutDrive === true);
  try {
    const grant = drives
      ? { agentProfile: platformProfileUrl(deps.config.publicBaseUrl), acpBearerToken: await openAcpCredential(site, deps) }
      : undefined;
    result = await runScan(site.url, account.tier, deps, null, undefined, grant);
  } catch (error) {
    failure = shopFailure(error);
    if (failure === null) throw error;
  }
  if (result) await putOwnedScan(deps.table, result, account.id);
  const previousTier = await lastScanTier(site, deps);

  let current: WatchedSite | null = site;
  for (let attempt = 0; attempt < completeAttempts && current; attempt += 1) {
    const outcome = outcomeFor(current, message.slot, result, failure, deps, previousTier);
    if (outcome.changes.kind === 'scored') {
      // The cap: the new snapshot pushes out the oldest, in the same transaction.
      const excess = current.historyCount + 1 - deps.config.scoreHistoryMax;
      outcome.changes.drop = await oldestSnapshotKeys(deps.table, current.accountId, current.id, excess);
    }
    const written = await completeRescan(deps.table, outcome);
    if (written === 'gone') return 'gone';
    if (written === 'done') return 'duplicate';
    if (written === 'completed') {
      if (result && outcome.changes.kind === 'scored') {
        await raiseRescanAlerts(
          { account, site: current, result, scoreChange: outcome.changes.scoreChange, crossed: outcome.crossed, slot: message.slot },
          deps,
        );
      }
      return result ? 'rescanned' : 'failed';
    }
    // The site changed meanwhile (a rename, a threshold): compute again from what it is now.
    current = await getWatchedSite(deps.table, site.accountId, site.id);
  }
  if (!current) return 'gone';
  throw new Error(`Site ${site.id} kept changing while its rescan was stored`);
}

/** The depth (tier) the site's last score was read at; null when unknown (never scanned, or that scan is gone). */
async function lastScanTier(site: WatchedSite, deps: Pick<Dependencies, 'table' | 'clock'>): Promise<Tier | null> {
  if (site.lastScanId === null) return null;
  return (await getScan(deps.table, site.lastScanId, deps.clock.now()))?.result.tier ?? null;
}

function outcomeFor(
  site: WatchedSite,
  slot: string,
  result: ScanResult | null,
  failure: string | null,
  deps: Pick<Dependencies, 'config' | 'clock'>,
  previousTier: Tier | null,
): RescanOutcome & { crossed: ReturnType<typeof evaluateThresholds>['crossed'] } {
  const next = { shard: shardOf(site.id, deps.config.rescanDueShards), dueAt: nextDueAt(deps.clock.now(), deps.config) };
  if (!result) return { site, slot, next, changes: { kind: 'failed', error: failure ?? 'The scan failed' }, crossed: [] };
  const evaluated = evaluateThresholds(site.thresholds, result.score, site.lastScore);
  return {
    site,
    slot,
    next,
    crossed: evaluated.crossed,
    changes: {
      kind: 'scored',
      lastScore: result.score,
      lastScannedAt: result.createdAt,
      scoreChange: comparableScoreChange(site, previousTier, result),
      scanId: result.id,
      thresholds: evaluated.thresholds,
      snapshot: snapshotOf(result),
      drop: [],
    },
  };
}
