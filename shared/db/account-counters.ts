import { keys } from '#shared/db/keys.js';
import type { TransactItem } from '#shared/db/transactions.js';

/** Counts of owned things kept on the account item, changed only in the transaction that adds or removes one. */
export type AccountCounter = 'keyCount' | 'siteCount' | 'scanCount' | 'webhookCount' | 'batchCount';

/**
 * The transaction item that moves a counter by `delta`; with `limit`, only while the count is below it
 * (the limit check and the write are one step, so racing requests cannot overshoot).
 */
export function adjustAccountCounter(
  tableName: string,
  accountId: string,
  counter: AccountCounter,
  delta: number,
  limit?: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.account(accountId),
      UpdateExpression: 'ADD #counter :delta',
      ConditionExpression: limit === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND #counter < :limit',
      ExpressionAttributeNames: { '#counter': counter },
      ExpressionAttributeValues: { ':delta': delta, ...(limit === undefined ? {} : { ':limit': limit }) },
    },
  };
}

/**
 * A new batch: counted in `batchCount`, and holding one of the account's places for outstanding
 * (pending or processing) batches, only while fewer than `max` are held. One update, because a
 * transaction may touch the account item once.
 */
export function takeBatchPlace(tableName: string, accountId: string, max: number): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.account(accountId),
      UpdateExpression: 'ADD batchCount :one, batchesOutstanding :one',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(batchesOutstanding) OR batchesOutstanding < :max)',
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    },
  };
}

/** A batch's final transition gives its place back. */
export function releaseBatchPlace(tableName: string, accountId: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.account(accountId),
      UpdateExpression: 'ADD batchesOutstanding :minusOne',
      ConditionExpression: 'batchesOutstanding > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    },
  };
}
