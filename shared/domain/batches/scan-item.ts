import { setTimeout } from 'node:timers/promises';
import { putOwnedScan } from '#shared/db/scans.js';
import { claimBatchItem, finishBatchItem, getBatch, getBatchItem, settleBatch, type ItemOutcome } from '#shared/db/batches.js';
import { claimHostSlot, releaseHostSlot, type HostSlot } from '#shared/db/host-slots.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/domain/accounts/account.js';
import { countApiCallAndScan, refundScan } from '#shared/domain/accounts/usage.js';
import { finalStatus, type StoredBatchItem } from '#shared/domain/batches/batch.js';
import type { BatchItemMessage } from '#shared/domain/batches/batch-message.js';
import { markBatchStarted } from '#shared/domain/batches/started-batches.js';
import { isoNow } from '#shared/domain/clock.js';
import { AppError } from '#shared/domain/errors.js';
import { emitEvent, scanCompleteData } from '#shared/domain/events.js';
import { isTargetFailure, runScan } from '#shared/domain/scans.js';

/** At most this many scans of one target host run at once, whatever the batches. */
export const scansPerHost = 2;
/** When the host's slots are all taken, the item waits about this long (the message is hidden). */
export const hostBusyRetrySeconds = 2;

export type ItemStep =
  | { kind: 'done'; outcome: 'scanned' | 'failed' | 'already_done' | 'in_progress' | 'unknown_item' }
  | { kind: 'retry'; afterSeconds: number; outcome: 'host_busy' };

/**
 * One batch item: scanned with the growth page budget once (a lease on the item, at most
 * `scansPerHost` scans of its host at once), stored as an owned scan, counted in the account's usage,
 * and its outcome and the batch's count written together. `lastAttempt` (the message's final receive
 * before the dead-letter queue) fails the item without scanning, so no batch waits for ever.
 */
export async function scanBatchItem(message: BatchItemMessage, deps: Dependencies, options: { leaseMs: number; lastAttempt: boolean }): Promise<ItemStep> {
  const { db, config } = deps;
  const item = await itemOf(message, deps);
  if (!item) return { kind: 'done', outcome: 'unknown_item' };
  if (options.lastAttempt) {
    const failed = await finish(item, { status: 'failed', scanId: null, score: null, band: null, error: 'The URL could not be scanned: every attempt ended without a result' }, deps);
    return { kind: 'done', outcome: failed ? 'failed' : 'already_done' };
  }
  const slot = await waitForHostSlot(new URL(item.url).host, deps, options.leaseMs);
  if (!slot) return { kind: 'retry', afterSeconds: hostBusyRetrySeconds, outcome: 'host_busy' };
  try {
    const claimedAt = deps.clock.now();
    const leaseUntil = claimedAt + options.leaseMs;
    if (!(await claimBatchItem(db, config.tableName, item, { now: claimedAt, until: leaseUntil }))) return { kind: 'done', outcome: await whyUnclaimed(item, deps) };
    await markBatchStarted(item.batchId, deps);
    const outcome = await scanItem(item.url, message.accountId, item.batchId, deps);
    await finish(item, outcome, deps, leaseUntil);
    return { kind: 'done', outcome: outcome.status === 'completed' ? 'scanned' : 'failed' };
  } finally {
    await releaseHostSlot(db, config.tableName, slot);
  }
}

type ItemRef = Pick<StoredBatchItem, 'batchId' | 'index' | 'url'>;

/** The item a message names: its URL travels with it (messages queued before it did are read). */
async function itemOf(message: BatchItemMessage, deps: Dependencies): Promise<ItemRef | null> {
  if (message.url !== undefined) return { batchId: message.batchId, index: message.index, url: message.url };
  return getBatchItem(deps.db, deps.config.tableName, message.batchId, message.index);
}

/** A claim that failed: the item is finished (its batch may still need settling), held by a live lease, or not the message's. */
async function whyUnclaimed(item: ItemRef, deps: Dependencies): Promise<'already_done' | 'in_progress' | 'unknown_item'> {
  const stored = await getBatchItem(deps.db, deps.config.tableName, item.batchId, item.index);
  if (!stored || stored.url !== item.url) return 'unknown_item';
  if (stored.status !== 'completed' && stored.status !== 'failed') return 'in_progress';
  await settleIfDone(item.batchId, deps);
  return 'already_done';
}

/** A busy host is asked again this often, for a few seconds, before the message is handed back. */
const slotPollMs = 150;
const slotWaitMs = 3_000;

/** One of the host's slots: at once, or within a few seconds while the host's other scans finish. */
async function waitForHostSlot(host: string, deps: Dependencies, leaseMs: number): Promise<HostSlot | null> {
  for (let tries = 1; ; tries += 1) {
    const now = deps.clock.now();
    const slot = await claimHostSlot(deps.db, deps.config.tableName, host, scansPerHost, { now, untilMs: now + leaseMs });
    if (slot || tries * slotPollMs >= slotWaitMs) return slot;
    await setTimeout(slotPollMs);
  }
}

/**
 * A message that reached the dead-letter queue (its deliveries kept failing before the worker could
 * record an outcome): the item fails with that reason, so its batch still ends.
 */
export async function failAbandonedItem(message: BatchItemMessage, deps: Dependencies): Promise<'failed' | 'already_done'> {
  const failed = await finish(message, { status: 'failed', scanId: null, score: null, band: null, error: 'The URL could not be scanned: its scan kept failing (dead-letter queue)' }, deps);
  return failed ? 'failed' : 'already_done';
}

/** Counts the scan, scans, stores and raises scan_complete; a failure the user should see is a failed item. */
async function scanItem(url: string, accountId: string, batchId: string, deps: Dependencies): Promise<ItemOutcome> {
  const failed = (error: string): ItemOutcome => ({ status: 'failed', scanId: null, score: null, band: null, error });
  let counted: Account;
  try {
    counted = await countApiCallAndScan(accountId, deps);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'rate_limited') return failed(`Not scanned: ${error.message}`);
    throw error;
  }
  try {
    const result = await runScan(url, 'growth', deps, null);
    await putOwnedScan(deps.db, deps.config.tableName, result, accountId);
    await emitEvent('scan_complete', accountId, scanCompleteData(result, { batchId }), deps);
    return { status: 'completed', scanId: result.id, score: result.score, band: result.band, error: null };
  } catch (error) {
    if (isTargetFailure(error)) await refundScan(counted, deps);
    if (error instanceof AppError && ['upstream_failed', 'timed_out', 'invalid_input'].includes(error.kind)) return failed(error.message);
    throw error;
  }
}

/** Records the item's outcome unless it was already finished (false), then settles the batch if it is done. */
async function finish(item: { batchId: string; index: number }, outcome: ItemOutcome, deps: Dependencies, heldUntil?: number): Promise<boolean> {
  const finished = await finishBatchItem(deps.db, deps.config.tableName, item, outcome, heldUntil);
  await settleIfDone(item.batchId, deps);
  return finished;
}

/**
 * Makes the final transition when every item is done: whoever reads the full counts tries it, and the
 * conditional write lets exactly one succeed; that one sets completedAt and raises batch_complete.
 */
export async function settleIfDone(batchId: string, deps: Dependencies): Promise<'settled' | 'not_done' | 'already_settled'> {
  const batch = await getBatch(deps.db, deps.config.tableName, batchId);
  if (!batch) return 'not_done';
  if (batch.status === 'completed' || batch.status === 'failed') return 'already_settled';
  const status = finalStatus(batch);
  if (status === null) return 'not_done';
  const completedAt = isoNow(deps.clock);
  if (!(await settleBatch(deps.db, deps.config.tableName, batch, status, completedAt))) return 'already_settled';
  await emitEvent(
    'batch_complete',
    batch.accountId,
    { batchId, status, totalUrls: batch.totalUrls, completedUrls: batch.completedUrls, failedUrls: batch.failedUrls },
    deps,
  );
  return 'settled';
}
