import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeAllowance, getAccount } from '#shared/db/account-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { startFakeStripe, type FakeStripe } from '#test/fixtures/fake-stripe.js';
import { setAccount, signUp, type SignedIn } from '../support/accounts.js';
import { checkoutCompleted, deliver, stripeDependencies } from './stripe-harness.js';

const dayMs = 86_400_000;
const hourMs = 3_600_000;
let stripe: FakeStripe;
let deps: Dependencies;

beforeAll(async () => {
  stripe = await startFakeStripe();
  deps = stripeDependencies(stripe);
});
afterAll(() => stripe.close());

/** The billing function as run on a machine whose clock is `offsetMs` off. */
const skewed = (offsetMs: number) => stripeDependencies(stripe, { now: () => Date.now() + offsetMs });
const stored = async (accountId: string) => (await getAccount(deps.table, accountId))!;

/** A growth account whose checkout was seen by `seenBy` (a machine whose clock may be off). */
async function growthAccount(seenBy: Dependencies): Promise<SignedIn & { subscriptionId: string; customerId: string }> {
  const user = await signUp();
  const customerId = `cus_grace_${user.accountId}`;
  const subscriptionId = `sub_grace_${user.accountId}`;
  stripe.putSubscription({ id: subscriptionId, customer: customerId, status: 'active', price: 'price_growth' });
  await deliver(seenBy, 'checkout.session.completed', checkoutCompleted(subscriptionId, customerId, user.accountId));
  return { ...user, subscriptionId, customerId };
}

const invoiceOf = (paid: { subscriptionId: string; customerId: string }) => ({
  id: `in_${paid.subscriptionId}`,
  object: 'invoice',
  customer: paid.customerId,
  parent: { subscription_details: { subscription: paid.subscriptionId } },
});

async function failPayment(paid: { subscriptionId: string; customerId: string }, seenBy: Dependencies) {
  stripe.subscription(paid.subscriptionId)!.status = 'past_due';
  expect((await deliver(seenBy, 'invoice.payment_failed', invoiceOf(paid))).status).toBe(200);
}

const call = (user: SignedIn, path: string) => user.client.call(path, { key: user.apiKey });

describe('past_due keeps the paid tier for the grace period (7 days), then the account is free', () => {
  it('keeps growth with isPaid false within the grace, whatever later syncs on skewed clocks say', async () => {
    // Paid, then first seen past due, 6 days 23 hours ago: one hour of grace is left.
    const past = skewed(-(7 * dayMs - hourMs));
    const paid = await growthAccount(past);
    await failPayment(paid, past);
    const first = await stored(paid.accountId);
    expect(first).toMatchObject({ tier: 'growth', subscription: { isActive: true, isPaid: false } });
    expect(first.graceEndsAt! - Date.now()).toBeGreaterThan(hourMs - 60_000);
    expect(first.graceEndsAt! - Date.now()).toBeLessThanOrEqual(hourMs);

    // A machine whose clock runs two days ahead sees the retry fail again: the grace does not move.
    await failPayment(paid, skewed(2 * dayMs));
    // Nor does one on time, now behind the stored read (nothing is written), or one further behind.
    await failPayment(paid, deps);
    await failPayment(paid, skewed(-10 * dayMs));
    expect(await stored(paid.accountId)).toMatchObject({
      tier: 'growth',
      graceEndsAt: first.graceEndsAt,
      pastDueSince: first.pastDueSince,
    });

    const account = await call(paid, '/api/v1/account');
    expect(account.body).toMatchObject({
      tier: 'growth',
      subscription: { isActive: true, isPaid: false },
      usage: { monthlyApiCallLimit: 10_000 },
    });
  });

  it('reads the account as free once the grace has run out, with nothing written, and restores the tier when the invoice is paid', async () => {
    const past = skewed(-(7 * dayMs + 60_000));
    const paid = await growthAccount(past);
    await failPayment(paid, past);
    const lapsed = await call(paid, '/api/v1/account');
    expect(lapsed.body).toMatchObject({
      tier: 'free',
      subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null },
      usage: { monthlyApiCallLimit: 100 },
      counts: { watchedSitesLimit: 3, apiKeysLimit: 1, webhooksLimit: 0 },
    });
    // A growth-only route refuses it.
    expect(
      (await paid.client.call('/api/v1/batch/scan', { method: 'POST', key: paid.apiKey, body: { urls: ['https://example.com/'] } })).status,
    ).toBe(403);

    // The customer pays the overdue invoice in the portal: the tier is back at once, the grace cleared.
    stripe.subscription(paid.subscriptionId)!.status = 'active';
    await deliver(deps, 'invoice.paid', invoiceOf(paid));
    const restored = await stored(paid.accountId);
    expect(restored).toMatchObject({ tier: 'growth', subscription: { isActive: true, isPaid: true } });
    expect(restored.graceEndsAt).toBeUndefined();

    // A later failure starts a new grace from when it is seen.
    await failPayment(paid, deps);
    const again = await stored(paid.accountId);
    expect(again.tier).toBe('growth');
    expect(Math.abs(again.graceEndsAt! - (Date.now() + 7 * dayMs))).toBeLessThan(60_000);
  });

  it("counts a lapsed account's allowances at the free limits, exactly, under concurrency", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const limits = { free: 7, pro: 1_000, growth: 1_000 } as const;
    const counter = { count: 'monthlyApiCalls', window: 'apiCallsMonth' } as const;
    const consume = (accountId: string) => consumeAllowance(deps.table, { accountId, counter, windowId: month, limits });

    const eightDaysAgo = skewed(-8 * dayMs);
    const lapsed = await growthAccount(eightDaysAgo);
    await failPayment(lapsed, eightDaysAgo);
    const sixDaysAgo = skewed(-6 * dayMs);
    const inGrace = await growthAccount(sixDaysAgo);
    await failPayment(inGrace, sixDaysAgo);
    for (const user of [lapsed, inGrace]) await setAccount(user.accountId, { apiCallsMonth: month, monthlyApiCalls: 5 });

    const [lapsedOutcomes, inGraceOutcomes] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => consume(lapsed.accountId))),
      Promise.all(Array.from({ length: 10 }, () => consume(inGrace.accountId))),
    ]);
    expect(lapsedOutcomes.filter((outcome) => outcome.kind === 'counted')).toHaveLength(2);
    expect(inGraceOutcomes.filter((outcome) => outcome.kind === 'counted')).toHaveLength(10);
    expect((await stored(lapsed.accountId)).monthlyApiCalls).toBe(7);
    expect((await stored(inGrace.accountId)).monthlyApiCalls).toBe(15);
  });
});
