import Stripe from 'stripe';
import type { Config } from '#shared/config.js';
import type { SecretSource } from '#shared/adapters/secret-source.js';
import type { BillingEvent, BillingProvider, CheckoutRequest } from '#shared/adapters/billing/billing-provider.js';
import { stripeFailure } from '#shared/adapters/billing/stripe-failure.js';
import { invalidInput } from '#shared/model/errors.js';
import { paidTiers, type PaidTier, type SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';

export type StripeBillingConfig = Pick<
  Config,
  'stripePriceIdPro' | 'stripePriceIdGrowth' | 'stripeAutomaticTax' | 'stripeTaxIdCollection' | 'stripeWebhookToleranceSeconds'
>;

/** Where the client sends its requests: Stripe's API, or a test's fake on loopback. */
export type StripeEndpoint = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

export const handledEvents: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Statuses of a subscription that has ended for good. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function switchedOn(setting: string, name: string): boolean {
  if (setting !== 'on' && setting !== 'off') throw new Error(`${name} must be "on" or "off", not ${JSON.stringify(setting)}`);
  return setting === 'on';
}

/** Stripe sells the paid tiers: Checkout for new subscriptions, prorated updates, the billing portal. */
export function createStripeBilling(
  config: StripeBillingConfig,
  secrets: { apiKey: SecretSource; webhookSecret: SecretSource },
  endpoint: StripeEndpoint = {},
): BillingProvider {
  const priceOf: Record<PaidTier, string> = { pro: config.stripePriceIdPro, growth: config.stripePriceIdGrowth };
  const automaticTax = switchedOn(config.stripeAutomaticTax, 'STRIPE_AUTOMATIC_TAX');
  const taxIdCollection = switchedOn(config.stripeTaxIdCollection, 'STRIPE_TAX_ID_COLLECTION');
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= secrets.apiKey().then(
      (key) => new Stripe(key, { maxNetworkRetries: 2, timeout: 10_000, ...endpoint }),
      (error: unknown) => {
        client = undefined; // the next request reads the key again
        throw error;
      },
    ));

  function priceFor(tier: PaidTier): string {
    const price = priceOf[tier];
    if (price === '') throw new Error(`No Stripe price for the ${tier} tier: set STRIPE_PRICE_ID_${tier.toUpperCase()}`);
    return price;
  }

  function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
    const item = subscription.items.data[0];
    const tier = paidTiers.find((candidate) => priceOf[candidate] !== '' && priceOf[candidate] === item?.price.id);
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

  return {
    name: 'stripe',

    async createCustomer(account) {
      try {
        // The idempotency key makes racing first subscribes of one account get one customer.
        const customer = await (
          await stripe()
        ).customers.create({ email: account.email, metadata: { accountId: account.id } }, { idempotencyKey: `customer-${account.id}` });
        return customer.id;
      } catch (error) {
        throw stripeFailure(error, 'create the customer');
      }
    },

    async createCheckout(request: CheckoutRequest) {
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer: request.customerId,
        client_reference_id: request.accountId,
        metadata: { accountId: request.accountId },
        subscription_data: { metadata: { accountId: request.accountId } },
        line_items: [{ price: priceFor(request.tier), quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: request.expiresAt,
        automatic_tax: { enabled: automaticTax },
        tax_id_collection: { enabled: taxIdCollection },
        // Tax needs the customer's address (and a tax id its name) saved from the checkout form.
        ...(automaticTax || taxIdCollection ? { customer_update: { address: 'auto', name: 'auto' } } : {}),
      };
      try {
        const session = await (await stripe()).checkout.sessions.create(params);
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { id: session.id, url: session.url, expiresAt: session.expires_at };
      } catch (error) {
        throw stripeFailure(error, 'start the checkout');
      }
    },

    async expireCheckout(checkoutId) {
      const client = await stripe();
      try {
        await client.checkout.sessions.expire(checkoutId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw stripeFailure(error, 'close the earlier checkout');
        // Only an open session can be expired: one already paid or expired is as closed as wanted.
        const session = await client.checkout.sessions.retrieve(checkoutId).catch((cause: unknown) => {
          throw stripeFailure(cause, 'close the earlier checkout');
        });
        if (session.status === 'open') throw stripeFailure(error, 'close the earlier checkout');
      }
    },

    async cancelNow(subscriptionId, options) {
      try {
        const client = await stripe();
        const subscription = await client.subscriptions.retrieve(subscriptionId);
        const invoiceId = idOf(subscription.latest_invoice);
        // Refunds first: if one fails, the subscription is still in force and the resent event does it all again.
        if (options.refund && invoiceId) {
          for await (const payment of client.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 100 })) {
            await refundPayment(client, subscriptionId, payment);
          }
        }
        if (!endedStatuses.has(subscription.status)) {
          await client.subscriptions.cancel(
            subscriptionId,
            { invoice_now: false, prorate: false },
            { idempotencyKey: `cancel-now-${subscriptionId}` },
          );
        }
      } catch (error) {
        throw stripeFailure(error, 'cancel the subscription');
      }
    },

    async hasOpenSubscription(customerId) {
      try {
        for await (const subscription of (await stripe()).subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
          if (!endedStatuses.has(subscription.status)) return true;
        }
        return false;
      } catch (error) {
        throw stripeFailure(error, 'read the subscriptions');
      }
    },

    async previewTierChange(subscriptionId, tier, prorationDate) {
      try {
        const client = await stripe();
        const item = await firstItem(client, subscriptionId);
        // The invoice the update below would create at once: with always_invoice it holds the prorations only.
        const invoice = await client.invoices.createPreview({
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: item.id, price: priceFor(tier) }],
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
          },
        });
        // Stripe recommends reading the proration lines; when the preview holds nothing else it is the
        // invoice charged at once, and its amount_due also counts tax and the customer's balance.
        const lines = invoice.lines?.data ?? [];
        const isProration = (line: Stripe.InvoiceLineItem) =>
          line.parent?.subscription_item_details?.proration === true || line.parent?.invoice_item_details?.proration === true;
        const amountDue = lines.every(isProration)
          ? invoice.amount_due
          : lines.filter(isProration).reduce((sum, line) => sum + line.amount, 0);
        return { amountDue, currency: invoice.currency };
      } catch (error) {
        throw stripeFailure(error, 'preview the upgrade');
      }
    },

    async changeTier(subscriptionId, tier, prorationDate) {
      try {
        const client = await stripe();
        const item = await firstItem(client, subscriptionId);
        const updated = await client.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: priceFor(tier) }],
          // Charge the prorated difference now; if the payment fails, nothing changes.
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          // The date a preview used, so that the charge is the amount it showed.
          ...(prorationDate === undefined ? {} : { proration_date: prorationDate }),
        });
        return snapshotOf(updated);
      } catch (error) {
        throw stripeFailure(error, 'change the subscription');
      }
    },

    async createPortal(customerId, returnUrl) {
      try {
        const session = await (await stripe()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return { url: session.url };
      } catch (error) {
        throw stripeFailure(error, 'open the billing portal');
      }
    },

    async getSubscription(subscriptionId) {
      let subscription: Stripe.Subscription;
      try {
        subscription = await (await stripe()).subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw stripeFailure(error, 'read the subscription');
      }
      return snapshotOf(subscription);
    },

    async readEvent(rawBody, signature): Promise<BillingEvent> {
      if (signature === undefined || signature === '') throw invalidInput('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = (await stripe()).webhooks.constructEvent(
          rawBody,
          signature,
          await secrets.webhookSecret(),
          config.stripeWebhookToleranceSeconds,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw invalidInput('The Stripe-Signature does not verify (wrong secret, altered body, or older than the tolerance)');
        }
        throw error;
      }
      return eventOf(event);
    },
  };
}

async function firstItem(client: Stripe, subscriptionId: string): Promise<Stripe.SubscriptionItem> {
  const current = await client.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
  return item;
}

/** Refunds one payment of an invoice in full; one already refunded is left as it is. */
async function refundPayment(client: Stripe, subscriptionId: string, payment: Stripe.InvoicePayment): Promise<void> {
  const paymentIntent = idOf(payment.payment.payment_intent);
  const charge = idOf(payment.payment.charge);
  if (!paymentIntent && !charge) return; // a payment recorded outside Stripe: nothing Stripe can refund
  try {
    await client.refunds.create(
      { ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! }), reason: 'duplicate', metadata: { subscriptionId } },
      { idempotencyKey: `refund-${payment.id}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
    throw error;
  }
}

function eventOf(event: Stripe.Event): BillingEvent {
  const base = {
    id: event.id,
    type: event.type,
    handled: handledEvents.has(event.type),
    subscriptionId: null,
    customerId: null,
    accountId: null,
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        accountId: session.client_reference_id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { ...base, subscriptionId: subscription.id, customerId: idOf(subscription.customer) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return { ...base, subscriptionId: idOf(invoice.parent?.subscription_details?.subscription), customerId: idOf(invoice.customer) };
    }
    default:
      return base;
  }
}
