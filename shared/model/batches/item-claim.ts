import type { StoredBatchItem } from '#shared/model/batches/batch.js';

/*
 * Who may take a batch item, and what a refused claim meant. The claim itself is one conditional
 * write in the store (pending, or processing under a lease that ran out, with the URL the message
 * names); these rules plan it and read the item afterwards.
 */

type ItemRef = Pick<StoredBatchItem, 'batchId' | 'index' | 'url'>;
type ItemAsRead = Pick<StoredBatchItem, 'url' | 'status'>;

/** The message's first step: its last receive before the dead-letter queue finishes the item unscanned; any other claims it. */
export function itemStepAtStart(lastAttempt: boolean): 'finish_abandoned' | 'claim' {
  return lastAttempt ? 'finish_abandoned' : 'claim';
}

/** The lease a claim made at `now` takes: until `now + leaseMs` (the scan and storing it fit in it). */
export function itemLease(now: number, leaseMs: number): { now: number; until: number } {
  return { now, until: now + leaseMs };
}

/** An item is finished once it is completed or failed: nothing claims it again. */
export function itemFinished(item: Pick<StoredBatchItem, 'status'>): boolean {
  return item.status === 'completed' || item.status === 'failed';
}

/**
 * The item as read after its claim was refused: not the message's (gone, or another URL at its
 * index), finished (its batch may still need settling), or held by another worker's live lease.
 */
export function unclaimedReason(stored: ItemAsRead | null, item: ItemRef): 'unknown_item' | 'already_done' | 'in_progress' {
  if (!stored || stored.url !== item.url) return 'unknown_item';
  return itemFinished(stored) ? 'already_done' : 'in_progress';
}

/**
 * An item no delivery will scan (the message's last receive, or the dead-letter queue), as read:
 * not the message's, already finished (settle its batch), or to be finished whoever holds it.
 */
export function abandonedItemStep(stored: ItemAsRead | null, item: ItemRef): 'unknown_item' | 'already_done' | 'finish' {
  if (!stored || stored.url !== item.url) return 'unknown_item';
  return itemFinished(stored) ? 'already_done' : 'finish';
}
