import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { keys } from '#shared/db/keys.js';
import { queryAll } from '#shared/db/query-pages.js';
import type { PaidTier } from '#shared/model/billing/subscription-state.js';

/** The local billing provider's records: what Stripe would hold, kept in the dev server's table. */
export interface LocalCheckout {
  id: string;
  accountId: string;
  customerId: string;
  tier: PaidTier;
  /** Epoch seconds. */
  expiresAt: number;
  /** `expired`: closed because the account asked for a newer checkout; `refused`: paid while the account had a subscription. */
  state: 'open' | 'complete' | 'abandoned' | 'expired' | 'refused';
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
  /** Its payment was given back (a second subscription of one account). */
  refunded?: boolean;
}

function strip<T>(item: Record<string, unknown> | undefined): T | null {
  if (!item) return null;
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...record } = item;
  return record as T;
}

export function localBillingStore(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async putCheckout(checkout: LocalCheckout): Promise<void> {
      await db.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.localCheckout(checkout.id), type: 'LocalCheckout', ...checkout } }),
      );
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

    /** Closes an open checkout without payment; false when it was not open. */
    async expireCheckout(id: string): Promise<boolean> {
      return conditionalWrite(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.localCheckout(id),
            UpdateExpression: 'SET #state = :expired',
            ConditionExpression: '#state = :open',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':expired': 'expired', ':open': 'open' },
          }),
        ),
      );
    },

    /** Marks a paid checkout whose subscription was refused (the account had one already). */
    async refuseCheckout(id: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.localCheckout(id),
          UpdateExpression: 'SET #state = :refused',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':refused': 'refused' },
        }),
      );
    },

    async putSubscription(subscription: LocalSubscription): Promise<void> {
      // The customer's entry first: a subscription is never without it.
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localCustomerSubscription(subscription.customerId, subscription.id), type: 'LocalCustomerSubscription' },
        }),
      );
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localSubscription(subscription.id), type: 'LocalSubscription', ...subscription },
        }),
      );
    },

    async subscriptionsOf(customerId: string): Promise<LocalSubscription[]> {
      const refs = keys.localCustomerSubscriptionsOf(customerId);
      const entries = await queryAll(db, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': refs.pk, ':prefix': refs.skPrefix },
        ConsistentRead: true,
      });
      const found = await Promise.all(entries.map((entry) => this.getSubscription(String(entry.sk).slice(refs.skPrefix.length))));
      return found.filter((subscription): subscription is LocalSubscription => subscription !== null);
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
