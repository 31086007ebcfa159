import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { queryAll } from '#shared/db/query-pages.js';
import type { PaidTier } from '#shared/model/billing/subscription-state.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** The local billing provider's records (dev server only): checkout sessions and subscriptions. */
export const localCheckoutKey = (checkoutId: string): ItemKey => ({ pk: `LOCALCHECKOUT#${checkoutId}`, sk: 'LOCALCHECKOUT' });
export const localSubscriptionKey = (subscriptionId: string): ItemKey => ({ pk: `LOCALSUB#${subscriptionId}`, sk: 'LOCALSUB' });
/** A local subscription's entry under its customer, so the customer's subscriptions are one Query. */
export const localCustomerSubscriptionKey = (customerId: string, subscriptionId: string): ItemKey => ({
  pk: `LOCALCUSTOMER#${customerId}`,
  sk: `SUB#${subscriptionId}`,
});
export const localCustomerSubscriptionsOf = (customerId: string) => ({ pk: `LOCALCUSTOMER#${customerId}`, skPrefix: 'SUB#' });

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
  /** The prorated charges of immediate upgrades, oldest first. */
  charges?: LocalCharge[];
}

export interface LocalCharge {
  /** Minor units. */
  amount: number;
  currency: string;
  /** Epoch seconds the proration was computed for. */
  prorationDate: number;
  fromTier: PaidTier;
  toTier: PaidTier;
}

function strip<T>(item: Record<string, unknown> | undefined): T | null {
  if (!item) return null;
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...record } = item;
  return record as T;
}

export function localBillingStore(table: Table) {
  return {
    async putCheckout(checkout: LocalCheckout): Promise<void> {
      await table.client.send(
        new PutCommand({ TableName: table.name, Item: { ...localCheckoutKey(checkout.id), type: 'LocalCheckout', ...checkout } }),
      );
    },

    async getCheckout(id: string): Promise<LocalCheckout | null> {
      const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: localCheckoutKey(id), ConsistentRead: true }));
      return strip<LocalCheckout>(Item);
    },

    /** Moves an open checkout to its end state once; false when it was not open (or has expired). */
    async closeCheckout(id: string, state: 'complete' | 'abandoned', nowSeconds: number, subscriptionId: string | null): Promise<boolean> {
      return conditionalWrite(
        table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: localCheckoutKey(id),
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
        table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: localCheckoutKey(id),
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
      await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: localCheckoutKey(id),
          UpdateExpression: 'SET #state = :refused',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':refused': 'refused' },
        }),
      );
    },

    async putSubscription(subscription: LocalSubscription): Promise<void> {
      // The customer's entry first: a subscription is never without it.
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: { ...localCustomerSubscriptionKey(subscription.customerId, subscription.id), type: 'LocalCustomerSubscription' },
        }),
      );
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: { ...localSubscriptionKey(subscription.id), type: 'LocalSubscription', ...subscription },
        }),
      );
    },

    async subscriptionsOf(customerId: string): Promise<LocalSubscription[]> {
      const refs = localCustomerSubscriptionsOf(customerId);
      const entries = await queryAll(table.client, {
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': refs.pk, ':prefix': refs.skPrefix },
        ConsistentRead: true,
      });
      const found = await Promise.all(entries.map((entry) => this.getSubscription(String(entry.sk).slice(refs.skPrefix.length))));
      return found.filter((subscription): subscription is LocalSubscription => subscription !== null);
    },

    async getSubscription(id: string): Promise<LocalSubscription | null> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: localSubscriptionKey(id), ConsistentRead: true }),
      );
      return strip<LocalSubscription>(Item);
    },

    /**
     * An immediate upgrade: the tier changed and its prorated charge recorded in one conditional write,
     * only while the subscription is still on `charge.fromTier`, so racing upgrades charge once. Null
     * when it was not (already changed, or no such subscription).
     */
    async changeTierCharged(id: string, charge: LocalCharge): Promise<LocalSubscription | null> {
      try {
        const { Attributes } = await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: localSubscriptionKey(id),
            UpdateExpression: 'SET tier = :to, cancelAtPeriodEnd = :false, charges = list_append(if_not_exists(charges, :none), :charge)',
            ConditionExpression: 'attribute_exists(pk) AND tier = :from',
            ExpressionAttributeValues: {
              ':to': charge.toTier,
              ':from': charge.fromTier,
              ':false': false,
              ':none': [],
              ':charge': [charge],
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return strip<LocalSubscription>(Attributes);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    async updateSubscription(id: string, change: Partial<Omit<LocalSubscription, 'id' | 'customerId'>>): Promise<LocalSubscription | null> {
      const entries = Object.entries(change);
      if (entries.length === 0) return this.getSubscription(id);
      try {
        const { Attributes } = await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: localSubscriptionKey(id),
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
