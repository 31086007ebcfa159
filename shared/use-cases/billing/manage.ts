import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { billingReturnUrl } from '#shared/model/billing/return-url.js';
import { notFound } from '#shared/model/errors.js';

/**
 * POST /api/v1/account/manage: a billing portal link whenever the account's customer has a subscription
 * that has not ended at the provider, even one the account does not show (past due beyond its grace,
 * or not yet synced), so the customer can always pay, switch or cancel it; 404 otherwise.
 */
export async function manageSubscription(
  caller: Caller,
  deps: Pick<Dependencies, 'config' | 'billing'>,
): Promise<{ portalUrl: string; note: string }> {
  const { customerId, subscription } = caller.account;
  if (!customerId || !(subscription.isActive || (await deps.billing.hasOpenSubscription(customerId))))
    throw notFound('This account has no active subscription: POST /api/v1/account/subscribe starts one');
  const portal = await deps.billing.createPortal(customerId, billingReturnUrl(deps.config));
  return {
    portalUrl: portal.url,
    note: 'Change plan, update the payment method, see invoices or cancel at the end of the period on this page. Prices exclude VAT.',
  };
}
