import type { Config } from '#shared/config.js';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import { createStripeBilling } from '#shared/adapters/billing/stripe-billing.js';
import { createSecretSource, secretsManagerReader } from '#shared/adapters/secret-source.js';
import type { Table } from '#shared/db/table.js';

/** Builds the provider that stands in for Stripe where no key is configured: only the local stack has one. */
export type BillingStandIn = (config: Config, table: Table) => BillingProvider;

let standIn: BillingStandIn | undefined;

/**
 * The local stack gives its provider (bin/local/local-billing.ts) before it loads the functions, so that
 * provider and its store stay out of every deployed bundle (docs/decisions/098-dev-only-code-injected-locally.md).
 * Undefined takes it back.
 */
export function provideBillingStandIn(create: BillingStandIn | undefined): void {
  standIn = create;
}

/** Whether Stripe is configured: a key in the environment, or (in AWS) the secret holding it. */
export function usesStripe(config: Pick<Config, 'stripeSecretKey' | 'stripeSecretArn'>): boolean {
  return config.stripeSecretKey !== '' || config.stripeSecretArn !== '';
}

/**
 * Stripe when a key is configured; otherwise the stand-in the local stack gave, whose pages the dev
 * server serves. With neither, Stripe all the same: its first call fails, naming the missing key.
 */
export function createBilling(config: Config, table: Table): BillingProvider {
  if (!usesStripe(config) && standIn) return standIn(config, table);
  const readSecret = secretsManagerReader(config.awsRegion);
  return createStripeBilling(config, {
    apiKey: createSecretSource(
      { value: config.stripeSecretKey, arn: config.stripeSecretArn, describe: 'Stripe API key (STRIPE_SECRET_KEY or STRIPE_SECRET_ARN)' },
      readSecret,
    ),
    webhookSecret: createSecretSource(
      {
        value: config.stripeWebhookSecret,
        arn: config.stripeWebhookSecretArn,
        describe: 'Stripe webhook signing secret (STRIPE_WEBHOOK_SECRET or STRIPE_WEBHOOK_SECRET_ARN)',
      },
      readSecret,
    ),
  });
}
