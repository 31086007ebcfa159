import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '#shared/db/account-store.js';
import { linkCustomer, saveSubscriptionState } from '#shared/db/billing-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { subscribe } from '#shared/use-cases/billing/subscribe.js';
import { respond } from '#shared/http/family-handler.js';
import { startFakeStripe, type FakeStripe } from '#test/fixtures/fake-stripe.js';
import { apiEvent, familyApi } from '#test/unit/http/call-route.js';
import { itemsWhere, signUp } from '../support/accounts.js';
import { stripeDependencies, webhookSecret } from './stripe-harness.js';

let stripe: FakeStripe;
let deps: Dependencies;

beforeAll(async () => {
  stripe = await startFakeStripe();
  deps = stripeDependencies(stripe);
});
afterAll(() => stripe.close());

let eventCounter = 0;

/** Delivers a signed Stripe event to the webhook route, through the billing function's dispatch. */
async function deliver(type: string, object: Record<string, unknown>, options: { id?: string; signature?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${(eventCounter += 1)}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
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

const subscriptionObject = (id: string, customer: string) => ({ id, object: 'subscription', customer });
const account = async (accountId: string) => (await getAccount(deps.table, accountId))!;

/** A signed-up account that has paid for `tier` through a checkout. */
async function payingAccount(tier: 'pro' | 'growth') {
  const user = await signUp();
  const id = user.accountId.slice(0, 8);
  const subscriptionId = `sub_${id}`;
  const customerId = `cus_${id}`;
  stripe.putSubscription({ id: subscriptionId, customer: customerId, status: 'active', price: `price_${tier}` });
  const completed = await deliver('checkout.session.completed', {
    id: `cs_${id}`,
    object: 'checkout.session',
    subscription: subscriptionId,
    customer: customerId,
    client_reference_id: user.accountId,
  });
  expect(completed).toEqual({ status: 200, body: { received: true } });
  return { accountId: user.accountId, subscriptionId, customerId };
}

describe('Stripe webhooks (signed events, fake Stripe, DynamoDB Local)', () => {
  it('applies a completed checkout: the account gets the tier and is linked to its customer', async () => {
    const paid = await payingAccount('pro');
    expect(await account(paid.accountId)).toMatchObject({
      tier: 'pro',
      customerId: paid.customerId,
      subscriptionId: paid.subscriptionId,
      subscription: { isActive: true, isPaid: true, isCanceling: false, currentPeriodEnd: new Date(1_800_000_000_000).toISOString() },
    });
    expect(await itemsWhere('BillingCustomer', 'accountId', paid.accountId)).toHaveLength(1);
  });

  it('processes an event id once: a resent event is acknowledged without reading Stripe again', async () => {
    const paid = await payingAccount('pro');
    const object = subscriptionObject(paid.subscriptionId, paid.customerId);
    expect((await deliver('customer.subscription.updated', object, { id: `evt_once_${paid.accountId}` })).status).toBe(200);
    const reads = stripe.callsTo('GET', `/v1/subscriptions/${paid.subscriptionId}`).length;
    const resent = await Promise.all(
      Array.from({ length: 5 }, () => deliver('customer.subscription.updated', object, { id: `evt_once_${paid.accountId}` })),
    );
    expect(resent.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    expect(stripe.callsTo('GET', `/v1/subscriptions/${paid.subscriptionId}`)).toHaveLength(reads);
    expect(await itemsWhere('JobLease', 'pk', `BILLINGEVENT#evt_once_${paid.accountId}`)).toEqual([
      expect.objectContaining({ state: 'done', expiresAt: expect.any(Number) }),
    ]);
  });

  it("ends in the subscription's current state whatever order events arrive in", async () => {
    const paid = await payingAccount('pro');
    // The customer upgrades in the portal; the newer event arrives first, the older one after.
    stripe.subscription(paid.subscriptionId)!.price = 'price_growth';
    await deliver('customer.subscription.updated', {
      ...subscriptionObject(paid.subscriptionId, paid.customerId),
      items: { data: [{ price: { id: 'price_growth' } }] },
    });
    await deliver('customer.subscription.updated', {
      ...subscriptionObject(paid.subscriptionId, paid.customerId),
      items: { data: [{ price: { id: 'price_pro' } }] },
    });
    expect((await account(paid.accountId)).tier).toBe('growth');
    // Many events for one subscription at once: every one reads the same current state.
    stripe.subscription(paid.subscriptionId)!.cancelAtPeriodEnd = true;
    const answers = await Promise.all(
      ['customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated', 'invoice.paid'].flatMap((type) =>
        Array.from({ length: 5 }, () =>
          deliver(
            type,
            type.startsWith('invoice')
              ? {
                  id: 'in_x',
                  object: 'invoice',
                  customer: paid.customerId,
                  parent: { subscription_details: { subscription: paid.subscriptionId } },
                }
              : subscriptionObject(paid.subscriptionId, paid.customerId),
          ),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await account(paid.accountId)).toMatchObject({ tier: 'growth', subscription: { isActive: true, isCanceling: true } });
  });

  it('never lets an older read overwrite a newer one', async () => {
    const paid = await payingAccount('growth');
    const { subscriptionSyncedAt } = await account(paid.accountId);
    const older = await saveSubscriptionState(deps.table, paid.accountId, {
      state: { tier: 'free', live: false, subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null } },
      subscriptionId: paid.subscriptionId,
      customerId: paid.customerId,
      syncedAt: subscriptionSyncedAt! - 1,
      graceEndsAt: null,
    });
    expect(older).toEqual({ kind: 'stale' });
    expect((await account(paid.accountId)).tier).toBe('growth');
  });

  it('keeps the tier with isPaid false while a failed payment is retried, and ends the subscription on the final failure', async () => {
    const paid = await payingAccount('growth');
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer: paid.customerId,
      parent: { subscription_details: { subscription: paid.subscriptionId } },
    };
    stripe.subscription(paid.subscriptionId)!.status = 'past_due';
    await deliver('invoice.payment_failed', invoice);
    expect(await account(paid.accountId)).toMatchObject({ tier: 'growth', subscription: { isActive: true, isPaid: false } });
    stripe.subscription(paid.subscriptionId)!.status = 'active';
    await deliver('invoice.paid', invoice);
    expect(await account(paid.accountId)).toMatchObject({ tier: 'growth', subscription: { isPaid: true } });
    stripe.subscription(paid.subscriptionId)!.status = 'unpaid';
    await deliver('invoice.payment_failed', invoice);
    expect(await account(paid.accountId)).toMatchObject({ tier: 'free', subscription: { isActive: false } });
  });

  it('returns the account to free when the subscription is deleted, but not for a late event about an old one', async () => {
    const paid = await payingAccount('pro');
    // The customer cancelled and later subscribed again: the old subscription's deletion arrives late,
    // so the account still shows it; Stripe says it has ended, and the new one takes its place.
    const newer = `${paid.subscriptionId}_2`;
    stripe.subscription(paid.subscriptionId)!.status = 'canceled';
    stripe.putSubscription({ id: newer, customer: paid.customerId, status: 'active', price: 'price_growth' });
    await deliver('customer.subscription.created', subscriptionObject(newer, paid.customerId));
    expect(await account(paid.accountId)).toMatchObject({ tier: 'growth', subscriptionId: newer });
    await deliver('customer.subscription.deleted', subscriptionObject(paid.subscriptionId, paid.customerId));
    expect(await account(paid.accountId)).toMatchObject({ tier: 'growth', subscriptionId: newer });
    stripe.subscription(newer)!.status = 'canceled';
    await deliver('customer.subscription.deleted', subscriptionObject(newer, paid.customerId));
    expect(await account(paid.accountId)).toMatchObject({ tier: 'free', subscription: { isActive: false, currentPeriodEnd: null } });
  });

  it('acknowledges events of unknown customers and events it does not handle, changing nothing', async () => {
    stripe.putSubscription({ id: 'sub_stranger', customer: 'cus_stranger', status: 'active', price: 'price_growth' });
    expect(await deliver('customer.subscription.updated', subscriptionObject('sub_stranger', 'cus_stranger'))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await itemsWhere('BillingCustomer', 'pk', 'CUSTOMER#cus_stranger')).toEqual([]);
    const calls = stripe.calls.length;
    expect((await deliver('charge.refunded', { id: 'ch_1', object: 'charge' })).status).toBe(200);
    expect(stripe.calls.length).toBe(calls);
  });

  it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
    const paid = await payingAccount('pro');
    stripe.subscription(paid.subscriptionId)!.status = 'canceled';
    const object = subscriptionObject(paid.subscriptionId, paid.customerId);
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object } });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    for (const signature of ['t=1,v1=deadbeef', stale, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })]) {
      const answer = await deliver('customer.subscription.deleted', object, { id: 'evt_forged', signature });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/Stripe-Signature/);
    }
    expect((await account(paid.accountId)).tier).toBe('pro');
    expect(await itemsWhere('JobLease', 'pk', 'BILLINGEVENT#evt_forged')).toEqual([]);
  });

  it('answers 502 when Stripe cannot be read, and processes the resent event once it can', async () => {
    const paid = await payingAccount('pro');
    stripe.subscription(paid.subscriptionId)!.price = 'price_growth';
    stripe.fail('GET', `/v1/subscriptions/${paid.subscriptionId}`, {
      status: 400,
      error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'temporarily broken' },
    });
    const id = `evt_retry_${paid.accountId}`;
    const failed = await deliver('customer.subscription.updated', subscriptionObject(paid.subscriptionId, paid.customerId), { id });
    expect(failed.status).toBe(502);
    stripe.fail('GET', `/v1/subscriptions/${paid.subscriptionId}`, null);
    expect((await deliver('customer.subscription.updated', subscriptionObject(paid.subscriptionId, paid.customerId), { id })).status).toBe(
      200,
    );
    expect((await account(paid.accountId)).tier).toBe('growth');
  });
});

describe('the billing customer, created once', () => {
  it('links one customer when many are offered at once', async () => {
    const user = await signUp();
    const linked = await Promise.all(
      Array.from({ length: 10 }, (_, index) => linkCustomer(deps.table, user.accountId, `cus_race_${user.accountId}_${index}`)),
    );
    expect(new Set(linked).size).toBe(1);
    expect((await account(user.accountId)).customerId).toBe(linked[0]);
    expect(await itemsWhere('BillingCustomer', 'accountId', user.accountId)).toHaveLength(1);
  });

  it('gives racing subscribe requests one customer and a checkout each', async () => {
    const user = await signUp();
    const caller = async () => {
      const current = await account(user.accountId);
      return { accountId: user.accountId, keyId: user.keyId, tier: current.tier, scopes: ['account:write' as const], account: current };
    };
    const results = await Promise.all(Array.from({ length: 10 }, async () => subscribe(await caller(), 'pro', deps)));
    expect(results.every((result) => 'checkoutUrl' in result)).toBe(true);
    const { customerId } = await account(user.accountId);
    expect(customerId).toMatch(/^cus_fake/);
    const sessions = stripe.callsTo('POST', '/v1/checkout/sessions').filter((call) => call.params.client_reference_id === user.accountId);
    expect(sessions).toHaveLength(10);
    expect(new Set(sessions.map((call) => call.params.customer))).toEqual(new Set([customerId]));
    expect(sessions[0]!.params).toMatchObject({
      success_url: 'https://scan.example.org/app?checkout=complete',
      'line_items[0][price]': 'price_pro',
    });
  });
});
