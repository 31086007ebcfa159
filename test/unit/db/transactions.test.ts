import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conflictRetries, writeTransaction } from '#shared/db/transactions.js';
import { AppError } from '#shared/model/errors.js';

function cancelled(...codes: string[]) {
  return new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
}

/** A table whose transactions fail with `failures` in turn, then commit. */
function table(failures: Error[]) {
  let calls = 0;
  const db = {
    send: async () => {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, calls: () => calls };
}

const noWait = () => 0;

describe('writeTransaction', () => {
  it('retries a cancellation caused only by a concurrent transaction, then commits', async () => {
    const { db, calls } = table([cancelled('None', 'TransactionConflict'), cancelled('TransactionConflict', 'None')]);
    expect(await writeTransaction(db, [], noWait)).toBeNull();
    expect(calls()).toBe(3);
  });

  it('answers 503 with Retry-After when conflicts go on, instead of failing with a 500', async () => {
    const { db, calls } = table(Array.from({ length: 20 }, () => cancelled('TransactionConflict')));
    const failure = await writeTransaction(db, [], noWait).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 1 });
    expect(calls()).toBe(conflictRetries + 1);
  });

  it('returns a failed condition at once: it is an answer, not a collision', async () => {
    const { db, calls } = table([cancelled('ConditionalCheckFailed', 'TransactionConflict')]);
    expect(await writeTransaction(db, [], noWait)).toEqual(['ConditionalCheckFailed', 'TransactionConflict']);
    expect(calls()).toBe(1);
  });

  it('lets any other error through', async () => {
    const { db } = table([new Error('network down')]);
    await expect(writeTransaction(db, [], noWait)).rejects.toThrow('network down');
  });
});
