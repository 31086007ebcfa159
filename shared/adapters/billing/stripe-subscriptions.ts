import Stripe from 'stripe';
import type { ProrationCharge } from '#shared/model/billing/upgrade-quote.js';
import { idOf, priceFor, snapshotOf, type StripeContext } from '#shared/adapters/billing/stripe-client.js';
import { stripeFailure } from '#shared/adapters/billing/stripe-failure.js';
import type { PaidTier, SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';

/** Statuses of a subscription that has ended for good. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/** Ends the subscription now, refunding its latest invoice's payments first when asked. */
export async function cancelNow(context: StripeContext, subscriptionId: string, options: { refund: boolean }): Promise<void> {
  try {
    const client = await context.client();
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
}

/** Whether the customer has a subscription that has not ended. */
export async function hasOpenSubscription(context: StripeContext, customerId: string): Promise<boolean> {
  try {
    for await (const subscription of (await context.client()).subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      if (!endedStatuses.has(subscription.status)) return true;
    }
    return false;
  } catch (error) {
    throw stripeFailure(error, 'read the subscriptions');
  }
}

/** What moving the subscription to the tier would charge at once, at the proration date. */
export async function previewTierChange(
  context: StripeContext,
  subscriptionId: string,
  tier: PaidTier,
  prorationDate: number,
): Promise<ProrationCharge> {
  try {
    const client = await context.client();
    const item = await firstItem(client, subscriptionId);
    // The invoice the update below would create at once: with always_invoice it holds the prorations only.
    const invoice = await client.invoices.createPreview({
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: item.id, price: priceFor(context, tier) }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
      },
    });
    // Stripe recommends reading the proration lines; when the preview holds nothing else it is the
    // invoice charged at once, and its amount_due also counts tax and the customer's balance.
    const lines = invoice.lines?.data ?? [];
    const isProration = (line: Stripe.InvoiceLineItem) =>
      line.parent?.subscription_item_details?.proration === true || line.parent?.invoice_item_details?.proration === true;
    const amountDue = lines.every(isProration) ? invoice.amount_due : lines.filter(isProration).reduce((sum, line) => sum + line.amount, 0);
    return { amountDue, currency: invoice.currency };
  } catch (error) {
    throw stripeFailure(error, 'preview the upgrade');
  }
}

/** Moves the subscription to the tier, charging the prorated difference now. */
export async function changeTier(
  context: StripeContext,
  subscriptionId: string,
  tier: PaidTier,
  prorationDate?: number,
): Promise<SubscriptionSnapshot> {
  try {
    const client = await context.client();
    const item = await firstItem(client, subscriptionId);
    const updated = await client.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: priceFor(context, tier) }],
      // Charge the prorated difference now; if the payment fails, nothing changes.
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: false,
      // The date a preview used, so that the charge is the amount it showed.
      ...(prorationDate === undefined ? {} : { proration_date: prorationDate }),
    });
    return snapshotOf(context, updated);
  } catch (error) {
    throw stripeFailure(error, 'change the subscription');
  }
}

/** The subscription as it is now; null when Stripe has no such subscription. */
export async function getSubscription(context: StripeContext, subscriptionId: string): Promise<SubscriptionSnapshot | null> {
  let subscription: Stripe.Subscription;
  try {
    subscription = await (await context.client()).subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw stripeFailure(error, 'read the subscription');
  }
  return snapshotOf(context, subscription);
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
