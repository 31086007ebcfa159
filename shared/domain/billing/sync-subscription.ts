import { accountIdForCustomer, linkCustomer, saveSubscriptionState } from '#shared/db/billing.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/domain/accounts/account.js';
import { billingStateOf, type SubscriptionSnapshot } from '#shared/domain/billing/subscription-state.js';

/** What a provider event (or a local page) says changed: which subscription, and for whom. */
export interface SubscriptionChange {
  subscriptionId: string | null;
  customerId: string | null;
  /** The account a checkout was started for, when the event carries it. */
  accountId: string | null;
}

export type SyncOutcome =
  | { kind: 'applied'; account: Account }
  | { kind: 'stale' }
  | { kind: 'no_subscription' }
  | { kind: 'unknown_customer'; customerId: string };

/**
 * Brings an account up to date with its subscription as the provider holds it now. The one path for
 * every state change: Stripe's events, the local provider's pages and immediate upgrades. `readAt` is
 * when the snapshot was asked for (before the call), so of two syncs the later read wins.
 */
export async function syncSubscription(
  change: SubscriptionChange,
  deps: Pick<Dependencies, 'db' | 'config' | 'billing' | 'clock' | 'logger'>,
  known?: { snapshot: SubscriptionSnapshot; readAt: number },
): Promise<SyncOutcome> {
  const readAt = known?.readAt ?? deps.clock.now();
  const snapshot = known?.snapshot ?? (change.subscriptionId ? await deps.billing.getSubscription(change.subscriptionId) : null);
  if (!snapshot) return { kind: 'no_subscription' };
  const accountId = await accountOf(snapshot.customerId, change.accountId, deps);
  if (!accountId) {
    deps.logger.warn('A subscription of a customer with no account here', { customerId: snapshot.customerId, subscriptionId: snapshot.subscriptionId });
    return { kind: 'unknown_customer', customerId: snapshot.customerId };
  }
  const saved = await saveSubscriptionState(deps.db, deps.config.tableName, accountId, {
    state: billingStateOf(snapshot),
    subscriptionId: snapshot.subscriptionId,
    customerId: snapshot.customerId,
    syncedAt: readAt,
  });
  if (saved.kind === 'no_account') return { kind: 'unknown_customer', customerId: snapshot.customerId };
  return saved.kind === 'saved' ? { kind: 'applied', account: saved.account } : { kind: 'stale' };
}

/** The customer's account; a checkout's account is linked to its customer if it was not yet. */
async function accountOf(customerId: string, checkoutAccountId: string | null, deps: Pick<Dependencies, 'db' | 'config'>): Promise<string | null> {
  const known = await accountIdForCustomer(deps.db, deps.config.tableName, customerId);
  if (known || !checkoutAccountId) return known;
  const linked = await linkCustomer(deps.db, deps.config.tableName, checkoutAccountId, customerId);
  return linked === customerId ? checkoutAccountId : null;
}
