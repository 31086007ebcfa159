/** pending (accepted) -> processing (an item started) -> completed (all done, one or more scanned) or failed (none scanned). */
export type BatchStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type ItemStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface StoredBatch {
  id: string;
  accountId: string;
  label: string | null;
  status: BatchStatus;
  /** Distinct items after normalisation, invalid ones included. */
  totalUrls: number;
  completedUrls: number;
  failedUrls: number;
  createdAt: string;
  completedAt: string | null;
  /** Holds one of the account's outstanding-batch places until its final transition gives it back. */
  holdsPlace?: boolean;
  /** Submitted with an Idempotency-Key: the credential that did (shared/model/idempotency-key.ts), the only one a repeat answers. */
  createdBy?: string;
}

export interface StoredBatchItem {
  batchId: string;
  /** Position in the submitted list (after duplicates were dropped). */
  index: number;
  url: string;
  status: ItemStatus;
  /** Set in the transaction that stores its scan (the item may still be processing then). */
  scanId: string | null;
  score: number | null;
  band: string | null;
  error: string | null;
  /** Epoch milliseconds: a worker is scanning it until then. */
  leaseUntil?: number;
  /**
   * The usage windows its API call and its scan were counted in, written in the same transaction as
   * the count: a redelivered message finds them and does not count again. A refunded scan removes its own.
   */
  countedCallMonth?: string;
  countedScanDay?: string;
}

export function batchSummary(batch: StoredBatch) {
  const { id, label, status, totalUrls, completedUrls, failedUrls, createdAt } = batch;
  return { id, label, status, totalUrls, completedUrls, failedUrls, createdAt };
}

export function batchDetail(batch: StoredBatch, items: readonly StoredBatchItem[]) {
  return {
    ...batchSummary(batch),
    completedAt: batch.completedAt,
    results: items.map(({ url, status, scanId, score, band, error }) => ({ url, status, scanId, score, band, error })),
  };
}

/** Every item is done: the status the batch ends in. */
export function finalStatus(batch: Pick<StoredBatch, 'totalUrls' | 'completedUrls' | 'failedUrls'>): 'completed' | 'failed' | null {
  if (batch.completedUrls + batch.failedUrls < batch.totalUrls) return null;
  return batch.completedUrls > 0 ? 'completed' : 'failed';
}
