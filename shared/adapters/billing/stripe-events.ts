import Stripe from 'stripe';
import type { BillingEvent } from '#shared/adapters/billing/billing-provider.js';
import { idOf, type StripeContext } from '#shared/adapters/billing/stripe-client.js';
import { invalidInput } from '#shared/model/errors.js';

export const handledEvents: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** A webhook's event, once its Stripe-Signature verifies within the tolerance. */
export async function readEvent(context: StripeContext, rawBody: string, signature: string | undefined): Promise<BillingEvent> {
  if (signature === undefined || signature === '') throw invalidInput('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = (await context.client()).webhooks.constructEvent(
      rawBody,
      signature,
      await context.webhookSecret(),
      context.webhookToleranceSeconds,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw invalidInput('The Stripe-Signature does not verify (wrong secret, altered body, or older than the tolerance)');
    }
    throw error;
  }
  return eventOf(event);
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
