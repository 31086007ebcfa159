import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/domain/accounts/caller.js';
import { billingReturnUrl } from '#shared/domain/billing/return-url.js';
import { notFound } from '#shared/domain/errors.js';

/** POST /api/v1/account/manage: a billing portal link; 404 without a subscription in force. */
export async function manageSubscription(caller: Caller, deps: Dependencies): Promise<{ portalUrl: string; note: string }> {
  const { customerId, subscription } = caller.account;
  if (!customerId || !subscription.isActive) throw notFound('This account has no active subscription: POST /api/v1/account/subscribe starts one');
  const portal = await deps.billing.createPortal(customerId, billingReturnUrl(deps.config));
  return {
    portalUrl: portal.url,
    note: 'Change plan, update the payment method, see invoices or cancel at the end of the period on this page. Prices exclude VAT.',
  };
}
