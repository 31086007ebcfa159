import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountKey, getAccount, toAccount } from '#shared/db/account-store.js';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { Account } from '#shared/model/accounts/account.js';
import type { BillingState } from '#shared/model/billing/subscription-state.js';
import { isTier, type Tier } from '#shared/model/tiers.js';
import type { ItemKey, Table } from '#shared/db/table.js';

/** Which account a billing provider's customer belongs to (webhooks name the customer, not the account). */
export const billingCustomerKey = (customerId: string): ItemKey => ({ pk: `CUSTOMER#${customerId}`, sk: 'CUSTOMER' });
/** Marks a billing provider event as processed, so a resent event is acknowledged without work. */
export const billingEventKey = (eventId: string): ItemKey => ({ pk: `BILLINGEVENT#${eventId}`, sk: 'BILLINGEVENT' });
/** A second subscription of one account that was refused (refunded and cancelled): counted once. */
export const refusedSubscriptionKey = (subscriptionId: string): ItemKey => ({ pk: `REFUSEDSUB#${subscriptionId}`, sk: 'REFUSEDSUB' });

/**
 * Stores the account's customer with its lookup item (customer -> account) in one transaction,
 * conditional on the account having none: of two racing subscribe requests one links, and the other
 * reads back the customer that won. Returns the account's customer id.
 */
export async function linkCustomer(table: Table, accountId: string, customerId: string): Promise<string | null> {
  const cancelled = await writeTransaction(table.client, [
    {
      Put: {
        TableName: table.name,
        Item: { ...billingCustomerKey(customerId), type: 'BillingCustomer', accountId },
        ConditionExpression: 'attribute_not_exists(pk) OR accountId = :account',
        ExpressionAttributeValues: { ':account': accountId },
      },
    },
    {
      Update: {
        TableName: table.name,
        Key: accountKey(accountId),
        UpdateExpression: 'SET customerId = :customer',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(customerId) OR customerId = :null OR customerId = :customer)',
        ExpressionAttributeValues: { ':customer': customerId, ':null': null },
      },
    },
  ]);
  if (!cancelled) return customerId;
  return (await getAccount(table, accountId))?.customerId ?? null;
}

export async function accountIdForCustomer(table: Table, customerId: string): Promise<string | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: billingCustomerKey(customerId), ConsistentRead: true }),
  );
  return (Item?.accountId as string | undefined) ?? null;
}

/**
 * Records the account's newest checkout and returns the one it replaces (null when none): each checkout
 * id is handed back to exactly one later request, which closes it, so of racing subscribes only the
 * last recorded checkout stays open.
 */
export async function swapOpenCheckout(table: Table, accountId: string, checkoutId: string): Promise<string | null> {
  const { Attributes } = await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: accountKey(accountId),
      UpdateExpression: 'SET openCheckoutId = :checkout',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':checkout': checkoutId },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return (Attributes?.openCheckoutId as string | undefined) ?? null;
}

export interface SubscriptionUpdate {
  state: BillingState;
  subscriptionId: string;
  customerId: string;
  syncedAt: number;
  /** Set while the subscription is past due: when its grace would end if it started at `syncedAt`. */
  graceEndsAt: number | null;
  /** Another subscription the caller has found ended at the provider: this one may take its place. */
  replacing?: string | null;
}

export type SaveOutcome =
  /** `tierBefore`: the tier as stored just before this write (the same write read it), to tell a plan change. */
  | { kind: 'saved'; account: Account; displaced: string | null; tierBefore: Tier }
  | { kind: 'stale' }
  /** Another subscription holds the account as far as the table knows (in force, within its grace). */
  | { kind: 'held'; account: Account; holder: string }
  | { kind: 'no_account' };

const maxAttempts = 4;

/**
 * Writes a subscription's state onto the account (docs/decisions/041-one-subscription-per-account.md):
 * - the account's own subscription, unless a state read later is already there;
 * - any subscription, on an account that has none;
 * - a subscription in force, in place of one that has ended, lapsed past its grace, or that the caller
 *   names in `replacing` (it asked the provider); the subscription it displaced is returned.
 * Otherwise nothing changes: a late event about an old subscription never undoes a newer one, and a
 * second subscription in force gets `held` (the caller refuses it). The first time a subscription is
 * seen past due starts its grace; later reads never move it.
 */
export async function saveSubscriptionState(table: Table, accountId: string, update: SubscriptionUpdate): Promise<SaveOutcome> {
  const newer = '(attribute_not_exists(subscriptionSyncedAt) OR subscriptionSyncedAt = :null OR subscriptionSyncedAt <= :syncedAt)';
  const noSubscription = '(attribute_not_exists(subscriptionId) OR subscriptionId = :null)';
  const base = {
    ':tier': update.state.tier,
    ':flags': update.state.subscription,
    ':subscription': update.subscriptionId,
    ':syncedAt': update.syncedAt,
    ':customer': update.customerId,
  };
  const pastDue = update.graceEndsAt !== null;
  const write = async (
    condition: string,
    values: Record<string, unknown>,
    keepGrace: boolean,
  ): Promise<{ account: Account; tierBefore: Tier } | null> => {
    const grace = !pastDue
      ? ' REMOVE pastDueSince, graceEndsAt'
      : keepGrace
        ? ', pastDueSince = if_not_exists(pastDueSince, :syncedAt), graceEndsAt = if_not_exists(graceEndsAt, :graceEndsAt)'
        : ', pastDueSince = :syncedAt, graceEndsAt = :graceEndsAt';
    try {
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: accountKey(accountId),
          // The right-hand sides read the item as it was before this write: tierBefore is the old tier, atomically.
          UpdateExpression: `SET tierBefore = if_not_exists(tier, :tier), tier = :tier, subscription = :flags, subscriptionId = :subscription, subscriptionSyncedAt = :syncedAt, customerId = :customer${grace}`,
          ConditionExpression: `attribute_exists(pk) AND ${condition}`,
          ExpressionAttributeValues: { ...base, ...(pastDue ? { ':graceEndsAt': update.graceEndsAt } : {}), ...values },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { account: toAccount(Attributes!), tierBefore: isTier(Attributes!.tierBefore) ? Attributes!.tierBefore : update.state.tier };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  };

  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const own = await write(`((subscriptionId = :subscription AND ${newer}) OR ${noSubscription})`, { ':null': null }, true);
    if (own) return { kind: 'saved', ...own, displaced: null };
    const current = await getAccount(table, accountId);
    if (!current) return { kind: 'no_account' };
    const holder = current.subscriptionId;
    if (holder === update.subscriptionId) return { kind: 'stale' };
    if (!holder) continue; // another subscription was linked and unlinked meanwhile: read again
    if (!update.state.live) return { kind: 'stale' };
    // As read (toAccount), a holder past its grace is no longer in force, like one that has ended.
    if (current.subscription.isActive && update.replacing !== holder) return { kind: 'held', account: current, holder };
    const free = update.replacing === holder ? '' : ' AND (subscription.isActive = :false OR graceEndsAt <= :now)';
    const taken = await write(
      `subscriptionId = :holder${free}`,
      { ':holder': holder, ...(free ? { ':false': false, ':now': Date.now() } : {}) },
      false,
    );
    if (taken) return { kind: 'saved', ...taken, displaced: holder };
  }
  throw new Error(`The subscription state of account ${accountId} kept conflicting`);
}

/**
 * Records that a second subscription of an account was refused (refunded and cancelled); true the
 * first time only, so the refusal is logged and counted once however many events report it.
 */
export async function recordRefusedSubscription(
  table: Table,
  refusal: { subscriptionId: string; accountId: string; heldBy: string; refusedAt: string },
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...refusedSubscriptionKey(refusal.subscriptionId), type: 'RefusedSubscription', ...refusal },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}
