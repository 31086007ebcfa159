import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { PaidTier } from '#shared/model/billing/subscription-state.js';
import { amountText, type UpgradeQuote } from '#shared/model/billing/upgrade-quote.js';
import { conflict } from '#shared/model/errors.js';
import { priceText } from '#shared/model/plans.js';
import { tierAtLeast } from '#shared/model/tiers.js';

/**
 * POST /api/v1/account/subscribe/preview: what an immediate upgrade would charge now, computed by the
 * billing provider for a proration date the subscribe call then sends back, so the charge is the amount
 * shown. Changes nothing. 409 when the account already has the tier, or has no subscription to change
 * (a new subscription goes through the provider's checkout page, which shows the price before payment).
 */
export async function previewUpgrade(
  caller: Caller,
  tier: PaidTier,
  deps: Pick<Dependencies, 'config' | 'clock' | 'billing'>,
): Promise<UpgradeQuote> {
  const account = caller.account;
  if (tierAtLeast(account.tier, tier)) throw conflict(`This account is already on the ${account.tier} tier`);
  if (!account.subscription.isActive || !account.subscriptionId || account.tier === 'free')
    throw conflict(
      'This account has no subscription to change: POST /api/v1/account/subscribe opens a checkout page, which shows the price before any payment',
    );
  const nowMs = deps.clock.now();
  const prorationDate = Math.floor(nowMs / 1000);
  const charge = await deps.billing.previewTierChange(account.subscriptionId, tier, prorationDate);
  const amount = amountText(charge.amountDue, charge.currency);
  const periodEnd = account.subscription.currentPeriodEnd;
  return {
    tier,
    currentTier: account.tier,
    ...charge,
    amountText: amount,
    prorationDate: new Date(prorationDate * 1000).toISOString(),
    validUntil: new Date((prorationDate + deps.config.upgradeQuoteValiditySeconds) * 1000).toISOString(),
    periodEnd,
    note:
      `Upgrading to ${tier} now charges ${amount} at once for the rest of this period` +
      `${periodEnd ? ` (to ${periodEnd.slice(0, 10)})` : ''}, then ${priceText(deps.config[`${tier}PriceMonthlyGbp`])}. ` +
      'Send this prorationDate with POST /api/v1/account/subscribe to be charged this amount. Prices exclude VAT.',
  };
}
