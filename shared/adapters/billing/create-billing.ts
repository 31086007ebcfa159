import type { Config } from '#shared/config.js';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import { createLocalBilling } from '#shared/adapters/billing/local-billing.js';
import { createStripeBilling } from '#shared/adapters/billing/stripe-billing.js';
import { createSecretSource, secretsManagerReader } from '#shared/adapters/secret-source.js';
import { localBillingStore } from '#shared/db/local-billing-store.js';
import type { Table } from '#shared/db/table.js';

/** Whether Stripe is configured: a key in the environment, or (in AWS) the secret holding it. */
export function usesStripe(config: Pick<Config, 'stripeSecretKey' | 'stripeSecretArn'>): boolean {
  return config.stripeSecretKey !== '' || config.stripeSecretArn !== '';
}

/** Stripe when a key is configured; otherwise the local provider, whose pages the dev server serves. */
export function createBilling(config: Config, table: Table): BillingProvider {
  if (!usesStripe(config)) return createLocalBilling(localBillingStore(table), config);
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
