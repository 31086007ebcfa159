import { accountKey } from '#shared/db/account-store.js';
import type { TransactItem } from '#shared/db/transactions.js';
import type { Table } from '#shared/db/table.js';

/** Counts of owned things kept on the account item, changed only in the transaction that adds or removes one. */
export type AccountCounter = 'keyCount' | 'siteCount' | 'scanCount' | 'webhookCount' | 'batchCount';

/**
 * The transaction item that moves a counter by `delta`; with `limit`, only while the count is below it
 * (the limit check and the write are one step, so racing requests cannot overshoot).
 */
export function adjustAccountCounter(
  table: Table,
  accountId: string,
  counter: AccountCounter,
  delta: number,
  limit?: number,
): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: accountKey(accountId),
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
export function takeBatchPlace(table: Table, accountId: string, max: number): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: accountKey(accountId),
      UpdateExpression: 'ADD batchCount :one, batchesOutstanding :one',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(batchesOutstanding) OR batchesOutstanding < :max)',
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    },
  };
}

/** A batch's final transition gives its place back. */
export function releaseBatchPlace(table: Table, accountId: string): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: accountKey(accountId),
      UpdateExpression: 'ADD batchesOutstanding :minusOne',
      ConditionExpression: 'batchesOutstanding > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    },
  };
}
