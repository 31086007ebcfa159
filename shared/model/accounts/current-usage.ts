import type { Account } from '#shared/model/accounts/account.js';
import { windowId } from '#shared/model/accounts/usage-window.js';

/** The count of a window as of now: a count from an earlier window is 0. */
export function currentUsage(account: Account, now: number): { dailyScans: number; monthlyApiCalls: number } {
  return {
    dailyScans: account.scansDay === windowId('day', now) ? account.dailyScans : 0,
    monthlyApiCalls: account.apiCallsMonth === windowId('month', now) ? account.monthlyApiCalls : 0,
  };
}
