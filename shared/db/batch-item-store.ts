import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountKey } from '#shared/db/account-store.js';
import { batchItemKey, batchKey, withoutKeys } from '#shared/db/batch-keys.js';
import { ownedScanWrites } from '#shared/db/scan-store.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { StoredBatchItem } from '#shared/model/batches/batch.js';
import { batchCounterOf, type ItemOutcome } from '#shared/model/batches/item-finish.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Table } from '#shared/db/table.js';

/** One item of a batch: read, claimed by a worker (a lease), its scan stored, and finished with the batch's count. */

export async function getBatchItem(table: Table, batchId: string, index: number): Promise<StoredBatchItem | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: batchItemKey(batchId, index), ConsistentRead: true }),
  );
  return Item ? withoutKeys<StoredBatchItem>(Item) : null;
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
    return withoutKeys<StoredBatchItem>(Attributes!);
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
