import { setTimeout } from 'node:timers/promises';
import { getScan } from '#shared/db/scan-store.js';
import { claimBatchItem, finishBatchItem, getBatchItem, storeItemScan, type FinishGuard } from '#shared/db/batch-item-store.js';
import { getBatch, settleBatch } from '#shared/db/batch-store.js';
import { claimHostSlot, releaseHostSlot, type HostSlot } from '#shared/db/host-slot-store.js';
import { busy } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { StoredBatch, StoredBatchItem } from '#shared/model/batches/batch.js';
import { abandonedItemStep, itemLease, itemStepAtStart, unclaimedReason } from '#shared/model/batches/item-claim.js';
import {
  abandonedPlan,
  batchCompleteData,
  completedOutcome,
  itemStepAfterFinish,
  notCountedPlan,
  scanFailurePlan,
  settleStep,
  type FinishPlan,
  type ItemOutcome,
} from '#shared/model/batches/item-finish.js';
import type { BatchItemMessage } from '#shared/model/batches/batch-message.js';
import { countItem, type ItemClaim } from '#shared/use-cases/batches/count-item.js';
import { markBatchStarted } from '#shared/use-cases/batches/started-batches.js';
import { isoNow } from '#shared/model/clock.js';
import { AppError } from '#shared/model/errors.js';
import { scanCompleteData } from '#shared/model/events.js';
import { emitEvent } from '#shared/use-cases/emit-event.js';
import { idempotentId } from '#shared/model/idempotency-key.js';
import { isTargetFailure, runScan } from '#shared/use-cases/scans.js';
import type { ScanResult } from '#shared/scanner/engine.js';

/** At most this many scans of one target host run at once, whatever the batches. */
export const scansPerHost = 2;
/** When the host's slots are all taken, the item waits about this long (the message is hidden). */
export const hostBusyRetrySeconds = 2;

export type ItemStep =
  | { kind: 'done'; outcome: 'scanned' | 'failed' | 'already_done' | 'in_progress' | 'unknown_item' }
  | { kind: 'retry'; afterSeconds: number; outcome: 'host_busy' };

/**
 * One batch item: scanned with the growth page budget once (a lease on the item, at most
 * `scansPerHost` scans of its host at once), counted in the account's usage once, stored as an owned
 * scan once, and its outcome and the batch's count written together. Each of those writes marks the
 * item in the same transaction, so a delivery after a worker died at any point carries on from the
 * last write that happened. `lastAttempt` (the message's final receive before the dead-letter queue)
 * finishes the item without scanning, so no batch waits for ever.
 */
export async function scanBatchItem(
  message: BatchItemMessage,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
  options: { leaseMs: number; lastAttempt: boolean; redelivered?: boolean },
): Promise<ItemStep> {
  const { table } = deps;
  const item = await itemOf(message, deps);
  if (!item) return { kind: 'done', outcome: 'unknown_item' };
  if (itemStepAtStart(options.lastAttempt) === 'finish_abandoned')
    return {
      kind: 'done',
      outcome: await finishAbandoned(message.accountId, item, 'The URL could not be scanned: every attempt ended without a result', deps),
    };
  const slot = await waitForHostSlot(new URL(item.url).host, deps, options.leaseMs);
  if (!slot) return { kind: 'retry', afterSeconds: hostBusyRetrySeconds, outcome: 'host_busy' };
  try {
    const lease = itemLease(deps.clock.now(), options.leaseMs);
    const leaseUntil = lease.until;
    const claimed = await claimBatchItem(table, item, lease);
    if (!claimed) return { kind: 'done', outcome: await whyUnclaimed(item, deps, options.redelivered === true) };
    await markBatchStarted(item.batchId, deps);
    const { countedCallMonth, countedScanDay } = claimed;
    const claim: ItemClaim = {
      accountId: message.accountId,
      batchId: item.batchId,
      index: item.index,
      leaseUntil,
      countedCallMonth,
      countedScanDay,
    };
    const result = claimed.scanId ? await storedOutcome(claimed.scanId, claim, deps) : await scanItem(item.url, claim, deps);
    if (result === 'claim_lost') return { kind: 'done', outcome: 'in_progress' };
    const finished = await finish(claim, result.outcome, { heldUntil: leaseUntil }, deps, result.refundScanDay);
    return { kind: 'done', outcome: itemStepAfterFinish(finished, result.outcome) };
  } finally {
    await releaseHostSlot(table, slot);
  }
}

type ItemRef = Pick<StoredBatchItem, 'batchId' | 'index' | 'url'>;

/** The item a message names: its URL travels with it (messages queued before it did are read). */
async function itemOf(message: BatchItemMessage, deps: Pick<Dependencies, 'table'>): Promise<ItemRef | null> {
  if (message.url !== undefined) return { batchId: message.batchId, index: message.index, url: message.url };
  return getBatchItem(deps.table, message.batchId, message.index);
}

/** A claim that failed: the item is finished (its batch may still need settling), held by a live lease, or not the message's. */
async function whyUnclaimed(
  item: ItemRef,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger' | 'queue'>,
  redelivered: boolean,
): Promise<'already_done' | 'in_progress' | 'unknown_item'> {
  const reason = unclaimedReason(await getBatchItem(deps.table, item.batchId, item.index), item);
  if (reason === 'already_done') await settleIfDone(item.batchId, deps, { reraise: redelivered });
  return reason;
}

/** A busy host is asked again this often, for a few seconds, before the message is handed back. */
const slotPollMs = 150;
const slotWaitMs = 3_000;

/** One of the host's slots: at once, or within a few seconds while the host's other scans finish. */
async function waitForHostSlot(host: string, deps: Pick<Dependencies, 'table' | 'clock'>, leaseMs: number): Promise<HostSlot | null> {
  for (let tries = 1; ; tries += 1) {
    const now = deps.clock.now();
    const slot = await claimHostSlot(deps.table, host, scansPerHost, { now, untilMs: now + leaseMs });
    if (slot || tries * slotPollMs >= slotWaitMs) return slot;
    await setTimeout(slotPollMs);
  }
}

/**
 * A message that reached the dead-letter queue (its deliveries kept failing before the worker could
 * record an outcome): the item finishes with that reason, so its batch still ends.
 */
export async function failAbandonedItem(
  message: BatchItemMessage,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger' | 'queue'>,
): Promise<AbandonedOutcome> {
  const item = await itemOf(message, deps);
  if (!item) return 'unknown_item';
  return finishAbandoned(message.accountId, item, 'The URL could not be scanned: its scan kept failing (dead-letter queue)', deps);
}

type AbandonedOutcome = 'scanned' | 'failed' | 'already_done' | 'unknown_item';

/**
 * Finishes an item no delivery will scan, whoever holds it: with its stored scan when an earlier
 * worker stored one, else failed with `reason` and its counted scan given back. Written only while
 * the item is as read, so a worker still scanning it cannot count or store in between unnoticed.
 */
async function finishAbandoned(
  accountId: string,
  item: ItemRef,
  reason: string,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger' | 'queue'>,
): Promise<AbandonedOutcome> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const stored = await getBatchItem(deps.table, item.batchId, item.index);
    const step = abandonedItemStep(stored, item);
    if (step === 'unknown_item' || !stored) return 'unknown_item';
    if (step === 'already_done') {
      await settleIfDone(item.batchId, deps);
      return 'already_done';
    }
    const scan = stored.scanId ? await getScan(deps.table, stored.scanId, deps.clock.now()) : null;
    const { outcome, refundScanDay } = abandonedPlan(stored, scan?.result ?? null, reason);
    if (await finish({ ...item, accountId }, outcome, { asRead: stored }, deps, refundScanDay)) return scan ? 'scanned' : 'failed';
  }
  throw busy();
}

/**
 * Counts the item (unless counted before), scans, stores the scan with the item's mark and raises
 * scan_complete; a failure the user should see is a failed item. 'claim_lost': another worker took the
 * item (this one outlived its lease), and this one writes nothing more.
 */
async function scanItem(
  url: string,
  claim: ItemClaim,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
): Promise<FinishPlan | 'claim_lost'> {
  let scanDay: string;
  try {
    const count = await countItem(claim, deps);
    if (count.kind === 'claim_lost') return 'claim_lost';
    scanDay = count.scanDay;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'rate_limited') return notCountedPlan(error.message);
    throw error;
  }
  let result: ScanResult;
  try {
    result = await runScan(url, 'growth', deps, null);
  } catch (error) {
    // Only results count: a target that could not be reached gives the day's scan back (with the outcome).
    const plan = error instanceof AppError ? scanFailurePlan(error, isTargetFailure(error), scanDay) : null;
    if (!plan) throw error;
    return plan;
  }
  if (!(await storeItemScan(deps.table, claim, result))) return 'claim_lost';
  await emitEvent('scan_complete', claim.accountId, scanCompleteData(result, { batchId: claim.batchId }), deps);
  return { outcome: completedOutcome(result) };
}

/**
 * An item whose scan an earlier delivery stored before its worker died: finished with that scan, not
 * scanned again. scan_complete is raised again, as that worker may have died before raising it
 * (at least once: receivers tell repeats by `scanId`).
 */
async function storedOutcome(
  scanId: string,
  claim: ItemClaim,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger' | 'queue'>,
): Promise<FinishPlan> {
  const stored = await getScan(deps.table, scanId, deps.clock.now());
  if (!stored) throw new Error(`Item ${claim.index} of batch ${claim.batchId} names scan ${scanId}, which is not stored`);
  await emitEvent('scan_complete', claim.accountId, scanCompleteData(stored.result, { batchId: claim.batchId }), deps);
  return { outcome: completedOutcome(stored.result) };
}

/** Records the item's outcome unless the guard fails (false), then settles the batch if it is done. */
async function finish(
  item: { accountId: string; batchId: string; index: number },
  outcome: ItemOutcome,
  guard: FinishGuard,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger' | 'queue'>,
  refundScanDay?: string,
): Promise<boolean> {
  const finished = await finishBatchItem(deps.table, item, outcome, guard, refundScanDay);
  await settleIfDone(item.batchId, deps);
  return finished;
}

/**
 * Makes the final transition when every item is done: whoever reads the full counts tries it, and the
 * conditional write lets exactly one succeed; that one sets completedAt and raises batch_complete.
 */
export async function settleIfDone(
  batchId: string,
  deps: Pick<Dependencies, 'table' | 'clock' | 'logger' | 'queue'>,
  options: { reraise?: boolean } = {},
): Promise<'settled' | 'not_done' | 'already_settled'> {
  const batch = await getBatch(deps.table, batchId);
  const step = settleStep(batch, options.reraise === true);
  if (step.kind === 'not_done' || !batch) return 'not_done';
  if (step.kind === 'already_settled') {
    // A message that failed before may have made the transition and lost its answer (the table paused)
    // before raising the event: raised again, with the same id, so it is delivered once, not never.
    if (step.reraise) await raiseBatchComplete(batch, step.status, batch.completedAt ?? isoNow(deps.clock), deps);
    return 'already_settled';
  }
  const { status } = step;
  const completedAt = isoNow(deps.clock);
  if (!(await settleBatch(deps.table, batch, status, completedAt))) return 'already_settled';
  await raiseBatchComplete(batch, status, completedAt, deps);
  return 'settled';
}

/** batch_complete, with an id derived from the batch: however often it is raised, one delivery per endpoint. */
function raiseBatchComplete(
  batch: StoredBatch,
  status: 'completed' | 'failed',
  completedAt: string,
  deps: Pick<Dependencies, 'clock' | 'logger' | 'queue'>,
): Promise<void> {
  return emitEvent('batch_complete', batch.accountId, batchCompleteData(batch, status), deps, {
    id: idempotentId(batch.accountId, 'batch_complete', batch.id)!,
    occurredAt: completedAt,
  });
}
