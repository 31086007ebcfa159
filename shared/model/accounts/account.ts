import type { Tier } from '#shared/model/tiers.js';

/** `isActive`: a paid subscription is in force; `isPaid`: its last payment succeeded. */
export interface Subscription {
  isActive: boolean;
  isPaid: boolean;
  isCanceling: boolean;
  currentPeriodEnd: string | null;
}

export const noSubscription: Subscription = { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null };

/** An account as stored: its tier, its counts of owned things and its usage windows. */
export interface Account {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  tier: Tier;
  subscription: Subscription;
  /** The billing provider's customer (created at the first subscribe) and current subscription. */
  customerId: string | null;
  subscriptionId: string | null;
  /** When (epoch ms) the subscription's state was read from the provider; older reads never overwrite it. */
  subscriptionSyncedAt: number | null;
  /**
   * While the subscription is past due: when (epoch ms) that was first seen, and when its grace period
   * ends and the account reads as free (shared/model/billing/past-due.ts). Absent otherwise.
   */
  pastDueSince?: number | null;
  graceEndsAt?: number | null;
  /** The account's latest checkout, closed when another is issued (shared/use-cases/billing/subscribe.ts). */
  openCheckoutId?: string | null;
  keyCount: number;
  siteCount: number;
  webhookCount: number;
  /** Batches submitted (optional: accounts made before batches have none). */
  batchCount?: number;
  scanCount: number;
  /** Calendar month (UTC, `YYYY-MM`) that `monthlyApiCalls` counts. */
  apiCallsMonth: string | null;
  monthlyApiCalls: number;
  /** Calendar day (UTC, `YYYY-MM-DD`) that `dailyScans` counts. */
  scansDay: string | null;
  dailyScans: number;
}

export function newAccount(id: string, email: string, createdAt: string): Account {
  return {
    id,
    email,
    name: null,
    createdAt,
    tier: 'free',
    subscription: noSubscription,
    customerId: null,
    subscriptionId: null,
    subscriptionSyncedAt: null,
    keyCount: 0,
    siteCount: 0,
    webhookCount: 0,
    scanCount: 0,
    apiCallsMonth: null,
    monthlyApiCalls: 0,
    scansDay: null,
    dailyScans: 0,
  };
}
