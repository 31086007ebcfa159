import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { releaseBatchPlace, takeBatchPlace } from '#shared/db/account-counters.js';
import { batchGet } from '#shared/db/batch-get.js';
import { accountKey } from '#shared/db/account-store.js';
import { ownerIndexPage, type PageRequest } from '#shared/db/owner-index-pages.js';
import { ownedScanWrites } from '#shared/db/scan-store.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { StoredBatch, StoredBatchItem } from '#shared/model/batches/batch.js';
import { batchCounterOf, type ItemOutcome } from '#shared/model/batches/item-finish.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** A batch and its items share a partition: the detail is one consistent Query. */
export const batchKey = (batchId: string): ItemKey => ({ pk: `BATCH#${batchId}`, sk: 'BATCH' });
export const batchItemKey = (batchId: string, index: number): ItemKey => ({
  pk: `BATCH#${batchId}`,
  sk: `ITEM#${String(index).padStart(3, '0')}`,
});
export const batchPartition = (batchId: string) => ({ pk: `BATCH#${batchId}` });
/** GSI1: an account's batches, newest first. */
export const batchesByOwner = (accountId: string) => ({ gsi1pk: `ACCOUNT#${accountId}#BATCHES` });
export const batchOwnerSort = (createdAt: string, id: string) => ({ gsi1sk: `${createdAt}#${id}` });

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...rest } = item;
  return rest as T;
}

/**
 * The batch, its items and the account's counts in one transaction (at most 50 items + 2): the batch
 * takes one of the account's places for outstanding batches, and is not stored when all
 * `maxOutstanding` are taken (`at_capacity`).
 */
export async function putBatch(
  table: Table,
  batch: StoredBatch,
  items: readonly StoredBatchItem[],
  limits: { maxOutstanding: number },
): Promise<'stored' | 'at_capacity' | 'exists'> {
  const codes = await writeTransaction(table.client, [
    takeBatchPlace(table, batch.accountId, limits.maxOutstanding),
    {
      Put: {
        TableName: table.name,
        Item: {
          ...batchKey(batch.id),
          type: 'Batch',
          ...batchesByOwner(batch.accountId),
          ...batchOwnerSort(batch.createdAt, batch.id),
          ...batch,
          holdsPlace: true,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...items.map((item) => ({
      Put: { TableName: table.name, Item: { ...batchItemKey(batch.id, item.index), type: 'BatchItem', ...item } },
    })),
  ]);
  if (!codes) return 'stored';
  if (codes[0] === 'ConditionalCheckFailed' && codes.slice(1).every((code) => code === 'None')) return 'at_capacity';
  // A batch of this id exists: a repeat of a submission with its Idempotency-Key (shared/model/idempotency-key.ts).
  if (codes[1] === 'ConditionalCheckFailed') return 'exists';
  throw new Error(`Storing batch ${batch.id} was cancelled: ${codes.join(', ')}`);
}

/**
 * Undoes putBatch when its messages could not be queued: the batch, its items and the account's counts
 * go in one transaction, only while no item has been claimed (a worker may have taken one that was
 * queued). False when that no longer holds.
 */
export async function withdrawBatch(table: Table, batch: StoredBatch, items: readonly StoredBatchItem[]): Promise<boolean> {
  const codes = await writeTransaction(table.client, [
    {
      Update: {
        TableName: table.name,
        Key: accountKey(batch.accountId),
        UpdateExpression: 'ADD batchCount :minusOne, batchesOutstanding :minusOne',
        ConditionExpression: 'batchesOutstanding > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      },
    },
    {
      Delete: {
        TableName: table.name,
        Key: batchKey(batch.id),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      },
    },
    ...items.map((item) => ({
      Delete: {
        TableName: table.name,
        Key: batchItemKey(batch.id, item.index),
        ConditionExpression: '#status = :stored',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':stored': item.status },
      },
    })),
  ]);
  return codes === null;
}

/** The batch and its items, read consistently; null when there is no such batch. */
export async function getBatchWithItems(table: Table, batchId: string): Promise<{ batch: StoredBatch; items: StoredBatchItem[] } | null> {
  const { Items = [] } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': batchPartition(batchId).pk },
      ConsistentRead: true,
    }),
  );
  const batchItem = Items.find((item) => item.sk === 'BATCH');
  if (!batchItem) return null;
  const items = Items.filter((item) => String(item.sk).startsWith('ITEM#')).map((item) => strip<StoredBatchItem>(item));
  return { batch: strip<StoredBatch>(batchItem), items: items.sort((a, b) => a.index - b.index) };
}

export async function getBatch(table: Table, batchId: string): Promise<StoredBatch | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: batchKey(batchId), ConsistentRead: true }));
  return Item ? strip<StoredBatch>(Item) : null;
}

export async function getBatchItem(table: Table, batchId: string, index: number): Promise<StoredBatchItem | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: batchItemKey(batchId, index), ConsistentRead: true }),
  );
  return Item ? strip<StoredBatchItem>(Item) : null;
}

/**
 * Takes an item to scan: pending, or processing by a worker whose lease ran out, and the URL the
 * caller was told. The item as claimed (with what an earlier worker counted and stored), or null
 * when it exists with another state or URL, or not at all.
 */
export async function claimBatchItem(
  table: Table,
  item: Pick<StoredBatchItem, 'batchId' | 'index' | 'url'>,
  lease: { now: number; until: number },
): Promise<StoredBatchItem | null> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: batchItemKey(item.batchId, item.index),
        UpdateExpression: 'SET #status = :processing, leaseUntil = :until',
        ConditionExpression: '#url = :url AND (#status = :pending OR (#status = :processing AND leaseUntil < :now))',
        ExpressionAttributeNames: { '#status': 'status', '#url': 'url' },
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':pending': 'pending',
          ':until': lease.until,
          ':now': lease.now,
          ':url': item.url,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strip<StoredBatchItem>(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/**
 * Stores a claimed item's scan (and the account's scan count) and records its id on the item, in one
 * transaction while the claim holds and no scan is recorded: a redelivery finds the id and finishes
 * the item with that scan instead of scanning and storing again. False when the claim is lost.
 */
export async function storeItemScan(
  table: Table,
  claim: { accountId: string; batchId: string; index: number; leaseUntil: number },
  result: ScanResult,
): Promise<boolean> {
  const codes = await writeTransaction(table.client, [
    ...(await ownedScanWrites(table, result, claim.accountId)),
    {
      Update: {
        TableName: table.name,
        Key: batchItemKey(claim.batchId, claim.index),
        UpdateExpression: 'SET scanId = :scanId',
        ConditionExpression:
          '#status = :processing AND leaseUntil = :held AND (attribute_not_exists(scanId) OR attribute_type(scanId, :null))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':scanId': result.id, ':processing': 'processing', ':held': claim.leaseUntil, ':null': 'NULL' },
      },
    },
  ]);
  if (!codes) return true;
  if (codes.at(-1) === 'ConditionalCheckFailed') return false;
  throw new Error(`Storing the scan of item ${claim.index} of batch ${claim.batchId} was cancelled: ${codes.join(', ')}`);
}

/** pending -> processing when the first item starts (later callers change nothing). */
export async function markBatchProcessing(table: Table, batchId: string): Promise<void> {
  await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: batchKey(batchId),
        UpdateExpression: 'SET #status = :processing',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending' },
      }),
    ),
  );
}

/**
 * Who may finish an item: the worker whose claim still holds it, or (an abandoned item: its last
 * delivery, the dead-letter queue) anyone, while the item is still unfinished and as it was read.
 */
export type FinishGuard = { heldUntil: number } | { asRead: Pick<StoredBatchItem, 'scanId' | 'countedScanDay'> };

/**
 * The item's outcome and the batch's count in one transaction, conditional on the guard, so a
 * redelivered message never counts an item twice. With `refundScanDay` the same transaction gives the
 * scan counted that day back to the account (only if the item holds that mark); when the account's
 * day has moved on there is nothing to give back and the item finishes without it. False when the
 * guard failed (someone else finished or holds the item, or it changed since it was read).
 */
export async function finishBatchItem(
  table: Table,
  item: { accountId: string; batchId: string; index: number },
  outcome: ItemOutcome,
  guard: FinishGuard,
  refundScanDay?: string,
): Promise<boolean> {
  const codes = await writeTransaction(table.client, finishWrites(table, item, outcome, guard, refundScanDay));
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  if (refundScanDay !== undefined && codes[2] === 'ConditionalCheckFailed') return finishBatchItem(table, item, outcome, guard);
  throw new Error(`Finishing item ${item.index} of batch ${item.batchId} was cancelled: ${codes.join(', ')}`);
}

function finishWrites(
  table: Table,
  item: { accountId: string; batchId: string; index: number },
  outcome: ItemOutcome,
  guard: FinishGuard,
  refundScanDay?: string,
): TransactItem[] {
  const values: Record<string, unknown> = {
    ':status': outcome.status,
    ':scanId': outcome.scanId,
    ':score': outcome.score,
    ':band': outcome.band,
    ':error': outcome.error,
    ':processing': 'processing',
  };
  const conditions = new Set<string>();
  if ('heldUntil' in guard) {
    conditions.add('#status = :processing AND leaseUntil = :held');
    values[':held'] = guard.heldUntil;
  } else {
    conditions.add('#status IN (:pending, :processing)');
    values[':pending'] = 'pending';
    if (!guard.asRead.scanId) {
      conditions.add('(attribute_not_exists(scanId) OR attribute_type(scanId, :null))');
      values[':null'] = 'NULL';
    } else {
      conditions.add('scanId = :readScanId');
      values[':readScanId'] = guard.asRead.scanId;
    }
    if (guard.asRead.countedScanDay === undefined) conditions.add('attribute_not_exists(countedScanDay)');
    else conditions.add('countedScanDay = :countedScanDay');
    if (guard.asRead.countedScanDay !== undefined) values[':countedScanDay'] = guard.asRead.countedScanDay;
  }
  if (refundScanDay !== undefined) {
    conditions.add('countedScanDay = :countedScanDay');
    values[':countedScanDay'] = refundScanDay;
  }
  const writes: TransactItem[] = [
    {
      Update: {
        TableName: table.name,
        Key: batchItemKey(item.batchId, item.index),
        UpdateExpression: `SET #status = :status, scanId = :scanId, score = :score, band = :band, #error = :error REMOVE leaseUntil${refundScanDay === undefined ? '' : ', countedScanDay'}`,
        ConditionExpression: [...conditions].join(' AND '),
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: values,
      },
    },
    {
      Update: {
        TableName: table.name,
        Key: batchKey(item.batchId),
        UpdateExpression: 'ADD #counter :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#counter': batchCounterOf(outcome) },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
  if (refundScanDay !== undefined) {
    writes.push({
      Update: {
        TableName: table.name,
        Key: accountKey(item.accountId),
        UpdateExpression: 'ADD dailyScans :minusOne',
        ConditionExpression: 'scansDay = :day AND dailyScans > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':day': refundScanDay, ':zero': 0 },
      },
    });
  }
  return writes;
}

/**
 * The final transition, made by exactly one caller: only from pending/processing, and only while the
 * counts are the ones the caller read (which add up to the total). A batch holding one of the
 * account's outstanding places gives it back in the same transaction (should the account's count
 * somehow be 0 already, or the account be gone, the batch still settles).
 */
export async function settleBatch(
  table: Table,
  batch: Pick<StoredBatch, 'id' | 'accountId' | 'completedUrls' | 'failedUrls' | 'holdsPlace'>,
  status: 'completed' | 'failed',
  completedAt: string,
): Promise<boolean> {
  const release = batch.holdsPlace === true;
  const transition: TransactItem = {
    Update: {
      TableName: table.name,
      Key: batchKey(batch.id),
      UpdateExpression: `SET #status = :status, completedAt = :at${release ? ' REMOVE holdsPlace' : ''}`,
      ConditionExpression: `#status IN (:pending, :processing) AND completedUrls = :completed AND failedUrls = :failed AND ${release ? 'holdsPlace = :true' : 'attribute_not_exists(holdsPlace)'}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':at': completedAt,
        ':pending': 'pending',
        ':processing': 'processing',
        ':completed': batch.completedUrls,
        ':failed': batch.failedUrls,
        ...(release ? { ':true': true } : {}),
      },
    },
  };
  if (!release) return conditionalWrite(table.client.send(new UpdateCommand(transition.Update!)));
  const codes = await writeTransaction(table.client, [transition, releaseBatchPlace(table, batch.accountId)]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  if (codes[1] === 'ConditionalCheckFailed') return writeTransaction(table.client, [transition]).then((retry) => retry === null);
  throw new Error(`Settling batch ${batch.id} was cancelled: ${codes.join(', ')}`);
}

/** A page of the owner's batches, newest first. */
export async function listOwnedBatches(
  table: Table,
  ownerId: string,
  page: PageRequest,
): Promise<{ batches: StoredBatch[]; nextCursor: string | null }> {
  const { keys: wanted, nextCursor } = await ownerIndexPage(table, batchesByOwner(ownerId).gsi1pk, page);
  const batches = wanted.length === 0 ? [] : (await batchGet(table, wanted)).map((item) => strip<StoredBatch>(item));
  return { batches, nextCursor };
}
