import { randomUUID } from 'node:crypto';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import type { Config } from '#shared/config.js';
import { invalidInput } from '#shared/model/errors.js';
import type { PaidTier, SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';
import { proratedChange, type ProrationCharge } from '#shared/model/billing/upgrade-quote.js';
import type { LocalBillingStore, LocalSubscription } from './local-billing-store.js';

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
export type LocalBillingOptions = Pick<Config, 'publicBaseUrl' | 'proPriceMonthlyGbp' | 'growthPriceMonthlyGbp'>;

export function createLocalBilling(store: LocalBillingStore, options: LocalBillingOptions): BillingProvider {
  const url = (path: string) => new URL(path, options.publicBaseUrl).toString();
  const priceMinor = (tier: PaidTier) => Math.round(options[`${tier}PriceMonthlyGbp`] * 100);

  /** Stripe's proration over the local subscription's 30-day period, in pence. */
  function chargeFor(subscription: LocalSubscription, tier: PaidTier, prorationDate: number): ProrationCharge {
    const periodEndMs = Date.parse(subscription.currentPeriodEnd);
    const atMs = prorationDate * 1000;
    // A second of slack: proration dates are whole seconds, the local period's bounds are not.
    if (atMs < periodEndMs - periodMs - 1000 || atMs > periodEndMs)
      throw invalidInput("The proration date is outside the subscription's current period");
    const amountDue = proratedChange({
      fromMinor: priceMinor(subscription.tier),
      toMinor: priceMinor(tier),
      periodStartMs: periodEndMs - periodMs,
      periodEndMs,
      atMs,
    });
    return { amountDue, currency: 'gbp' };
  }

  async function subscriptionNamed(subscriptionId: string): Promise<LocalSubscription> {
    const subscription = await store.getSubscription(subscriptionId);
    if (!subscription) throw new Error(`No local subscription ${subscriptionId}`);
    return subscription;
  }

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

    async previewTierChange(subscriptionId, tier, prorationDate) {
      return chargeFor(await subscriptionNamed(subscriptionId), tier, prorationDate);
    },

    async changeTier(subscriptionId, tier, prorationDate) {
      const current = await subscriptionNamed(subscriptionId);
      if (current.tier === tier) return snapshotOfLocal(current); // as Stripe: the same price again charges nothing
      const at = prorationDate ?? Math.floor(Date.now() / 1000);
      const { amountDue, currency } = chargeFor(current, tier, at);
      const changed = await store.changeTierCharged(subscriptionId, {
        amount: amountDue,
        currency,
        prorationDate: at,
        fromTier: current.tier,
        toTier: tier,
      });
      // A racing change came first: the subscription is as that one left it, charged once.
      return snapshotOfLocal(changed ?? (await subscriptionNamed(subscriptionId)));
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
