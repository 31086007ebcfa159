import type { SecretSource } from '#shared/adapters/secret-source.js';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import { stripeContext, type StripeBillingConfig, type StripeEndpoint } from '#shared/adapters/billing/stripe-client.js';
import { createCheckout, createCustomer, createPortal, expireCheckout } from '#shared/adapters/billing/stripe-checkout.js';
import { readEvent } from '#shared/adapters/billing/stripe-events.js';
import {
  cancelNow,
  changeTier,
  getSubscription,
  hasOpenSubscription,
  previewTierChange,
} from '#shared/adapters/billing/stripe-subscriptions.js';

/**
 * Stripe sells the paid tiers: Checkout for new subscriptions, prorated updates, the billing portal. Each operation is
 * a function of its own over the Stripe SDK (stripe-checkout.ts, stripe-subscriptions.ts, stripe-events.ts), given
 * the context made here once: the client, the tiers' prices and the settings.
 */
export function createStripeBilling(
  config: StripeBillingConfig,
  secrets: { apiKey: SecretSource; webhookSecret: SecretSource },
  endpoint: StripeEndpoint = {},
): BillingProvider {
  const context = stripeContext(config, secrets, endpoint);
  return {
    name: 'stripe',
    createCustomer: (account) => createCustomer(context, account),
    createCheckout: (request) => createCheckout(context, request),
    expireCheckout: (checkoutId) => expireCheckout(context, checkoutId),
    cancelNow: (subscriptionId, options) => cancelNow(context, subscriptionId, options),
    hasOpenSubscription: (customerId) => hasOpenSubscription(context, customerId),
    previewTierChange: (subscriptionId, tier, prorationDate) => previewTierChange(context, subscriptionId, tier, prorationDate),
    changeTier: (subscriptionId, tier, prorationDate) => changeTier(context, subscriptionId, tier, prorationDate),
    createPortal: (customerId, returnUrl) => createPortal(context, customerId, returnUrl),
    getSubscription: (subscriptionId) => getSubscription(context, subscriptionId),
    readEvent: (rawBody, signature) => readEvent(context, rawBody, signature),
  };
}
