import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ItemKey, Table } from '#shared/db/table.js';

export type JobClaim = { kind: 'claimed'; claimId: string } | { kind: 'done' } | { kind: 'in_progress' };

/**
 * Marks a queue job as being worked on before its side effect (a mail, a delivery), so a redelivered
 * message does not repeat it. The mark is a lease: a worker that died mid-job leaves a `running`
 * mark that another delivery may take over once `leaseSeconds` (the worker's time-out) have passed.
 */
export async function claimJob(
  table: Table,
  key: ItemKey,
  options: { nowSeconds: number; leaseSeconds: number; retentionSeconds: number },
): Promise<JobClaim> {
  const claimId = randomUUID();
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...key,
          type: 'JobLease',
          state: 'running',
          claimId,
          leaseUntil: options.nowSeconds + options.leaseSeconds,
          expiresAt: options.nowSeconds + options.retentionSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':running': 'running', ':now': options.nowSeconds },
      }),
    );
    return { kind: 'claimed', claimId };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }));
  return Item?.state === 'done' ? { kind: 'done' } : { kind: 'in_progress' };
}

/** The job's side effect happened: no delivery of the message may repeat it. */
export async function completeJob(table: Table, key: ItemKey, claimId: string): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key,
      UpdateExpression: 'SET #state = :done REMOVE leaseUntil',
      ConditionExpression: 'claimId = :claimId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'done', ':claimId': claimId },
    }),
  );
}

/** The job failed before its side effect: the next delivery may try at once. */
export async function releaseJob(table: Table, key: ItemKey, claimId: string): Promise<void> {
  try {
    await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: key,
        ConditionExpression: 'claimId = :claimId AND #state = :running',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claimId': claimId, ':running': 'running' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export type JobRun<T> = { kind: 'ran'; result: T } | { kind: 'done' } | { kind: 'in_progress' };

/**
 * Runs `work` unless the job is done or being run elsewhere: claims it, marks it done when `work`
 * succeeds, and releases it when `work` throws (so the next delivery may try at once).
 */
export async function runJobOnce<T>(
  table: Table,
  key: ItemKey,
  options: { nowSeconds: number; leaseSeconds: number; retentionSeconds: number },
  work: () => Promise<T>,
): Promise<JobRun<T>> {
  const claim = await claimJob(table, key, options);
  if (claim.kind !== 'claimed') return claim;
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await releaseJob(table, key, claim.claimId);
    throw error;
  }
  await completeJob(table, key, claim.claimId);
  return { kind: 'ran', result };
}
