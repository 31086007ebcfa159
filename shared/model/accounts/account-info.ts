import type { Config } from '#shared/config.js';
import type { Account, Subscription } from '#shared/model/accounts/account.js';
import { currentUsage } from '#shared/model/accounts/current-usage.js';
import { overLimit, type OverLimit } from '#shared/model/billing/over-limit.js';
import { allowanceFor, type ScansPerDay } from '#shared/model/plans.js';
import type { Tier } from '#shared/model/tiers.js';

export interface AccountInfo {
  email: string;
  name: string | null;
  createdAt: string;
  tier: Tier;
  subscription: Subscription;
  usage: { dailyScans: number; dailyScanLimit: ScansPerDay; monthlyApiCalls: number; monthlyApiCallLimit: number };
  counts: {
    watchedSites: number;
    watchedSitesLimit: number;
    apiKeys: number;
    apiKeysLimit: number;
    webhooks: number;
    webhooksLimit: number;
  };
  /** What is held beyond the tier's limits (after a downgrade) and what that means; null when nothing. */
  overLimit: OverLimit | null;
}

/** GET /api/v1/account: the account as read by this request (whose own call is already counted). */
export function accountInfo(account: Account, config: Config, now: number): AccountInfo {
  const allowance = allowanceFor(account.tier, config);
  const usage = currentUsage(account, now);
  return {
    email: account.email,
    name: account.name,
    createdAt: account.createdAt,
    tier: account.tier,
    subscription: account.subscription,
    usage: {
      dailyScans: usage.dailyScans,
      dailyScanLimit: allowance.scansPerDay,
      monthlyApiCalls: usage.monthlyApiCalls,
      monthlyApiCallLimit: allowance.apiCallsMonthly,
    },
    counts: {
      watchedSites: account.siteCount,
      watchedSitesLimit: allowance.watchedSites,
      apiKeys: account.keyCount,
      apiKeysLimit: allowance.apiKeysMax,
      webhooks: account.webhookCount,
      webhooksLimit: allowance.webhooksMax,
    },
    overLimit: overLimit({ sites: account.siteCount, webhooks: account.webhookCount, keys: account.keyCount }, allowance),
  };
}
