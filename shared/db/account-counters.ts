import { keys } from '#shared/db/keys.js';
import type { TransactItem } from '#shared/db/transactions.js';

/** Counts of owned things kept on the account item, changed only in the transaction that adds or removes one. */
export type AccountCounter = 'keyCount' | 'siteCount' | 'scanCount' | 'webhookCount' | 'batchCount';

/**
 * The transaction item that moves a counter by `delta`; with `limit`, only while the count is below it
 * (the limit check and the write are one step, so racing requests cannot overshoot).
 */
export function adjustAccountCounter(tableName: string, accountId: string, counter: AccountCounter, delta: number, limit?: number): TransactItem {
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
