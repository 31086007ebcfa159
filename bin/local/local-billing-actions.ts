import { randomUUID } from 'node:crypto';
import { accountIdForCustomer } from '#shared/db/billing-store.js';
import { getAccount } from '#shared/db/account-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { PaidTier } from '#shared/model/billing/subscription-state.js';
import { syncSubscription, type SyncOutcome } from '#shared/use-cases/billing/sync-subscription.js';
import { nextPeriodEnd } from './local-billing.js';
import type { LocalBillingStore, LocalCheckout, LocalSubscription } from './local-billing-store.js';

export type PortalAction = 'cancel' | 'resume' | 'fail-payment' | 'pay' | 'end-period';

/**
 * What Stripe does on its side, done to the local provider's records; every change then reaches the
 * account through `syncSubscription`, the path Stripe's events take.
 */
export function localBillingActions(
  store: LocalBillingStore,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'billing'>,
) {
  const sync = (subscription: LocalSubscription, accountId: string | null = null): Promise<SyncOutcome> =>
    syncSubscription({ subscriptionId: subscription.id, customerId: subscription.customerId, accountId }, deps);

  return {
    checkout: (id: string): Promise<LocalCheckout | null> => store.getCheckout(id),

    /** Pays an open checkout: a new subscription, then the account synced. Null when it was not open. */
    async completeCheckout(id: string): Promise<{ checkout: LocalCheckout; outcome: SyncOutcome } | null> {
      const checkout = await store.getCheckout(id);
      if (!checkout) return null;
      const subscription: LocalSubscription = {
        id: `sub_local_${randomUUID()}`,
        customerId: checkout.customerId,
        tier: checkout.tier,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: nextPeriodEnd(deps.clock.now()),
      };
      // Closing the checkout first makes a double submit pay once.
      if (!(await store.closeCheckout(id, 'complete', Math.floor(deps.clock.now() / 1000), subscription.id))) return null;
      await store.putSubscription(subscription);
      const outcome = await sync(subscription, checkout.accountId);
      // The account has a subscription already: the payment was given back (cancelNow) and the checkout is refused.
      if (outcome.kind === 'refused') await store.refuseCheckout(id);
      return { checkout, outcome };
    },

    abandonCheckout: (id: string): Promise<boolean> => store.closeCheckout(id, 'abandoned', Math.floor(deps.clock.now() / 1000), null),

    /** The customer's current subscription (the one on its account), for the portal page. */
    async subscriptionOf(customerId: string): Promise<LocalSubscription | null> {
      const accountId = await accountIdForCustomer(deps.table, customerId);
      const account = accountId ? await getAccount(deps.table, accountId) : null;
      return account?.subscriptionId ? store.getSubscription(account.subscriptionId) : null;
    },

    async switchTier(subscriptionId: string, tier: PaidTier): Promise<SyncOutcome | null> {
      const changed = await store.updateSubscription(subscriptionId, { tier, cancelAtPeriodEnd: false });
      return changed ? sync(changed) : null;
    },

    /**
     * The portal's buttons and the development clock: `end-period` is the end of the current period
     * (a cancelled or unpaid subscription ends, any other renews for another period).
     */
    async apply(subscriptionId: string, action: PortalAction): Promise<SyncOutcome | null> {
      const current = await store.getSubscription(subscriptionId);
      if (!current || current.status === 'canceled') return null;
      const changed = await store.updateSubscription(subscriptionId, changeFor(current, action, deps.clock.now()));
      return changed ? sync(changed) : null;
    },
  };
}

function changeFor(current: LocalSubscription, action: PortalAction, now: number): Partial<LocalSubscription> {
  switch (action) {
    case 'cancel':
      return { cancelAtPeriodEnd: true };
    case 'resume':
      return { cancelAtPeriodEnd: false };
    case 'fail-payment':
      return { status: 'past_due' };
    case 'pay':
      return { status: 'active' };
    case 'end-period':
      return current.cancelAtPeriodEnd || current.status === 'past_due' ? { status: 'canceled' } : { currentPeriodEnd: nextPeriodEnd(now) };
  }
}

export type LocalBillingActions = ReturnType<typeof localBillingActions>;
