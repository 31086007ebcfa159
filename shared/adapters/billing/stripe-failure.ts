import Stripe from 'stripe';
import { AppError } from '#shared/model/errors.js';

/**
 * A Stripe failure as a 502 the caller may read. Stripe's own messages can name objects (customers,
 * subscriptions) by id, so only its error code is passed on; a declined card says why.
 */
export function stripeFailure(error: unknown, action: string): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  const reason =
    error instanceof Stripe.errors.StripeCardError
      ? `the card was declined (${error.decline_code ?? error.code ?? 'declined'})`
      : (error.code ?? error.type);
  return new AppError('upstream_failed', `The payment provider could not ${action}: ${reason}`, { cause: error });
}
