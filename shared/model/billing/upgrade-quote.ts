import type { PaidTier } from '#shared/model/billing/subscription-state.js';

/** What an immediate upgrade would charge, as the provider computed it for one proration date. */
export interface ProrationCharge {
  /** Minor units (pence), what the provider would invoice at once; excludes VAT unless the provider adds tax. */
  amountDue: number;
  /** ISO 4217, lower case as Stripe writes it. */
  currency: string;
}

/** The answer of POST /api/v1/account/subscribe/preview. */
export interface UpgradeQuote extends ProrationCharge {
  tier: PaidTier;
  currentTier: PaidTier;
  /** The amount as people read it, e.g. "£12.34". */
  amountText: string;
  /** The moment the proration is computed for; send it back with the subscribe call to be charged this amount. */
  prorationDate: string;
  /** After this the subscribe call refuses the prorationDate and a new preview is needed. */
  validUntil: string;
  /** The end of the current period, which the charge covers up to. */
  periodEnd: string | null;
  note: string;
}

/** A minor-unit amount as text ("£12.34"); GBP and other two-decimal currencies. */
export function amountText(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(amountMinor / 100);
}

/**
 * The prorated charge of moving from one monthly price to another at `at` within the period
 * [start, end): the unused time of the old price credited, the rest of the period at the new price
 * charged, each rounded to a minor unit as Stripe rounds its proration lines. Used by the local
 * provider; Stripe computes its own.
 */
export function proratedChange(input: {
  fromMinor: number;
  toMinor: number;
  periodStartMs: number;
  periodEndMs: number;
  atMs: number;
}): number {
  const length = input.periodEndMs - input.periodStartMs;
  if (length <= 0) return 0;
  const remaining = Math.min(Math.max(input.periodEndMs - input.atMs, 0), length) / length;
  return Math.max(0, Math.round(input.toMinor * remaining) - Math.round(input.fromMinor * remaining));
}

/**
 * Whether a proration date sent back with the subscribe call is still good: issued by a preview no
 * longer than `validitySeconds` ago, and not in the future (beyond a minute of clock difference
 * between two function instances). A date far back would change the amount charged, so it is refused.
 */
export function prorationDateProblem(prorationDateSeconds: number, nowMs: number, validitySeconds: number): string | null {
  const nowSeconds = Math.floor(nowMs / 1000);
  if (prorationDateSeconds > nowSeconds + 60) return 'prorationDate is in the future: send the one the preview returned';
  if (prorationDateSeconds < nowSeconds - validitySeconds)
    return `prorationDate is more than ${Math.round(validitySeconds / 60)} minutes old: preview the upgrade again (POST /api/v1/account/subscribe/preview)`;
  return null;
}
