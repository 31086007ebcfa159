import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getAccount, toAccount } from '#shared/db/accounts.js';
import { keys } from '#shared/db/keys.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { Account } from '#shared/domain/accounts/account.js';
import type { BillingState } from '#shared/domain/billing/subscription-state.js';

/**
 * Stores the account's customer with its lookup item (customer -> account) in one transaction,
 * conditional on the account having none: of two racing subscribe requests one links, and the other
 * reads back the customer that won. Returns the account's customer id.
 */
export async function linkCustomer(db: DynamoDBDocumentClient, tableName: string, accountId: string, customerId: string): Promise<string | null> {
  const cancelled = await writeTransaction(db, [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.billingCustomer(customerId), type: 'BillingCustomer', accountId },
        ConditionExpression: 'attribute_not_exists(pk) OR accountId = :account',
        ExpressionAttributeValues: { ':account': accountId },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.account(accountId),
        UpdateExpression: 'SET customerId = :customer',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(customerId) OR customerId = :null OR customerId = :customer)',
        ExpressionAttributeValues: { ':customer': customerId, ':null': null },
      },
    },
  ]);
  if (!cancelled) return customerId;
  return (await getAccount(db, tableName, accountId))?.customerId ?? null;
}

export async function accountIdForCustomer(db: DynamoDBDocumentClient, tableName: string, customerId: string): Promise<string | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.billingCustomer(customerId), ConsistentRead: true }));
  return (Item?.accountId as string | undefined) ?? null;
}

export type SaveOutcome = { kind: 'saved'; account: Account } | { kind: 'stale' } | { kind: 'no_account' };

/**
 * Writes a subscription's state onto the account, unless a state read later is already there, or (for
 * a subscription that has ended) the account has moved on to another subscription: a late event about
 * an old subscription never undoes a newer one.
 */
export async function saveSubscriptionState(
  db: DynamoDBDocumentClient,
  tableName: string,
  accountId: string,
  update: { state: BillingState; subscriptionId: string; customerId: string; syncedAt: number },
): Promise<SaveOutcome> {
  const newer = '(attribute_not_exists(subscriptionSyncedAt) OR subscriptionSyncedAt = :null OR subscriptionSyncedAt <= :syncedAt)';
  const sameSubscription = '(attribute_not_exists(subscriptionId) OR subscriptionId = :null OR subscriptionId = :subscription)';
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.account(accountId),
        UpdateExpression: 'SET tier = :tier, subscription = :flags, subscriptionId = :subscription, subscriptionSyncedAt = :syncedAt, customerId = :customer',
        ConditionExpression: `attribute_exists(pk) AND ${newer}${update.state.live ? '' : ` AND ${sameSubscription}`}`,
        ExpressionAttributeValues: {
          ':tier': update.state.tier,
          ':flags': update.state.subscription,
          ':subscription': update.subscriptionId,
          ':syncedAt': update.syncedAt,
          ':customer': update.customerId,
          ':null': null,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { kind: 'saved', account: toAccount(Attributes!) };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return (await getAccount(db, tableName, accountId)) ? { kind: 'stale' } : { kind: 'no_account' };
}
