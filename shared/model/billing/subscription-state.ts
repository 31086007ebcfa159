import { noSubscription, type Subscription } from '#shared/model/accounts/account.js';
import type { Tier } from '#shared/model/tiers.js';

export type PaidTier = Exclude<Tier, 'free'>;
export const paidTiers: readonly PaidTier[] = ['pro', 'growth'];

/**
 * A subscription as the billing provider holds it now: what Stripe returns when asked, or the local
 * provider's record. State changes are always computed from this, never from an event's delta, so
 * events applied in any order end in the same state.
 */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  tier: PaidTier;
  /** Set to end at the close of the current period (or at a set date): the tier stays until then. */
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

/** What an account shows for a subscription: its tier and flags. */
export interface BillingState {
  tier: Tier;
  subscription: Subscription;
  /** The subscription still entitles the account to its tier (it may be awaiting a retried payment). */
  live: boolean;
}

/**
 * The account's state for a subscription's current status. A failed payment (`past_due`) keeps the
 * tier while Stripe retries, with `isPaid` false; the final failure (`unpaid`, or `canceled` when the
 * Stripe account is set to cancel) ends it, as does the end of a cancelled period. A first payment not
 * yet made (`incomplete`) grants nothing.
 */
export function billingStateOf(snapshot: SubscriptionSnapshot): BillingState {
  switch (snapshot.status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return {
        tier: snapshot.tier,
        live: true,
        subscription: {
          isActive: true,
          isPaid: snapshot.status !== 'past_due',
          isCanceling: snapshot.cancelAtPeriodEnd,
          currentPeriodEnd: snapshot.currentPeriodEnd,
        },
      };
    default:
      return { tier: 'free', live: false, subscription: noSubscription };
  }
}
