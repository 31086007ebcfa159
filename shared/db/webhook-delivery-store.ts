import { randomUUID } from 'node:crypto';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeTransaction } from '#shared/db/transactions.js';
import type { DeliveryAttempt, DeliveryState, StoredDelivery } from '#shared/model/webhooks/delivery.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** One event's delivery to one endpoint: its body, state and retries. */
export const webhookDeliveryKey = (webhookId: string, eventId: string): ItemKey => ({
  pk: `WEBHOOK#${webhookId}`,
  sk: `DELIVERY#${eventId}`,
});
/** One attempt in an endpoint's delivery log; the log reads newest first by time. */
export const webhookAttemptKey = (webhookId: string, attemptedAt: string, eventId: string, attempt: number): ItemKey => ({
  pk: `WEBHOOK#${webhookId}`,
  sk: `ATTEMPT#${attemptedAt}#${eventId}#${String(attempt).padStart(3, '0')}`,
});
export const webhookAttemptsOf = (webhookId: string) => ({ pk: `WEBHOOK#${webhookId}`, skPrefix: 'ATTEMPT#' });
/** Marks the e-mail about one disabling of an endpoint as sent. */
export const webhookDisabledMailKey = (webhookId: string, disabledAt: string): ItemKey => ({
  pk: `WEBHOOK#${webhookId}`,
  sk: `DISABLEDMAIL#${disabledAt}`,
});

/** Deliveries and their log expire with the log's retention (DynamoDB TTL). */
export interface Retention {
  expiresAt: number;
}

function toDelivery(item: Record<string, unknown>): StoredDelivery {
  const { pk: _pk, sk: _sk, type: _type, expiresAt: _expiresAt, ...delivery } = item;
  return delivery as unknown as StoredDelivery;
}

/** Writes a delivery unless it exists (a redelivered fan-out message finds it there). */
export async function putDeliveryOnce(table: Table, delivery: StoredDelivery, retention: Retention): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...webhookDeliveryKey(delivery.webhookId, delivery.eventId),
          type: 'WebhookDelivery',
          ...delivery,
          expiresAt: retention.expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getDelivery(table: Table, webhookId: string, eventId: string): Promise<StoredDelivery | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: webhookDeliveryKey(webhookId, eventId), ConsistentRead: true }),
  );
  return Item ? toDelivery(Item) : null;
}

/** What a claim found: the attempt is this receive's, or the delivery as another left it (null: gone). */
export type ClaimOutcome = { claimed: true } | { claimed: false; current: StoredDelivery | null };

/**
 * Takes the next attempt: only while the delivery is pending, has made `attempts` attempts, is not
 * being attempted by anyone else (or that attempt's lease ran out) and belongs to this message (the
 * first message to claim it becomes its owner). A refusal is read back: when the SDK repeated a
 * write that had landed (its first answer lost), the claim found is this one (its `claimId`).
 */
export async function claimAttempt(
  table: Table,
  delivery: Pick<StoredDelivery, 'webhookId' | 'eventId' | 'attempts'>,
  claim: { messageId: string; now: number; leaseUntil: number },
): Promise<ClaimOutcome> {
  const claimId = randomUUID();
  const written = await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
        UpdateExpression: 'SET attempts = :next, leaseUntil = :lease, ownerMessageId = :message, claimId = :claim',
        ConditionExpression:
          '#state = :pending AND attempts = :seen AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now) AND (attribute_not_exists(ownerMessageId) OR ownerMessageId = :message)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':seen': delivery.attempts,
          ':next': delivery.attempts + 1,
          ':lease': claim.leaseUntil,
          ':now': claim.now,
          ':message': claim.messageId,
          ':claim': claimId,
        },
      }),
    ),
  );
  if (written) return { claimed: true };
  const current = await getDelivery(table, delivery.webhookId, delivery.eventId);
  return current?.claimId === claimId ? { claimed: true } : { claimed: false, current };
}

/** An attempt held by its claim: its number and the lease the claim set (no other attempt writes the same). */
export interface HeldAttempt {
  attempt: number;
  leaseUntil: number;
}

/**
 * Records an event's attempt in one transaction: its delivery-log entry and where it left the delivery
 * (its new state and, when pending, when to try next), so an attempt is logged exactly when its
 * delivery moves on. Conditional on the claim still holding (the same attempt number and lease), so a
 * repeat of a transaction that did land (an answer lost on the way back) changes nothing twice:
 * 'already_recorded'. 'taken_over': the lease ran out and another receive took the delivery on.
 */
export async function recordAttempt(
  table: Table,
  delivery: Pick<StoredDelivery, 'webhookId' | 'eventId'>,
  held: HeldAttempt,
  next: { state: DeliveryState; nextAttemptAt: number },
  entry: DeliveryAttempt,
  retention: Retention,
): Promise<'recorded' | 'already_recorded' | 'taken_over'> {
  const codes = await writeTransaction(table.client, [
    {
      Put: {
        TableName: table.name,
        Item: {
          ...webhookAttemptKey(delivery.webhookId, entry.attemptedAt, entry.eventId, entry.attempt),
          type: 'WebhookAttempt',
          ...entry,
          expiresAt: retention.expiresAt,
        },
      },
    },
    {
      Update: {
        TableName: table.name,
        Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
        UpdateExpression: 'SET #state = :state, nextAttemptAt = :next REMOVE leaseUntil',
        ConditionExpression: 'attempts = :attempt AND leaseUntil = :lease',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':state': next.state,
          ':next': next.nextAttemptAt,
          ':attempt': held.attempt,
          ':lease': held.leaseUntil,
        },
      },
    },
  ]);
  if (!codes) return 'recorded';
  if (codes[1] !== 'ConditionalCheckFailed')
    throw new Error(`Recording attempt ${held.attempt} of ${delivery.eventId} was cancelled: ${codes.join(', ')}`);
  const now = await getDelivery(table, delivery.webhookId, delivery.eventId);
  return now?.attempts === held.attempt && now.leaseUntil === undefined ? 'already_recorded' : 'taken_over';
}

/**
 * Gives back a claimed attempt that was never made (our side failed before the POST): the attempt
 * number is free again and no lease holds the delivery, so its retry need not wait for the lease.
 */
export async function releaseAttempt(
  table: Table,
  delivery: Pick<StoredDelivery, 'webhookId' | 'eventId'>,
  held: HeldAttempt,
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
        UpdateExpression: 'SET attempts = :previous REMOVE leaseUntil',
        ConditionExpression: 'attempts = :attempt AND leaseUntil = :lease',
        ExpressionAttributeValues: { ':previous': held.attempt - 1, ':attempt': held.attempt, ':lease': held.leaseUntil },
      }),
    ),
  );
}

/** A pending delivery whose attempt `attempt` disabled its endpoint is settled as failed. */
export async function failPendingDelivery(
  table: Table,
  delivery: Pick<StoredDelivery, 'webhookId' | 'eventId'>,
  attempt: number,
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
        UpdateExpression: 'SET #state = :failed',
        ConditionExpression: '#state = :pending AND attempts = :attempt',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':attempt': attempt },
      }),
    ),
  );
}

/** A pending delivery whose endpoint is gone or disabled is settled without an attempt. */
export async function dropDelivery(table: Table, delivery: Pick<StoredDelivery, 'webhookId' | 'eventId' | 'attempts'>): Promise<void> {
  await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
        UpdateExpression: 'SET #state = :dropped',
        ConditionExpression: '#state = :pending AND attempts = :seen',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':dropped': 'dropped', ':pending': 'pending', ':seen': delivery.attempts },
      }),
    ),
  );
}

/**
 * Takes a manual attempt (a redelivery) of a settled delivery: only while no retry is pending and no
 * other attempt is under way.
 */
export async function claimRedelivery(
  table: Table,
  delivery: Pick<StoredDelivery, 'webhookId' | 'eventId' | 'attempts'>,
  claim: { now: number; leaseUntil: number },
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
        UpdateExpression: 'SET attempts = :next, leaseUntil = :lease',
        ConditionExpression: '#state <> :pending AND attempts = :seen AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':seen': delivery.attempts,
          ':next': delivery.attempts + 1,
          ':lease': claim.leaseUntil,
          ':now': claim.now,
        },
      }),
    ),
  );
}

/** The redelivery's end: a success makes the delivery delivered; a failure leaves its state. */
export async function finishRedelivery(
  table: Table,
  delivery: Pick<StoredDelivery, 'webhookId' | 'eventId'>,
  attempt: number,
  delivered: boolean,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: webhookDeliveryKey(delivery.webhookId, delivery.eventId),
      UpdateExpression: delivered ? 'SET #state = :delivered REMOVE leaseUntil' : 'REMOVE leaseUntil',
      ConditionExpression: 'attempts = :attempt',
      ...(delivered ? { ExpressionAttributeNames: { '#state': 'state' } } : {}),
      ExpressionAttributeValues: { ':attempt': attempt, ...(delivered ? { ':delivered': 'delivered' } : {}) },
    }),
  );
}

export async function putAttempt(table: Table, webhookId: string, attempt: DeliveryAttempt, retention: Retention): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...webhookAttemptKey(webhookId, attempt.attemptedAt, attempt.eventId, attempt.attempt),
        type: 'WebhookAttempt',
        ...attempt,
        expiresAt: retention.expiresAt,
      },
    }),
  );
}

/** The endpoint's latest attempts, newest first. */
export async function latestAttempts(table: Table, webhookId: string, limit: number, nowSeconds: number): Promise<DeliveryAttempt[]> {
  const { pk, skPrefix } = webhookAttemptsOf(webhookId);
  const { Items = [] } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      // TTL deletes lag by up to days; an expired entry is not shown.
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix, ':now': nowSeconds },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => {
    const { pk: _pk, sk: _sk, type: _type, expiresAt: _expiresAt, ...attempt } = item;
    return attempt as DeliveryAttempt;
  });
}
