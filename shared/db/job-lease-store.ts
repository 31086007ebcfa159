import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from '#shared/db/keys.js';

export type JobClaim = { kind: 'claimed'; claimId: string } | { kind: 'done' } | { kind: 'in_progress' };

/**
 * Marks a queue job as being worked on before its side effect (a mail, a delivery), so a redelivered
 * message does not repeat it. The mark is a lease: a worker that died mid-job leaves a `running`
 * mark that another delivery may take over once `leaseSeconds` (the worker's time-out) have passed.
 */
export async function claimJob(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: ItemKey,
  options: { nowSeconds: number; leaseSeconds: number; retentionSeconds: number },
): Promise<JobClaim> {
  const claimId = randomUUID();
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
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
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return Item?.state === 'done' ? { kind: 'done' } : { kind: 'in_progress' };
}

/** The job's side effect happened: no delivery of the message may repeat it. */
export async function completeJob(db: DynamoDBDocumentClient, tableName: string, key: ItemKey, claimId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #state = :done REMOVE leaseUntil',
      ConditionExpression: 'claimId = :claimId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'done', ':claimId': claimId },
    }),
  );
}

/** The job failed before its side effect: the next delivery may try at once. */
export async function releaseJob(db: DynamoDBDocumentClient, tableName: string, key: ItemKey, claimId: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
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
  db: DynamoDBDocumentClient,
  tableName: string,
  key: ItemKey,
  options: { nowSeconds: number; leaseSeconds: number; retentionSeconds: number },
  work: () => Promise<T>,
): Promise<JobRun<T>> {
  const claim = await claimJob(db, tableName, key, options);
  if (claim.kind !== 'claimed') return claim;
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await releaseJob(db, tableName, key, claim.claimId);
    throw error;
  }
  await completeJob(db, tableName, key, claim.claimId);
  return { kind: 'ran', result };
}
