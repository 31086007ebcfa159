import { describe, expect, it } from 'vitest';
import { billingMetrics, countBillingMetric, metricLine } from '#shared/adapters/billing/billing-metrics.js';
import { newAccount, type Account } from '#shared/model/accounts/account.js';
import { graceEndOf, graceLapsed, withGraceApplied } from '#shared/model/billing/past-due.js';
import { billingStateOf } from '#shared/model/billing/subscription-state.js';

const dayMs = 86_400_000;
const seen = Date.parse('2026-03-01T12:00:00Z');

function pastDueGrowth(graceEndsAt: number | undefined): Account {
  return {
    ...newAccount('a1', 'a@example.com', '2026-01-01T00:00:00Z'),
    tier: 'growth',
    subscription: { isActive: true, isPaid: false, isCanceling: false, currentPeriodEnd: '2026-03-20T00:00:00.000Z' },
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    ...(graceEndsAt === undefined ? {} : { pastDueSince: seen, graceEndsAt }),
  };
}

describe('the past-due grace period', () => {
  it('ends the given number of days after the failure was first seen', () => {
    expect(graceEndOf(seen, 7)).toBe(Date.parse('2026-03-08T12:00:00Z'));
    expect(graceEndOf(seen, 0)).toBe(seen);
  });

  it('keeps the paid tier up to the last millisecond of the grace, and reads as free from its end', () => {
    const account = pastDueGrowth(graceEndOf(seen, 7));
    expect(graceLapsed(account, seen + 7 * dayMs - 1)).toBe(false);
    expect(withGraceApplied(account, seen + 7 * dayMs - 1)).toBe(account);
    expect(graceLapsed(account, seen + 7 * dayMs)).toBe(true);
    expect(withGraceApplied(account, seen + 7 * dayMs)).toMatchObject({
      tier: 'free',
      subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null },
      // The subscription and customer stay linked: paying in the portal restores the tier.
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
  });

  it('never lapses an account that is not past due, whatever the clock says', () => {
    const account = pastDueGrowth(undefined);
    expect(withGraceApplied(account, Number.MAX_SAFE_INTEGER)).toBe(account);
    expect(withGraceApplied({ ...account, graceEndsAt: null }, Number.MAX_SAFE_INTEGER)).toMatchObject({ tier: 'growth' });
  });

  it("counts past_due as in force at the provider (the grace is the account's, not the subscription's)", () => {
    const snapshot = { subscriptionId: 's', customerId: 'c', tier: 'pro' as const, cancelAtPeriodEnd: false, currentPeriodEnd: null };
    expect(billingStateOf({ ...snapshot, status: 'past_due' })).toMatchObject({
      live: true,
      tier: 'pro',
      subscription: { isActive: true, isPaid: false },
    });
    for (const status of ['unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(billingStateOf({ ...snapshot, status })).toMatchObject({ live: false, tier: 'free' });
    }
  });
});

describe('the refused-subscription metric (CloudWatch EMF)', () => {
  it('writes one EMF document per count, in the namespace and dimensions the alarm watches', () => {
    const lines: string[] = [];
    countBillingMetric(billingMetrics.duplicateSubscriptionRefunded, seen, (line) => lines.push(line));
    expect(lines).toEqual([metricLine('DuplicateSubscriptionRefunded', 1, seen)]);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0]!)).toEqual({
      _aws: {
        Timestamp: seen,
        CloudWatchMetrics: [
          { Namespace: 'ReadinessScanner', Dimensions: [['Service']], Metrics: [{ Name: 'DuplicateSubscriptionRefunded', Unit: 'Count' }] },
        ],
      },
      Service: 'billing',
      DuplicateSubscriptionRefunded: 1,
    });
  });
});
