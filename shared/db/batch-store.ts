import { conditionalWrite } from '#shared/db/conditional-write.js';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { releaseBatchPlace, takeBatchPlace } from '#shared/db/account-counters.js';
import { batchGet } from '#shared/db/batch-get.js';
import { accountKey } from '#shared/db/account-store.js';
import { batchItemKey, batchKey, batchOwnerSort, batchPartition, batchesByOwner, withoutKeys } from '#shared/db/batch-keys.js';
import { ownerIndexPage, type PageRequest } from '#shared/db/owner-index-pages.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { StoredBatch, StoredBatchItem } from '#shared/model/batches/batch.js';
import type { Table } from '#shared/db/table.js';

/**
 * A batch as a whole: stored with its items and the account's counts, withdrawn, read (alone or with its items),
 * marked processing, settled and listed by owner. Its items' own life (claim, scan, finish) is batch-item-store.ts.
 */

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
  const items = Items.filter((item) => String(item.sk).startsWith('ITEM#')).map((item) => withoutKeys<StoredBatchItem>(item));
  return { batch: withoutKeys<StoredBatch>(batchItem), items: items.sort((a, b) => a.index - b.index) };
}

export async function getBatch(table: Table, batchId: string): Promise<StoredBatch | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: batchKey(batchId), ConsistentRead: true }));
  return Item ? withoutKeys<StoredBatch>(Item) : null;
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
  const batches = wanted.length === 0 ? [] : (await batchGet(table, wanted)).map((item) => withoutKeys<StoredBatch>(item));
  return { batches, nextCursor };
}
