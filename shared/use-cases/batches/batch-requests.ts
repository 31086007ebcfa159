import { randomUUID } from 'node:crypto';
import { allowedPrivateHosts } from '#shared/config.js';
import { getBatchWithItems, listOwnedBatches, putBatch, withdrawBatch } from '#shared/db/batch-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isoNow } from '#shared/model/clock.js';
import { conflict, invalidInput, notFound, rateLimited } from '#shared/model/errors.js';
import { credentialOf, idempotencyWindowHours, idempotentId, replayRefusal } from '#shared/model/idempotency-key.js';
import { batchDetail, batchSummary, type StoredBatch, type StoredBatchItem } from '#shared/model/batches/batch.js';
import type { BatchMessage } from '#shared/model/batches/batch-message.js';
import { prepareItems, screenItems } from '#shared/use-cases/batches/prepare-items.js';

/**
 * A submission beyond the account's outstanding batches is asked to come back after about this long:
 * when a batch will end is not known, and a typical batch of a few shops takes tens of seconds.
 */
export const batchPlaceRetrySeconds = 30;

/**
 * POST /api/v1/batch/scan: stores the batch with one item per distinct URL (invalid or blocked ones
 * already failed, with their reason) and queues one message per item to scan; nothing is scanned here.
 * A batch with nothing to scan gets one message that makes its final transition, so every batch ends
 * the same way, by a worker. The batch holds one of the account's `batchesOutstandingMax` places
 * until that transition (429 when all are taken); one whose messages could not be queued is taken back.
 */
export async function createBatch(
  caller: Caller,
  request: { urls: string[]; label?: string | undefined },
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'lookup'>,
  idempotencyKey?: string,
): Promise<{ batchId: string; status: 'pending'; totalUrls: number }> {
  const prepared = await screenItems(prepareItems(request.urls, { allowPrivateHosts: allowedPrivateHosts(deps.config) }), deps);
  const id = idempotentId(caller.accountId, 'createBatch', idempotencyKey) ?? randomUUID();
  const items: StoredBatchItem[] = prepared.map((item, index) => ({
    batchId: id,
    index,
    url: item.url,
    status: item.error === null ? 'pending' : 'failed',
    scanId: null,
    score: null,
    band: null,
    error: item.error,
  }));
  const failed = items.filter((item) => item.status === 'failed').length;
  const batch: StoredBatch = {
    id,
    accountId: caller.accountId,
    label: request.label ?? null,
    status: 'pending',
    totalUrls: items.length,
    completedUrls: 0,
    failedUrls: failed,
    createdAt: isoNow(deps.clock),
    completedAt: null,
    ...(idempotencyKey === undefined ? {} : { createdBy: credentialOf(caller) }),
  };
  const maxOutstanding = deps.config.batchesOutstandingMax;
  const stored = await putBatch(deps.table, batch, items, { maxOutstanding }).catch(async (error: unknown) => {
    await queueInCaseStored(caller, batch, items, deps);
    throw error;
  });
  if (stored === 'exists') return repeatedBatch(caller, batch, items, deps);
  if (stored === 'at_capacity') {
    throw rateLimited(
      batchPlaceRetrySeconds,
      `Too many batches in progress: at most ${maxOutstanding} batches per account may be pending or processing at once; submit again when one has finished`,
    );
  }
  await queueBatch(caller, batch, items, deps);
  return { batchId: id, status: 'pending', totalUrls: batch.totalUrls };
}

/**
 * A repeat of a submission with its Idempotency-Key: never a second batch. The first answer again to the
 * credential that submitted it, within 24 hours; anyone else, or later, a 409 naming the batch
 * (docs/decisions/096-idempotent-answers-per-credential.md). Its messages are queued again while it is
 * still pending, since the first request may have failed after storing it and before queueing (a worker
 * takes each item once, so a message sent twice scans once).
 */
async function repeatedBatch(
  caller: Caller,
  submitted: StoredBatch,
  submittedItems: StoredBatchItem[],
  deps: Pick<Dependencies, 'table' | 'clock' | 'queue'>,
): Promise<{ batchId: string; status: 'pending'; totalUrls: number }> {
  const existing = await getBatchWithItems(deps.table, submitted.id);
  const sameRequest =
    existing !== null &&
    existing.batch.accountId === caller.accountId &&
    existing.batch.label === submitted.label &&
    existing.items.map((item) => item.url).join('\n') === submittedItems.map((item) => item.url).join('\n');
  if (!sameRequest) throw conflict('This Idempotency-Key was used for a different batch');
  const refusal = replayRefusal(existing.batch, caller, deps.clock.now());
  if (refusal !== null)
    throw conflict(
      `This Idempotency-Key submitted batch ${existing.batch.id} ${refusal === 'expired' ? `more than ${idempotencyWindowHours} hours ago` : 'with another API key'}. Send a new Idempotency-Key to submit another batch`,
    );
  if (existing.batch.status === 'pending') await sendBatchMessages(caller, existing.batch, existing.items, deps);
  return { batchId: existing.batch.id, status: 'pending', totalUrls: existing.batch.totalUrls };
}

async function queueBatch(
  caller: Caller,
  batch: StoredBatch,
  items: StoredBatchItem[],
  deps: Pick<Dependencies, 'table' | 'logger' | 'queue'>,
): Promise<void> {
  try {
    await sendBatchMessages(caller, batch, items, deps);
  } catch (error) {
    // A 5xx should leave nothing behind: above all no batch that never ends, holding its place for ever.
    const withdrawn = await withdrawBatch(deps.table, batch, items).catch(() => false);
    if (!withdrawn) deps.logger.error('A batch whose messages could not all be queued could not be withdrawn', { batchId: batch.id });
    throw error;
  }
}

/**
 * How long the messages of a batch whose store got no answer wait before a worker takes them: the write
 * may still land after the 503 (a paused database applies it when it resumes).
 */
export const unansweredBatchDelaySeconds = 60;

/**
 * The store of the batch failed, perhaps after it landed: without its messages such a batch would stay
 * pending for ever, holding one of the account's places (a client without an Idempotency-Key never
 * repeats it). So its messages are queued anyway, delayed: if the batch was stored it is scanned and
 * ends; if not, each message finds no item and is dropped (the claim is conditional on the item's URL).
 */
async function queueInCaseStored(
  caller: Caller,
  batch: StoredBatch,
  items: StoredBatchItem[],
  deps: Pick<Dependencies, 'logger' | 'queue'>,
): Promise<void> {
  try {
    for (const message of batchMessages(caller, batch, items))
      await deps.queue.send('batch', message, { delaySeconds: unansweredBatchDelaySeconds });
  } catch (error) {
    deps.logger.error(
      'Could not queue the messages of a batch whose store got no answer; if it was stored, only a repeat with its Idempotency-Key finishes it',
      { batchId: batch.id, error: error as Error },
    );
  }
}

function batchMessages(caller: Caller, batch: StoredBatch, items: StoredBatchItem[]): BatchMessage[] {
  const toScan = interleaveByHost(items.filter((item) => item.status === 'pending'));
  return toScan.length > 0
    ? toScan.map((item) => ({ kind: 'batch-item', accountId: caller.accountId, batchId: batch.id, index: item.index, url: item.url }))
    : [{ kind: 'batch-settle', accountId: caller.accountId, batchId: batch.id }];
}

async function sendBatchMessages(
  caller: Caller,
  batch: StoredBatch,
  items: StoredBatchItem[],
  deps: Pick<Dependencies, 'queue'>,
): Promise<void> {
  await deps.queue.sendMany('batch', batchMessages(caller, batch, items));
}

/**
 * Queue order: one URL of each host in turn, so the first messages taken spread over many shops (each
 * host allows only a couple of scans at once) instead of waiting on one.
 */
function interleaveByHost(items: StoredBatchItem[]): StoredBatchItem[] {
  const byHost = new Map<string, StoredBatchItem[]>();
  for (const item of items) {
    const host = new URL(item.url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), item]);
  }
  const queues = [...byHost.values()];
  const ordered: StoredBatchItem[] = [];
  for (let round = 0; ordered.length < items.length; round += 1) {
    for (const queue of queues) if (queue[round]) ordered.push(queue[round]!);
  }
  return ordered;
}

/** GET /api/v1/batch/scan/{id}: the caller's own batches only. */
export async function getBatchDetail(caller: Caller, batchId: string, deps: Pick<Dependencies, 'table'>) {
  const found = await getBatchWithItems(deps.table, batchId);
  if (!found || found.batch.accountId !== caller.accountId) throw notFound('Batch not found');
  return batchDetail(found.batch, found.items);
}

/** GET /api/v1/batch/scans: newest first, `total` the account's batch count; paged like GET /api/v1/scans. */
export async function listBatches(
  caller: Caller,
  page: { limit: number; offset: number; cursor?: string | undefined },
  deps: Pick<Dependencies, 'table'>,
) {
  if (page.cursor !== undefined && page.offset > 0) throw invalidInput('Page by offset or by cursor, not both');
  const { batches, nextCursor } = await listOwnedBatches(deps.table, caller.accountId, page);
  return { batches: batches.map(batchSummary), total: caller.account.batchCount ?? 0, limit: page.limit, offset: page.offset, nextCursor };
}
