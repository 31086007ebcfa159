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
}

export interface StoredBatchItem {
  batchId: string;
  /** Position in the submitted list (after duplicates were dropped). */
  index: number;
  url: string;
  status: ItemStatus;
  scanId: string | null;
  score: number | null;
  band: string | null;
  error: string | null;
  /** Epoch milliseconds: a worker is scanning it until then. */
  leaseUntil?: number;
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
