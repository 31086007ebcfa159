import type { Account } from '#shared/model/accounts/account.js';
import { tiers, type Tier } from '#shared/model/tiers.js';

/*
 * The rules of a per-window allowance (API calls per month, scans per day) counted on the account
 * item. The store counts one use in a single conditional write that these rules describe; when the
 * write is refused it reads the account and these rules say what the refusal meant.
 */

export interface AllowanceCounter {
  /** The attribute counting uses in the window. */
  count: 'monthlyApiCalls' | 'dailyScans';
  /** The attribute naming the window the count belongs to. */
  window: 'apiCallsMonth' | 'scansDay';
}

export type TierLimits = Record<Tier, number | 'unlimited'>;

/** One use to count: which counter, in which window (usage-window.ts `windowId`), under each tier's limit. */
export interface AllowanceRequest {
  counter: AllowanceCounter;
  windowId: string;
  limits: TierLimits;
}

type CountedAccount = Pick<Account, 'tier' | 'apiCallsMonth' | 'monthlyApiCalls' | 'scansDay' | 'dailyScans'>;

/**
 * The account's use of an allowance in the request's window: the window is open when the account's
 * counter already belongs to it (otherwise this use starts it again at one, so what was counted in an
 * earlier month or day counts as 0); one more use is allowed while the count is below the limit of
 * the account's own tier.
 */
export function allowanceUse(
  account: CountedAccount,
  request: AllowanceRequest,
): { windowOpen: boolean; used: number; limit: number | 'unlimited'; allowsOne: boolean } {
  const windowOpen = account[request.counter.window] === request.windowId;
  const used = windowOpen ? account[request.counter.count] : 0;
  const limit = request.limits[account.tier];
  return { windowOpen, used, limit, allowsOne: limit === 'unlimited' || used < limit };
}

/**
 * The tiers whose accounts the conditional write may count one more use for, each with the count it
 * must still be below (null: no bound to check). Counting from zero (opening a new window) needs no
 * bound, but a tier whose limit is 0 allows nothing at all.
 */
export function tiersAllowingOne(limits: TierLimits, countingFromZero: boolean): Array<{ tier: Tier; below: number | null }> {
  const allowed: Array<{ tier: Tier; below: number | null }> = [];
  for (const tier of tiers) {
    const limit = limits[tier];
    if (limit !== 'unlimited' && countingFromZero && limit === 0) continue;
    allowed.push({ tier, below: limit === 'unlimited' || countingFromZero ? null : limit });
  }
  return allowed;
}

/**
 * The write counting in the open window was refused; from the account as read: the window is the
 * request's and the limit is reached (exhausted), the window is the request's with room left (the
 * count moved meanwhile: count again), or the window has to be opened.
 */
export function stepAfterCountRefused(account: CountedAccount, request: AllowanceRequest): 'exhausted' | 'count_again' | 'open_window' {
  const use = allowanceUse(account, request);
  if (!use.windowOpen) return 'open_window';
  return use.allowsOne ? 'count_again' : 'exhausted';
}

/**
 * The write opening the window was refused; from the account as read: another request opened it
 * first (count again), or it is still closed, so the account's tier allows nothing (exhausted).
 */
export function stepAfterOpenRefused(account: CountedAccount, request: AllowanceRequest): 'exhausted' | 'count_again' {
  return account[request.counter.window] === request.windowId ? 'count_again' : 'exhausted';
}

/** The limit an exhausted allowance names in its message (an unlimited tier is never exhausted). */
export function limitShown(limit: number | 'unlimited'): number {
  return limit === 'unlimited' ? 0 : limit;
}
