import { afterEach, describe, expect, it } from 'vitest';
import type { BillingProvider } from '#shared/adapters/billing/billing-provider.js';
import { createBilling, provideBillingStandIn } from '#shared/adapters/billing/create-billing.js';
import { loadConfig } from '#shared/config.js';
import { emptyTable, unitTable } from '#test/unit/http/call-route.js';

const table = unitTable(emptyTable);
const standIn = { name: 'local' } as BillingProvider;

afterEach(() => provideBillingStandIn(undefined));

describe('the billing factory', () => {
  it('uses the stand-in the local stack gave when no Stripe key is configured, built on the given table', () => {
    const given: unknown[] = [];
    provideBillingStandIn((config, on) => {
      given.push(config.tableName, on);
      return standIn;
    });
    expect(createBilling(loadConfig({}), table)).toBe(standIn);
    expect(given).toEqual(['readiness', table]);
  });

  it('uses Stripe whenever a key or its secret is configured, a stand-in or not', () => {
    provideBillingStandIn(() => standIn);
    expect(createBilling(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }), table).name).toBe('stripe');
    expect(createBilling(loadConfig({ STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-2:0:secret:stripe' }), table).name).toBe('stripe');
  });

  it('without a key or a stand-in builds Stripe, whose first call fails naming the setting', async () => {
    const billing = createBilling(loadConfig({}), table);
    expect(billing.name).toBe('stripe');
    await expect(billing.createCustomer({ id: 'acct-1', email: 'ann@example.com' })).rejects.toThrow(
      /STRIPE_SECRET_KEY or STRIPE_SECRET_ARN/,
    );
  });
});
