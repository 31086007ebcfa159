import { markBatchProcessing } from '#shared/db/batch-store.js';
import type { Dependencies } from '#shared/dependencies.js';

/** Batches this process has moved (or seen moved) out of pending; the oldest are forgotten first. */
const started = new Set<string>();
const remembered = 1_000;

/**
 * pending -> processing as the batch's first item starts. A batch never returns to pending, so a
 * worker writes this once per batch rather than once per item: its other items change nothing.
 */
export async function markBatchStarted(batchId: string, deps: Pick<Dependencies, 'table'>): Promise<void> {
  if (started.has(batchId)) return;
  await markBatchProcessing(deps.table, batchId);
  started.add(batchId);
  if (started.size > remembered) started.delete(started.values().next().value!);
}
