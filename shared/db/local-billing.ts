import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';
import type { PaidTier } from '#shared/domain/billing/subscription-state.js';

/** The local billing provider's records: what Stripe would hold, kept in the dev server's table. */
export interface LocalCheckout {
  id: string;
  accountId: string;
  customerId: string;
  tier: PaidTier;
  /** Epoch seconds. */
  expiresAt: number;
  state: 'open' | 'complete' | 'abandoned';
  successUrl: string;
  cancelUrl: string;
  subscriptionId: string | null;
}

export interface LocalSubscription {
  id: string;
  customerId: string;
  tier: PaidTier;
  status: 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
}

function strip<T>(item: Record<string, unknown> | undefined): T | null {
  if (!item) return null;
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...record } = item;
  return record as T;
}

export function localBillingStore(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async putCheckout(checkout: LocalCheckout): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.localCheckout(checkout.id), type: 'LocalCheckout', ...checkout } }));
    },

    async getCheckout(id: string): Promise<LocalCheckout | null> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.localCheckout(id), ConsistentRead: true }));
      return strip<LocalCheckout>(Item);
    },

    /** Moves an open checkout to its end state once; false when it was not open (or has expired). */
    async closeCheckout(id: string, state: 'complete' | 'abandoned', nowSeconds: number, subscriptionId: string | null): Promise<boolean> {
      return conditionalWrite(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.localCheckout(id),
            UpdateExpression: 'SET #state = :state, subscriptionId = :subscription',
            ConditionExpression: '#state = :open AND expiresAt > :now',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':state': state, ':open': 'open', ':now': nowSeconds, ':subscription': subscriptionId },
          }),
        ),
      );
    },

    async putSubscription(subscription: LocalSubscription): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.localSubscription(subscription.id), type: 'LocalSubscription', ...subscription } }));
    },

    async getSubscription(id: string): Promise<LocalSubscription | null> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.localSubscription(id), ConsistentRead: true }));
      return strip<LocalSubscription>(Item);
    },

    async updateSubscription(id: string, change: Partial<Omit<LocalSubscription, 'id' | 'customerId'>>): Promise<LocalSubscription | null> {
      const entries = Object.entries(change);
      if (entries.length === 0) return this.getSubscription(id);
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.localSubscription(id),
            UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
            ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
            ReturnValues: 'ALL_NEW',
          }),
        );
        return strip<LocalSubscription>(Attributes);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
  };
}

export type LocalBillingStore = ReturnType<typeof localBillingStore>;
