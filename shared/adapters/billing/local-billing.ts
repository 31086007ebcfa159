import { randomUUID } from 'node:crypto';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import type { LocalBillingStore, LocalSubscription } from '#shared/db/local-billing-store.js';
import { invalidInput } from '#shared/model/errors.js';
import type { SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';

const periodMs = 30 * 24 * 3_600_000;

/** The dev server's pages for the local provider (bin/local/billing-pages.ts); never routed in AWS. */
export const localBillingPaths = {
  checkout: (checkoutId: string) => `/_local/billing/checkout/${encodeURIComponent(checkoutId)}`,
  portal: (customerId: string) => `/_local/billing/portal/${encodeURIComponent(customerId)}`,
};

export function snapshotOfLocal(subscription: LocalSubscription): SubscriptionSnapshot {
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    tier: subscription.tier,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
  };
}

export function nextPeriodEnd(now: number): string {
  return new Date(now + periodMs).toISOString();
}

/**
 * Billing without Stripe (STRIPE_SECRET_KEY empty): checkouts and subscriptions are records in the
 * table, and the dev server's checkout and portal pages change them. What those pages do then goes
 * through the same domain functions as Stripe's events (shared/use-cases/billing).
 */
export function createLocalBilling(store: LocalBillingStore, options: { publicBaseUrl: string }): BillingProvider {
  const url = (path: string) => new URL(path, options.publicBaseUrl).toString();
  return {
    name: 'local',

    async createCustomer(account) {
      return `cus_local_${account.id}`;
    },

    async createCheckout(request) {
      const id = `cs_local_${randomUUID()}`;
      await store.putCheckout({ ...request, id, state: 'open', subscriptionId: null });
      return { id, url: url(localBillingPaths.checkout(id)), expiresAt: request.expiresAt };
    },

    async expireCheckout(checkoutId) {
      await store.expireCheckout(checkoutId);
    },

    async cancelNow(subscriptionId, options) {
      const current = await store.getSubscription(subscriptionId);
      if (!current) return;
      await store.updateSubscription(subscriptionId, {
        status: 'canceled',
        cancelAtPeriodEnd: false,
        ...(options.refund ? { refunded: true } : {}),
      });
    },

    async hasOpenSubscription(customerId) {
      return (await store.subscriptionsOf(customerId)).some((subscription) => subscription.status !== 'canceled');
    },

    async changeTier(subscriptionId, tier) {
      const changed = await store.updateSubscription(subscriptionId, { tier, cancelAtPeriodEnd: false });
      if (!changed) throw new Error(`No local subscription ${subscriptionId}`);
      return snapshotOfLocal(changed);
    },

    async createPortal(customerId, returnUrl) {
      return { url: `${url(localBillingPaths.portal(customerId))}?return=${encodeURIComponent(returnUrl)}` };
    },

    async getSubscription(subscriptionId) {
      const subscription = await store.getSubscription(subscriptionId);
      return subscription ? snapshotOfLocal(subscription) : null;
    },

    async readEvent() {
      throw invalidInput('Stripe is not configured here (STRIPE_SECRET_KEY is empty): the local billing provider sends no webhooks');
    },
  };
}
