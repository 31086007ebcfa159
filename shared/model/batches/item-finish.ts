import { finalStatus, type StoredBatch, type StoredBatchItem } from '#shared/model/batches/batch.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';

/*
 * What an item's end writes and what it means for its batch: the item's outcome, the batch counter
 * it adds to, the scan given back, and whether the batch is done (and the event its end raises).
 */

export interface ItemOutcome {
  status: 'completed' | 'failed';
  scanId: string | null;
  score: number | null;
  band: string | null;
  error: string | null;
}

/** An outcome and the day whose counted scan is given back with it (a scan that failed on the target's side). */
export interface FinishPlan {
  outcome: ItemOutcome;
  refundScanDay?: string | undefined;
}

export const failedOutcome = (error: string): ItemOutcome => ({ status: 'failed', scanId: null, score: null, band: null, error });

export const completedOutcome = (result: Pick<ScanResult, 'id' | 'score' | 'band'>): ItemOutcome => ({
  status: 'completed',
  scanId: result.id,
  score: result.score,
  band: result.band,
  error: null,
});

/** The batch counter an outcome adds one to. */
export function batchCounterOf(outcome: Pick<ItemOutcome, 'status'>): 'completedUrls' | 'failedUrls' {
  return outcome.status === 'completed' ? 'completedUrls' : 'failedUrls';
}

/** Failures of the item's own (what the user should see as a failed item), as against our side failing. */
const itemFailureKinds = ['upstream_failed', 'timed_out', 'invalid_input'];

/** The allowance was used up when the item was to be counted: it fails unscanned (nothing to give back). */
export function notCountedPlan(message: string): FinishPlan {
  return { outcome: failedOutcome(`Not scanned: ${message}`) };
}

/**
 * A scan that threw: a failure of the item's (the target unreachable or too slow, the URL invalid)
 * fails it, giving back `scanDay`'s scan when the target was at fault (`targetFailure`: only results
 * count); anything else (null) is our side failing and is thrown on.
 */
export function scanFailurePlan(error: { kind: string; message: string }, targetFailure: boolean, scanDay: string): FinishPlan | null {
  if (!itemFailureKinds.includes(error.kind)) return null;
  return { outcome: failedOutcome(error.message), refundScanDay: targetFailure ? scanDay : undefined };
}

/**
 * An abandoned item's end: with the scan an earlier worker stored, else failed with `reason`, giving
 * back the scan it counted.
 */
export function abandonedPlan(
  stored: Pick<StoredBatchItem, 'countedScanDay'>,
  scan: Pick<ScanResult, 'id' | 'score' | 'band'> | null,
  reason: string,
): FinishPlan {
  if (scan) return { outcome: completedOutcome(scan) };
  return { outcome: failedOutcome(reason), refundScanDay: stored.countedScanDay };
}

/** What the message reports once the finish was tried: in_progress when someone else finished or holds the item. */
export function itemStepAfterFinish(finished: boolean, outcome: Pick<ItemOutcome, 'status'>): 'scanned' | 'failed' | 'in_progress' {
  if (!finished) return 'in_progress';
  return outcome.status === 'completed' ? 'scanned' : 'failed';
}

/**
 * The batch as read after an item finished: settled before (raise batch_complete again only when
 * asked, for a message that may have settled it and failed before raising), not every item done yet,
 * or to settle in the status its counts give.
 */
export function settleStep(
  batch: Pick<StoredBatch, 'status' | 'totalUrls' | 'completedUrls' | 'failedUrls'> | null,
  reraise: boolean,
):
  | { kind: 'not_done' }
  | { kind: 'already_settled'; status: 'completed' | 'failed'; reraise: boolean }
  | { kind: 'settle'; status: 'completed' | 'failed' } {
  if (!batch) return { kind: 'not_done' };
  if (batch.status === 'completed' || batch.status === 'failed') return { kind: 'already_settled', status: batch.status, reraise };
  const status = finalStatus(batch);
  return status === null ? { kind: 'not_done' } : { kind: 'settle', status };
}

/** batch_complete's data for a batch that ended in `status`. */
export function batchCompleteData(
  batch: Pick<StoredBatch, 'id' | 'totalUrls' | 'completedUrls' | 'failedUrls'>,
  status: 'completed' | 'failed',
) {
  return { batchId: batch.id, status, totalUrls: batch.totalUrls, completedUrls: batch.completedUrls, failedUrls: batch.failedUrls };
}
