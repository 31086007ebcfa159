import Stripe from 'stripe';
import type { Config } from '#shared/config.js';
import type { SecretSource } from '#shared/adapters/secret-source.js';
import { paidTiers, type PaidTier, type SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';

export type StripeBillingConfig = Pick<
  Config,
  'stripePriceIdPro' | 'stripePriceIdGrowth' | 'stripeAutomaticTax' | 'stripeTaxIdCollection' | 'stripeWebhookToleranceSeconds'
>;

/** Where the client sends its requests: Stripe's API, or a test's fake on loopback. */
export type StripeEndpoint = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/** What every Stripe operation works with: the client (made on first use), the tiers' prices and the settings. */
export interface StripeContext {
  client: () => Promise<Stripe>;
  prices: Record<PaidTier, string>;
  automaticTax: boolean;
  taxIdCollection: boolean;
  webhookSecret: SecretSource;
  webhookToleranceSeconds: number;
}

function switchedOn(setting: string, name: string): boolean {
  if (setting !== 'on' && setting !== 'off') throw new Error(`${name} must be "on" or "off", not ${JSON.stringify(setting)}`);
  return setting === 'on';
}

/** The context of a configured provider; the settings are checked now, the API key read on the first request. */
export function stripeContext(
  config: StripeBillingConfig,
  secrets: { apiKey: SecretSource; webhookSecret: SecretSource },
  endpoint: StripeEndpoint = {},
): StripeContext {
  let client: Promise<Stripe> | undefined;
  return {
    client: () =>
      (client ??= secrets.apiKey().then(
        (key) => new Stripe(key, { maxNetworkRetries: 2, timeout: 10_000, ...endpoint }),
        (error: unknown) => {
          client = undefined; // the next request reads the key again
          throw error;
        },
      )),
    prices: { pro: config.stripePriceIdPro, growth: config.stripePriceIdGrowth },
    automaticTax: switchedOn(config.stripeAutomaticTax, 'STRIPE_AUTOMATIC_TAX'),
    taxIdCollection: switchedOn(config.stripeTaxIdCollection, 'STRIPE_TAX_ID_COLLECTION'),
    webhookSecret: secrets.webhookSecret,
    webhookToleranceSeconds: config.stripeWebhookToleranceSeconds,
  };
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

export function priceFor(context: StripeContext, tier: PaidTier): string {
  const price = context.prices[tier];
  if (price === '') throw new Error(`No Stripe price for the ${tier} tier: set STRIPE_PRICE_ID_${tier.toUpperCase()}`);
  return price;
}

/** A subscription as the service keeps it; its price names its tier. */
export function snapshotOf(context: StripeContext, subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const tier = paidTiers.find((candidate) => context.prices[candidate] !== '' && context.prices[candidate] === item?.price.id);
  // Unknown prices are a configuration error: failing makes Stripe resend once it is fixed.
  if (!item || !tier) throw new Error(`Subscription ${subscription.id} is for a price that is not a tier's (STRIPE_PRICE_ID_*)`);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    tier,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodEnd: item.current_period_end ? new Date(item.current_period_end * 1000).toISOString() : null,
  };
}
