import { accountKey, tierClauses } from '#shared/db/account-store.js';
import type { AllowanceRequest } from '#shared/model/accounts/allowance.js';
import { batchItemKey } from '#shared/db/batch-keys.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { StoredBatchItem } from '#shared/model/batches/batch.js';
import type { Table } from '#shared/db/table.js';

/** One allowance to count: its window already open (add one) or to open (start at one). */
export interface AllowanceStep {
  request: AllowanceRequest;
  windowOpen: boolean;
}

/** The item's marks: the window each allowance was counted in. */
export type UsageMarks = Pick<StoredBatchItem, 'countedCallMonth' | 'countedScanDay'>;

/**
 * The account's side: every step in one update, each conditional on its window being as assumed and
 * the account's tier allowing one more use (as consumeAllowance counts one).
 */
function accountUpdate(table: Table, accountId: string, steps: readonly AllowanceStep[]): TransactItem {
  const names: Record<string, string> = { '#tier': 'tier' };
  const values: Record<string, unknown> = { ':one': 1 };
  const conditions: string[] = [];
  const adds: string[] = [];
  const sets: string[] = [];
  steps.forEach(({ request, windowOpen }, index) => {
    const [count, window] = [`#count${index}`, `#window${index}`];
    names[count] = request.counter.count;
    names[window] = request.counter.window;
    values[`:window${index}`] = request.windowId;
    const allowed = tierClauses(request.limits, !windowOpen, count);
    Object.assign(values, allowed.values);
    if (windowOpen) {
      conditions.push(`${window} = :window${index} AND ${allowed.expression}`);
      adds.push(`${count} :one`);
    } else {
      conditions.push(`(attribute_not_exists(${window}) OR ${window} <> :window${index}) AND ${allowed.expression}`);
      sets.push(`${window} = :window${index}`, `${count} = :one`);
    }
  });
  const update = [sets.length > 0 ? `SET ${sets.join(', ')}` : '', adds.length > 0 ? `ADD ${adds.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    Update: {
      TableName: table.name,
      Key: accountKey(accountId),
      UpdateExpression: update,
      ConditionExpression: `attribute_exists(pk) AND ${conditions.join(' AND ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Counts a claimed item's API call and/or scan and marks the item counted, in one transaction: on the
 * account as `steps` assume, and on the item only while this claim still holds it and the marks being
 * written are not there yet. So an item is counted once however often its message is delivered and
 * wherever its worker died. `account_changed`: the account was not as assumed (read it, plan again);
 * `item_changed`: the claim is lost (another worker holds the item, or it is finished).
 */
export async function countItemUsage(
  table: Table,
  claim: { accountId: string; batchId: string; index: number; leaseUntil: number },
  steps: readonly AllowanceStep[],
  marks: UsageMarks,
): Promise<'counted' | 'account_changed' | 'item_changed'> {
  const marked = Object.entries(marks).filter(([, value]) => value !== undefined) as Array<[keyof UsageMarks, string]>;
  const codes = await writeTransaction(table.client, [
    accountUpdate(table, claim.accountId, steps),
    {
      Update: {
        TableName: table.name,
        Key: batchItemKey(claim.batchId, claim.index),
        UpdateExpression: `SET ${marked.map(([name]) => `${name} = :${name}`).join(', ')}`,
        ConditionExpression: [
          '#status = :processing AND leaseUntil = :held',
          ...marked.map(([name]) => `attribute_not_exists(${name})`),
        ].join(' AND '),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':held': claim.leaseUntil,
          ...Object.fromEntries(marked.map(([name, value]) => [`:${name}`, value])),
        },
      },
    },
  ]);
  if (!codes) return 'counted';
  if (codes[1] === 'ConditionalCheckFailed') return 'item_changed';
  if (codes[0] === 'ConditionalCheckFailed') return 'account_changed';
  throw new Error(`Counting item ${claim.index} of batch ${claim.batchId} was cancelled: ${codes.join(', ')}`);
}
