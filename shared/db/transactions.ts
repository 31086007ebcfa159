import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AppError } from '#shared/model/errors.js';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Conflicting transactions on one item (an account's counters) are retried this often before a 503. */
export const conflictRetries = 5;
const backoffBaseMs = 20;
const backoffCapMs = 400;

export const busy = () => new AppError('unavailable', 'Another change to this account is in progress; try again', { retryAfterSeconds: 1 });

/**
 * Writes the items as one transaction. Returns null when it committed; when a condition failed, why
 * each item failed, by position ('ConditionalCheckFailed', 'None', ...). A cancellation caused only by
 * a concurrent transaction on the same items (`TransactionConflict`) is retried with full-jitter
 * backoff; when that keeps happening the caller gets 503 with Retry-After, never a 500.
 */
export async function writeTransaction(
  db: DynamoDBDocumentClient,
  items: TransactItem[],
  random: () => number = Math.random,
): Promise<string[] | null> {
  for (let attempt = 0; ; attempt += 1) {
    const codes = await tryTransaction(db, items);
    if (!codes) return null;
    const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
    if (!conflictOnly) return codes;
    if (attempt === conflictRetries) throw busy();
    await new Promise((resolve) => setTimeout(resolve, random() * Math.min(backoffCapMs, backoffBaseMs * 2 ** attempt)));
  }
}

async function tryTransaction(db: DynamoDBDocumentClient, items: TransactItem[]): Promise<string[] | null> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
  }
}
