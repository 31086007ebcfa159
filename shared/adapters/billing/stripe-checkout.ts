import Stripe from 'stripe';
import type { CheckoutRequest } from '#shared/adapters/billing/billing-provider.js';
import { priceFor, type StripeContext } from '#shared/adapters/billing/stripe-client.js';
import { stripeFailure } from '#shared/adapters/billing/stripe-failure.js';

/** The account's Stripe customer; the idempotency key makes racing first subscribes of one account get one. */
export async function createCustomer(context: StripeContext, account: { id: string; email: string }): Promise<string> {
  try {
    const customer = await (
      await context.client()
    ).customers.create({ email: account.email, metadata: { accountId: account.id } }, { idempotencyKey: `customer-${account.id}` });
    return customer.id;
  } catch (error) {
    throw stripeFailure(error, 'create the customer');
  }
}

/** A Checkout session for a new subscription to the tier. */
export async function createCheckout(
  context: StripeContext,
  request: CheckoutRequest,
): Promise<{ id: string; url: string; expiresAt: number }> {
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer: request.customerId,
    client_reference_id: request.accountId,
    metadata: { accountId: request.accountId },
    subscription_data: { metadata: { accountId: request.accountId } },
    line_items: [{ price: priceFor(context, request.tier), quantity: 1 }],
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: request.expiresAt,
    automatic_tax: { enabled: context.automaticTax },
    tax_id_collection: { enabled: context.taxIdCollection },
    // Tax needs the customer's address (and a tax id its name) saved from the checkout form.
    ...(context.automaticTax || context.taxIdCollection ? { customer_update: { address: 'auto', name: 'auto' } } : {}),
  };
  try {
    const session = await (await context.client()).checkout.sessions.create(params);
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url, expiresAt: session.expires_at };
  } catch (error) {
    throw stripeFailure(error, 'start the checkout');
  }
}

/** Closes an earlier Checkout session; one already paid or expired is as closed as wanted. */
export async function expireCheckout(context: StripeContext, checkoutId: string): Promise<void> {
  const client = await context.client();
  try {
    await client.checkout.sessions.expire(checkoutId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw stripeFailure(error, 'close the earlier checkout');
    // Only an open session can be expired.
    const session = await client.checkout.sessions.retrieve(checkoutId).catch((cause: unknown) => {
      throw stripeFailure(cause, 'close the earlier checkout');
    });
    if (session.status === 'open') throw stripeFailure(error, 'close the earlier checkout');
  }
}

/** A billing portal session for the customer. */
export async function createPortal(context: StripeContext, customerId: string, returnUrl: string): Promise<{ url: string }> {
  try {
    const session = await (await context.client()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error, 'open the billing portal');
  }
}
