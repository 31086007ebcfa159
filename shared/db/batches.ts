import { conditionalWrite } from '#shared/db/conditional-write.js';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { adjustAccountCounter } from '#shared/db/account-counters.js';
import { batchGet } from '#shared/db/batch-get.js';
import { keys } from '#shared/db/keys.js';
import { ownerIndexPage, type PageRequest } from '#shared/db/owner-index-pages.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { StoredBatch, StoredBatchItem } from '#shared/domain/batches/batch.js';

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...rest } = item;
  return rest as T;
}

/** The batch, its items and the account's batch count in one transaction (at most 50 items + 2). */
export async function putBatch(db: DynamoDBDocumentClient, tableName: string, batch: StoredBatch, items: readonly StoredBatchItem[]): Promise<void> {
  const codes = await writeTransaction(db, [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.batch(batch.id), type: 'Batch', ...keys.batchesByOwner(batch.accountId), ...keys.batchOwnerSort(batch.createdAt, batch.id), ...batch },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...items.map((item) => ({ Put: { TableName: tableName, Item: { ...keys.batchItem(batch.id, item.index), type: 'BatchItem', ...item } } })),
    adjustAccountCounter(tableName, batch.accountId, 'batchCount', 1),
  ]);
  if (codes) throw new Error(`Storing batch ${batch.id} was cancelled: ${codes.join(', ')}`);
}

/** The batch and its items, read consistently; null when there is no such batch. */
export async function getBatchWithItems(db: DynamoDBDocumentClient, tableName: string, batchId: string): Promise<{ batch: StoredBatch; items: StoredBatchItem[] } | null> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.batchPartition(batchId).pk }, ConsistentRead: true }),
  );
  const batchItem = Items.find((item) => item.sk === 'BATCH');
  if (!batchItem) return null;
  const items = Items.filter((item) => String(item.sk).startsWith('ITEM#')).map((item) => strip<StoredBatchItem>(item));
  return { batch: strip<StoredBatch>(batchItem), items: items.sort((a, b) => a.index - b.index) };
}

export async function getBatch(db: DynamoDBDocumentClient, tableName: string, batchId: string): Promise<StoredBatch | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.batch(batchId), ConsistentRead: true }));
  return Item ? strip<StoredBatch>(Item) : null;
}

export async function getBatchItem(db: DynamoDBDocumentClient, tableName: string, batchId: string, index: number): Promise<StoredBatchItem | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.batchItem(batchId, index), ConsistentRead: true }));
  return Item ? strip<StoredBatchItem>(Item) : null;
}

/**
 * Takes an item to scan: pending, or processing by a worker whose lease ran out, and the URL the
 * caller was told. False when it exists with another state or URL, or not at all.
 */
export async function claimBatchItem(
  db: DynamoDBDocumentClient,
  tableName: string,
  item: Pick<StoredBatchItem, 'batchId' | 'index' | 'url'>,
  lease: { now: number; until: number },
): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.batchItem(item.batchId, item.index),
        UpdateExpression: 'SET #status = :processing, leaseUntil = :until',
        ConditionExpression: '#url = :url AND (#status = :pending OR (#status = :processing AND leaseUntil < :now))',
        ExpressionAttributeNames: { '#status': 'status', '#url': 'url' },
        ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending', ':until': lease.until, ':now': lease.now, ':url': item.url },
      }),
    ),
  );
}

/** pending -> processing when the first item starts (later callers change nothing). */
export async function markBatchProcessing(db: DynamoDBDocumentClient, tableName: string, batchId: string): Promise<void> {
  await conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.batch(batchId),
        UpdateExpression: 'SET #status = :processing',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending' },
      }),
    ),
  );
}

export interface ItemOutcome {
  status: 'completed' | 'failed';
  scanId: string | null;
  score: number | null;
  band: string | null;
  error: string | null;
}

/**
 * The item's outcome and the batch's count in one transaction, conditional on the item still being
 * unfinished (and, with `leaseUntil`, still held by this worker): a redelivered message never counts an
 * item twice. False when the condition failed (someone else finished it).
 */
export async function finishBatchItem(
  db: DynamoDBDocumentClient,
  tableName: string,
  item: Pick<StoredBatchItem, 'batchId' | 'index'>,
  outcome: ItemOutcome,
  heldUntil?: number,
): Promise<boolean> {
  const held = heldUntil === undefined ? '#status IN (:pending, :processing)' : '#status = :processing AND leaseUntil = :held';
  const codes = await writeTransaction(db, [
    {
      Update: {
        TableName: tableName,
        Key: keys.batchItem(item.batchId, item.index),
        UpdateExpression: 'SET #status = :status, scanId = :scanId, score = :score, band = :band, #error = :error REMOVE leaseUntil',
        ConditionExpression: held,
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':scanId': outcome.scanId,
          ':score': outcome.score,
          ':band': outcome.band,
          ':error': outcome.error,
          ':processing': 'processing',
          ...(heldUntil === undefined ? { ':pending': 'pending' } : { ':held': heldUntil }),
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.batch(item.batchId),
        UpdateExpression: 'ADD #counter :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#counter': outcome.status === 'completed' ? 'completedUrls' : 'failedUrls' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ]);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`Finishing item ${item.index} of batch ${item.batchId} was cancelled: ${codes.join(', ')}`);
}

/**
 * The final transition, made by exactly one caller: only from pending/processing, and only while the
 * counts are the ones the caller read (which add up to the total).
 */
export async function settleBatch(
  db: DynamoDBDocumentClient,
  tableName: string,
  batch: Pick<StoredBatch, 'id' | 'completedUrls' | 'failedUrls'>,
  status: 'completed' | 'failed',
  completedAt: string,
): Promise<boolean> {
  return conditionalWrite(
    db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.batch(batch.id),
        UpdateExpression: 'SET #status = :status, completedAt = :at',
        ConditionExpression: '#status IN (:pending, :processing) AND completedUrls = :completed AND failedUrls = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':at': completedAt, ':pending': 'pending', ':processing': 'processing', ':completed': batch.completedUrls, ':failed': batch.failedUrls },
      }),
    ),
  );
}

/** A page of the owner's batches, newest first. */
export async function listOwnedBatches(db: DynamoDBDocumentClient, tableName: string, ownerId: string, page: PageRequest): Promise<{ batches: StoredBatch[]; nextCursor: string | null }> {
  const { keys: wanted, nextCursor } = await ownerIndexPage(db, tableName, keys.batchesByOwner(ownerId).gsi1pk, page);
  const batches = wanted.length === 0 ? [] : (await batchGet(db, tableName, wanted)).map((item) => strip<StoredBatch>(item));
  return { batches, nextCursor };
}
