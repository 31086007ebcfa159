import { linkCustomer, swapOpenCheckout } from '#shared/db/billing-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { billingReturnUrl } from '#shared/model/billing/return-url.js';
import type { PaidTier } from '#shared/model/billing/subscription-state.js';
import { syncSubscription } from '#shared/use-cases/billing/sync-subscription.js';
import { prorationDateProblem } from '#shared/model/billing/upgrade-quote.js';
import { conflict, invalidInput } from '#shared/model/errors.js';
import { tierAtLeast } from '#shared/model/tiers.js';

export type SubscribeResult =
  { checkoutUrl: string; expiresAt: string | null; note: string } | { upgraded: true; tier: PaidTier; note: string };

// Stripe accepts a checkout's expiry up to 24 hours after it creates the session; a minute less
// leaves room for the two clocks to differ.
const clockMarginSeconds = 60;

/**
 * POST /api/v1/account/subscribe: a checkout link for an account without a paid subscription, or an
 * immediate prorated upgrade from pro to growth, charged as of the preview's `prorationDate` when one is
 * sent. 409 when the account already has that tier or more.
 */
export async function subscribe(
  caller: Caller,
  tier: PaidTier,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'billing'>,
  options: { prorationDate?: string } = {},
): Promise<SubscribeResult> {
  const account = caller.account;
  if (tierAtLeast(account.tier, tier)) throw conflict(`This account is already on the ${account.tier} tier`);

  if (account.subscription.isActive && account.subscriptionId) {
    const readAt = deps.clock.now();
    // The proration date of the preview the caller agreed to (preview-upgrade.ts); without one, the provider's now.
    let prorationDate: number | undefined;
    if (options.prorationDate !== undefined) {
      prorationDate = Math.floor(Date.parse(options.prorationDate) / 1000);
      const problem = prorationDateProblem(prorationDate, readAt, deps.config.upgradeQuoteValiditySeconds);
      if (problem) throw invalidInput(problem);
    }
    const snapshot = await deps.billing.changeTier(account.subscriptionId, tier, prorationDate);
    await syncSubscription({ subscriptionId: snapshot.subscriptionId, customerId: snapshot.customerId, accountId: account.id }, deps, {
      snapshot,
      readAt,
    });
    return {
      upgraded: true,
      tier,
      note: `Upgraded to ${tier} now; the prorated difference for the rest of this period is charged at once. Prices exclude VAT.`,
    };
  }

  const customerId = account.customerId ?? (await customerFor(caller, deps));
  const validitySeconds = deps.config.checkoutLinkValidityHours * 3_600;
  const expiresAt = Math.floor(deps.clock.now() / 1000) + validitySeconds - (validitySeconds >= 86_400 ? clockMarginSeconds : 0);
  const returnUrl = billingReturnUrl(deps.config);
  const checkout = await deps.billing.createCheckout({
    accountId: account.id,
    customerId,
    tier,
    successUrl: `${returnUrl}?checkout=complete`,
    cancelUrl: `${returnUrl}?checkout=cancelled`,
    expiresAt,
  });
  await closeEarlierCheckout(caller.accountId, checkout.id, deps);
  return {
    checkoutUrl: checkout.url,
    expiresAt: new Date(checkout.expiresAt * 1000).toISOString(),
    note: `Complete the payment on this page within ${deps.config.checkoutLinkValidityHours} hours; the account moves to ${tier} once it is paid. Prices exclude VAT.`,
  };
}

/**
 * One checkout open per account: the new one is recorded and the one it replaces is closed (Stripe:
 * expired; the local provider's page answers 410). A close that fails is logged, not raised: the new
 * link is good, and a payment of the old one would still be refused (sync-subscription.ts).
 */
async function closeEarlierCheckout(
  accountId: string,
  checkoutId: string,
  deps: Pick<Dependencies, 'table' | 'logger' | 'billing'>,
): Promise<void> {
  const earlier = await swapOpenCheckout(deps.table, accountId, checkoutId);
  if (!earlier) return;
  try {
    await deps.billing.expireCheckout(earlier);
  } catch (error) {
    deps.logger.warn('Could not close an earlier checkout', { accountId, checkoutId: earlier, error });
  }
}

/** The account's customer, created once: racing requests get the same one (see linkCustomer). */
async function customerFor(caller: Caller, deps: Pick<Dependencies, 'table' | 'billing'>): Promise<string> {
  const created = await deps.billing.createCustomer({ id: caller.accountId, email: caller.account.email });
  const linked = await linkCustomer(deps.table, caller.accountId, created);
  if (!linked) throw new Error(`Could not link a billing customer to account ${caller.accountId}`);
  return linked;
}
