import type { PaidTier, SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';
import type { ProrationCharge } from '#shared/model/billing/upgrade-quote.js';

/** A signed provider event, reduced to what the service acts on. */
export interface BillingEvent {
  id: string;
  type: string;
  /** One of the types the service acts on; others are acknowledged and ignored. */
  handled: boolean;
  subscriptionId: string | null;
  customerId: string | null;
  /** The account a checkout was started for (the session's client reference). */
  accountId: string | null;
}

export interface CheckoutRequest {
  accountId: string;
  customerId: string;
  tier: PaidTier;
  successUrl: string;
  cancelUrl: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * The payment provider: Stripe (shared/adapters/billing/stripe-billing.ts) or, without a Stripe key,
 * the local provider whose pages the dev server serves (bin/local/local-billing.ts). Errors it cannot recover
 * from are AppErrors (`upstream_failed`) whose messages are safe to show the caller.
 */
export interface BillingProvider {
  readonly name: 'stripe' | 'local';
  /** The account's customer, created at most once per account (concurrent calls get the same one). */
  createCustomer(account: { id: string; email: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string; expiresAt: number }>;
  /** Closes a checkout so that it can no longer be paid; nothing when it is already closed (paid, expired). */
  expireCheckout(checkoutId: string): Promise<void>;
  /**
   * Ends a subscription now, without proration or a final invoice. `refund`: the payments of its latest
   * invoice are refunded in full first (a second subscription of one account). Safe to repeat.
   */
  cancelNow(subscriptionId: string, options: { refund: boolean }): Promise<void>;
  /** The customer has a subscription that has not ended (in force, past due, unpaid, paused...). */
  hasOpenSubscription(customerId: string): Promise<boolean>;
  /**
   * What moving a subscription to another tier at once would invoice now, the proration computed as of
   * `prorationDate` (epoch seconds, within the current period). Changes nothing.
   */
  previewTierChange(subscriptionId: string, tier: PaidTier, prorationDate: number): Promise<ProrationCharge>;
  /**
   * Moves a subscription to another tier at once, prorated as of `prorationDate` (epoch seconds; now
   * when absent), so that a previewed amount is the amount charged; returns its state after the change.
   */
  changeTier(subscriptionId: string, tier: PaidTier, prorationDate?: number): Promise<SubscriptionSnapshot>;
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The subscription's current state, or null when the provider does not know it. */
  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** Verifies a webhook's signature and reads it; throws `invalid_input` when it does not verify. */
  readEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent>;
}
