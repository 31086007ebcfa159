import Stripe from 'stripe';
import { inject } from 'vitest';
import { createStripeBilling } from '#shared/adapters/billing/stripe-billing.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { getAccount } from '#shared/db/account-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { Clock } from '#shared/model/clock.js';
import { respond } from '#shared/http/family-handler.js';
import type { FakeStripe } from '#test/fixtures/fake-stripe.js';
import { apiEvent, familyApi } from '#test/unit/http/call-route.js';
import { testTable } from '../support/accounts.js';

export const webhookSecret = 'whsec_integration';

/** The billing function's dependencies on DynamoDB Local and the fake Stripe, with an optional clock. */
export function stripeDependencies(stripe: FakeStripe, clock?: Clock): Dependencies {
  const config = loadConfig({
    TABLE_NAME: inject('tableName'),
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID_PRO: 'price_pro',
    STRIPE_PRICE_ID_GROWTH: 'price_growth',
    PUBLIC_BASE_URL: 'https://scan.example.org',
  });
  const billing = createStripeBilling(
    config,
    { apiKey: async () => config.stripeSecretKey, webhookSecret: async () => webhookSecret },
    stripe.endpoint,
  );
  return createDependencies(config, { table: testTable(), billing, ...(clock ? { clock } : {}) });
}

let eventCounter = 0;

/** Delivers a signed Stripe event to the webhook route, through the billing function's dispatch. */
export async function deliver(deps: Dependencies, type: string, object: Record<string, unknown>, options: { id?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${(eventCounter += 1)}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const result = await respond(
    apiEvent({
      method: 'POST',
      path: '/api/billing/stripe/webhook',
      routeKey: 'POST /api/billing/stripe/webhook',
      body: payload,
      headers: { 'stripe-signature': signature },
    }),
    familyApi('billing'),
    deps,
  );
  return { status: result.statusCode!, body: JSON.parse(result.body ?? '{}') as Record<string, unknown> };
}

export const checkoutCompleted = (subscriptionId: string, customerId: string, accountId: string) => ({
  id: `cs_${subscriptionId}`,
  object: 'checkout.session',
  subscription: subscriptionId,
  customer: customerId,
  client_reference_id: accountId,
});

export const subscriptionObject = (id: string, customer: string) => ({ id, object: 'subscription', customer });

/** The caller of an authenticated request, with the account as read now. */
export async function callerOf(deps: Dependencies, accountId: string, keyId = 'key'): Promise<Caller> {
  const account = (await getAccount(deps.table, accountId))!;
  return { accountId, keyId, tier: account.tier, scopes: ['account:write'], account };
}
