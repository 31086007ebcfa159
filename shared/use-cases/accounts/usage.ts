import { consumeAllowance, returnAllowance } from '#shared/db/account-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { limitShown, type AllowanceCounter, type AllowanceRequest, type TierLimits } from '#shared/model/accounts/allowance.js';
import { secondsUntilReset, windowId, type UsageWindow } from '#shared/model/accounts/usage-window.js';
import { AppError, rateLimited } from '#shared/model/errors.js';
import { allowanceFor } from '#shared/model/plans.js';
import { tiers, type Tier } from '#shared/model/tiers.js';

export interface Allowance {
  counter: AllowanceCounter;
  window: UsageWindow;
  limitOf: (tier: Tier, deps: Pick<Dependencies, 'config'>) => number | 'unlimited';
  describe: (limit: number, tier: Tier) => string;
}

export const apiCalls: Allowance = {
  counter: { count: 'monthlyApiCalls', window: 'apiCallsMonth' },
  window: 'month',
  limitOf: (tier, deps) => allowanceFor(tier, deps.config).apiCallsMonthly,
  describe: (limit, tier) => `Monthly API call limit reached: ${limit} calls per calendar month on the ${tier} plan`,
};

export const scans: Allowance = {
  counter: { count: 'dailyScans', window: 'scansDay' },
  window: 'day',
  limitOf: (tier, deps) => allowanceFor(tier, deps.config).scansPerDay,
  describe: (limit, tier) => `Daily scan limit reached: ${limit} scans per day (UTC) on the ${tier} plan`,
};

export function requestFor(allowance: Allowance, now: number, deps: Pick<Dependencies, 'config'>): AllowanceRequest {
  const limits = Object.fromEntries(tiers.map((tier) => [tier, allowance.limitOf(tier, deps)])) as TierLimits;
  return { counter: allowance.counter, windowId: windowId(allowance.window, now), limits };
}

async function consume(allowance: Allowance, accountId: string, deps: Pick<Dependencies, 'config' | 'table' | 'clock'>): Promise<Account> {
  const now = deps.clock.now();
  const request = requestFor(allowance, now, deps);
  const { limits } = request;
  const outcome = await consumeAllowance(deps.table, { accountId, ...request });
  if (outcome.kind === 'no_account') throw new AppError('unauthorized', 'Invalid API key');
  if (outcome.kind === 'exhausted') {
    throw rateLimited(
      secondsUntilReset(allowance.window, now),
      allowance.describe(limitShown(limits[outcome.account.tier]), outcome.account.tier),
    );
  }
  return outcome.account;
}

/** Counts an authenticated call against the monthly allowance; 429 until the month ends when it is used up. */
export function countApiCall(accountId: string, deps: Pick<Dependencies, 'config' | 'table' | 'clock'>): Promise<Account> {
  return consume(apiCalls, accountId, deps);
}

/** Counts a scan against the daily allowance (a scan counts when it starts); 429 until the day ends. */
export function countScan(accountId: string, deps: Pick<Dependencies, 'config' | 'table' | 'clock'>): Promise<Account> {
  return consume(scans, accountId, deps);
}

/**
 * Gives back a scan counted by countScan (`counted` is the account it returned) when the scan failed
 * on the target's side (unreachable, timed out): only results count. Nothing when the day has changed.
 */
export async function refundScan(counted: Account, deps: Pick<Dependencies, 'table'>): Promise<void> {
  if (counted.scansDay === null) return;
  await returnAllowance(deps.table, { accountId: counted.id, counter: scans.counter, windowId: counted.scansDay });
}
