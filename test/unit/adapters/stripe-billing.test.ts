import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createStripeBilling } from '#shared/adapters/billing/stripe-billing.js';
import type { StripeBillingConfig } from '#shared/adapters/billing/stripe-client.js';
import { AppError } from '#shared/model/errors.js';
import { startFakeStripe, type FakeStripe } from '#test/fixtures/fake-stripe.js';

const config: StripeBillingConfig = {
  stripePriceIdPro: 'price_pro',
  stripePriceIdGrowth: 'price_growth',
  stripeAutomaticTax: 'off',
  stripeTaxIdCollection: 'off',
  stripeWebhookToleranceSeconds: 300,
};
const webhookSecret = 'whsec_test_secret';
const secrets = { apiKey: async () => 'sk_test_123', webhookSecret: async () => webhookSecret };

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.calls.length = 0;
});

const provider = (overrides: Partial<StripeBillingConfig> = {}) =>
  createStripeBilling({ ...config, ...overrides }, secrets, stripe.endpoint);

describe('the Stripe billing provider (real stripe client, fake Stripe on loopback)', () => {
  it('creates one customer per account, whatever the races, with the account id in its metadata', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => provider().createCustomer({ id: 'acct-1', email: 'ann@example.com' })));
    expect(new Set(ids).size).toBe(1);
    const calls = stripe.callsTo('POST', '/v1/customers');
    expect(calls).toHaveLength(5);
    for (const call of calls) {
      expect(call.idempotencyKey).toBe('customer-acct-1');
      expect(call.params).toEqual({ email: 'ann@example.com', 'metadata[accountId]': 'acct-1' });
    }
  });

  it('opens a subscription checkout for the tier price, carrying the account, with the links and expiry given', async () => {
    const checkout = await provider().createCheckout({
      accountId: 'acct-1',
      customerId: 'cus_1',
      tier: 'pro',
      successUrl: 'https://scan.example.org/app?checkout=complete',
      cancelUrl: 'https://scan.example.org/app?checkout=cancelled',
      expiresAt: 1_900_000_000,
    });
    expect(checkout).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      expiresAt: 1_900_000_000,
    });
    const [call] = stripe.callsTo('POST', '/v1/checkout/sessions');
    expect(call!.params).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: 'acct-1',
      'metadata[accountId]': 'acct-1',
      'subscription_data[metadata][accountId]': 'acct-1',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      success_url: 'https://scan.example.org/app?checkout=complete',
      cancel_url: 'https://scan.example.org/app?checkout=cancelled',
      expires_at: '1900000000',
      'automatic_tax[enabled]': 'false',
      'tax_id_collection[enabled]': 'false',
    });
  });

  it('turns on Stripe Tax and tax ids when configured, saving the address and name they need', async () => {
    await provider({ stripeAutomaticTax: 'on', stripeTaxIdCollection: 'on' }).createCheckout({
      accountId: 'a',
      customerId: 'cus_1',
      tier: 'growth',
      successUrl: 'https://x.example/s',
      cancelUrl: 'https://x.example/c',
      expiresAt: 1_900_000_000,
    });
    expect(stripe.callsTo('POST', '/v1/checkout/sessions')[0]!.params).toMatchObject({
      'line_items[0][price]': 'price_growth',
      'automatic_tax[enabled]': 'true',
      'tax_id_collection[enabled]': 'true',
      'customer_update[address]': 'auto',
      'customer_update[name]': 'auto',
    });
    expect(() => provider({ stripeAutomaticTax: 'yes' })).toThrow('STRIPE_AUTOMATIC_TAX must be "on" or "off"');
  });

  it('upgrades a subscription at once, prorated and charged now, and returns its state after the change', async () => {
    stripe.putSubscription({
      id: 'sub_up',
      customer: 'cus_1',
      status: 'active',
      price: 'price_pro',
      itemId: 'si_1',
      currentPeriodEnd: 1_900_000_000,
    });
    const snapshot = await provider().changeTier('sub_up', 'growth');
    expect(snapshot).toEqual({
      subscriptionId: 'sub_up',
      customerId: 'cus_1',
      status: 'active',
      tier: 'growth',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(1_900_000_000_000).toISOString(),
    });
    const [update] = stripe.callsTo('POST', '/v1/subscriptions/sub_up');
    expect(update!.params).toEqual({
      'items[0][id]': 'si_1',
      'items[0][price]': 'price_growth',
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: 'false',
    });
  });

  it('previews an upgrade through the upcoming invoice, and upgrades as of the same proration date', async () => {
    stripe.putSubscription({ id: 'sub_quote', customer: 'cus_1', status: 'active', price: 'price_pro', itemId: 'si_q' });
    const charge = await provider().previewTierChange('sub_quote', 'growth', 1_800_001_234);
    expect(charge).toEqual({ amountDue: 1_800_001_234 % 5_000, currency: 'gbp' });
    expect(stripe.callsTo('POST', '/v1/invoices/create_preview')[0]!.params).toEqual({
      subscription: 'sub_quote',
      'subscription_details[items][0][id]': 'si_q',
      'subscription_details[items][0][price]': 'price_growth',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': '1800001234',
    });
    expect(stripe.callsTo('POST', '/v1/subscriptions/sub_quote')).toEqual([]); // a preview changes nothing
    await provider().changeTier('sub_quote', 'growth', 1_800_001_234);
    expect(stripe.callsTo('POST', '/v1/subscriptions/sub_quote')[0]!.params).toMatchObject({
      'items[0][price]': 'price_growth',
      proration_behavior: 'always_invoice',
      proration_date: '1800001234',
    });
  });

  it('opens the billing portal for the customer with the return link', async () => {
    const portal = await provider().createPortal('cus_9', 'https://scan.example.org/app');
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.callsTo('POST', '/v1/billing_portal/sessions')[0]!.params).toEqual({
      customer: 'cus_9',
      return_url: 'https://scan.example.org/app',
    });
  });

  it('expires an open checkout, and treats one already closed (paid or expired) as closed', async () => {
    const billing = provider();
    const request = {
      accountId: 'acct-x',
      customerId: 'cus_x',
      tier: 'pro' as const,
      successUrl: 'https://a.example/s',
      cancelUrl: 'https://a.example/c',
      expiresAt: 1_900_000_000,
    };
    const open = await billing.createCheckout(request);
    await billing.expireCheckout(open.id);
    expect(stripe.session(open.id)!.status).toBe('expired');
    await billing.expireCheckout(open.id);
    const paid = await billing.createCheckout(request);
    stripe.completeSession(paid.id);
    await billing.expireCheckout(paid.id);
    expect(stripe.session(paid.id)!.status).toBe('complete');
    expect(stripe.callsTo('GET', `/v1/checkout/sessions/${paid.id}`)).toHaveLength(1);
  });

  it("cancels a subscription now, refunding its latest invoice's payments once when asked, and is safe to repeat", async () => {
    stripe.putSubscription({
      id: 'sub_dup',
      customer: 'cus_dup',
      status: 'active',
      price: 'price_pro',
      latestInvoice: 'in_dup',
      payments: ['pi_dup_1', 'pi_dup_2'],
    });
    stripe.putSubscription({
      id: 'sub_old',
      customer: 'cus_dup',
      status: 'past_due',
      price: 'price_pro',
      latestInvoice: 'in_old',
      payments: [],
    });
    await provider().cancelNow('sub_dup', { refund: true });
    expect(stripe.subscription('sub_dup')!.status).toBe('canceled');
    const refundCalls = stripe.callsTo('POST', '/v1/refunds');
    expect(refundCalls.map((call) => [call.params.payment_intent, call.params.reason, call.idempotencyKey])).toEqual([
      ['pi_dup_1', 'duplicate', 'refund-inpay_pi_dup_1'],
      ['pi_dup_2', 'duplicate', 'refund-inpay_pi_dup_2'],
    ]);
    expect(stripe.callsTo('DELETE', '/v1/subscriptions/sub_dup')[0]).toMatchObject({
      params: { invoice_now: 'false', prorate: 'false' },
      idempotencyKey: 'cancel-now-sub_dup',
    });
    // Again (a resent event, after Stripe forgot the idempotency keys): nothing is refunded or cancelled twice.
    stripe.calls.length = 0;
    await provider().cancelNow('sub_dup', { refund: true });
    expect(stripe.refunds.filter((refund) => refund.paymentIntent.startsWith('pi_dup'))).toHaveLength(2);
    expect(stripe.callsTo('DELETE', '/v1/subscriptions/sub_dup')).toEqual([]);
    // Without a refund: only the cancellation.
    await provider().cancelNow('sub_old', { refund: false });
    expect(stripe.subscription('sub_old')!.status).toBe('canceled');
    expect(stripe.callsTo('GET', '/v1/invoice_payments').filter((call) => call.params.invoice === 'in_old')).toEqual([]);
  });

  it('tells whether a customer has a subscription that has not ended', async () => {
    stripe.putSubscription({ id: 'sub_open_1', customer: 'cus_open', status: 'canceled', price: 'price_pro' });
    expect(await provider().hasOpenSubscription('cus_open')).toBe(false);
    stripe.putSubscription({ id: 'sub_open_2', customer: 'cus_open', status: 'unpaid', price: 'price_pro' });
    expect(await provider().hasOpenSubscription('cus_open')).toBe(true);
    expect(stripe.callsTo('GET', '/v1/subscriptions').at(-1)!.params).toMatchObject({ customer: 'cus_open', status: 'all' });
    expect(await provider().hasOpenSubscription('cus_nobody')).toBe(false);
  });

  it('reads a subscription as it is now; an unknown one is null; a price that is no tier is an error', async () => {
    stripe.putSubscription({ id: 'sub_read', customer: 'cus_2', status: 'past_due', price: 'price_growth', cancelAtPeriodEnd: true });
    expect(await provider().getSubscription('sub_read')).toMatchObject({
      status: 'past_due',
      tier: 'growth',
      cancelAtPeriodEnd: true,
      customerId: 'cus_2',
    });
    expect(await provider().getSubscription('sub_missing')).toBeNull();
    stripe.putSubscription({ id: 'sub_odd', customer: 'cus_2', status: 'active', price: 'price_other' });
    await expect(provider().getSubscription('sub_odd')).rejects.toThrow("is for a price that is not a tier's");
  });

  it("turns Stripe's errors into 502s that name no other object", async () => {
    stripe.putSubscription({ id: 'sub_card', customer: 'cus_3', status: 'active', price: 'price_pro' });
    stripe.fail('POST', '/v1/subscriptions/sub_card', {
      status: 402,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: "Your card was declined. (customer 'cus_someone_else')",
      },
    });
    const declined = await provider()
      .changeTier('sub_card', 'growth')
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(AppError);
    expect(declined).toMatchObject({
      kind: 'upstream_failed',
      message: 'The payment provider could not change the subscription: the card was declined (insufficient_funds)',
    });
    stripe.fail('POST', '/v1/checkout/sessions', {
      status: 400,
      error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_other_account'" },
    });
    const missing = await provider()
      .createCheckout({
        accountId: 'a',
        customerId: 'cus_other_account',
        tier: 'pro',
        successUrl: 'https://x.example/s',
        cancelUrl: 'https://x.example/c',
        expiresAt: 1_900_000_000,
      })
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({
      kind: 'upstream_failed',
      message: 'The payment provider could not start the checkout: resource_missing',
    });
    expect((missing as Error).message).not.toContain('cus_');
    stripe.fail('POST', '/v1/checkout/sessions', null);
    stripe.fail('POST', '/v1/subscriptions/sub_card', null);
  });

  it('verifies webhook signatures: a good one reads the event, a bad, missing or stale one is invalid input', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', object: 'checkout.session', subscription: 'sub_9', customer: 'cus_9', client_reference_id: 'acct-9' } },
    });
    const sign = (options: { secret?: string; timestamp?: number } = {}) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
    expect(await provider().readEvent(payload, sign())).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      handled: true,
      subscriptionId: 'sub_9',
      customerId: 'cus_9',
      accountId: 'acct-9',
    });
    for (const signature of [
      sign({ secret: 'whsec_wrong' }),
      sign({ timestamp: Math.floor(Date.now() / 1000) - 301 }),
      't=1,v1=00',
      '',
      undefined,
    ]) {
      await expect(provider().readEvent(payload, signature)).rejects.toMatchObject({ kind: 'invalid_input' });
    }
    await expect(provider().readEvent(payload.replace('sub_9', 'sub_8'), sign())).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('reads the subscription of invoice events and marks other events as not handled', async () => {
    const event = (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });
      return provider().readEvent(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    };
    expect(
      await event('invoice.payment_failed', {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_5',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_5' } },
      }),
    ).toMatchObject({
      handled: true,
      subscriptionId: 'sub_5',
      customerId: 'cus_5',
    });
    expect(await event('customer.subscription.deleted', { id: 'sub_6', object: 'subscription', customer: 'cus_6' })).toMatchObject({
      handled: true,
      subscriptionId: 'sub_6',
    });
    expect(await event('charge.refunded', { id: 'ch_1', object: 'charge' })).toMatchObject({ handled: false, subscriptionId: null });
  });
});
