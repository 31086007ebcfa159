import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAccount } from '#shared/db/account-store.js';
import { linkCustomer } from '#shared/db/billing-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { manageSubscription } from '#shared/use-cases/billing/manage.js';
import { subscribe } from '#shared/use-cases/billing/subscribe.js';
import { startFakeStripe, type FakeStripe } from '#test/fixtures/fake-stripe.js';
import { itemsWhere, setAccount, signUp } from '../support/accounts.js';
import { callerOf, checkoutCompleted, deliver, stripeDependencies, subscriptionObject } from './stripe-harness.js';

const dayMs = 86_400_000;
let stripe: FakeStripe;
let deps: Dependencies;

beforeAll(async () => {
  stripe = await startFakeStripe();
  deps = stripeDependencies(stripe);
});
afterAll(() => stripe.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const account = async (accountId: string) => (await getAccount(deps.table, accountId))!;

/** The EMF lines the billing code writes to stdout while `run` runs. */
async function metricLines(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk === 'string' && chunk.includes('"_aws"')) {
      lines.push(chunk);
      return true;
    }
    return (write as (chunk: string | Uint8Array, ...args: unknown[]) => boolean)(chunk, ...rest);
  });
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A subscription Stripe made for a paid checkout: in force, its latest invoice paid by one payment. */
function paidSubscription(id: string, customer: string, tier: 'pro' | 'growth') {
  stripe.putSubscription({ id, customer, status: 'active', price: `price_${tier}`, latestInvoice: `in_${id}`, payments: [`pi_${id}`] });
  return id;
}

async function payingAccount(tier: 'pro' | 'growth') {
  const user = await signUp();
  const customerId = `cus_${user.accountId}`;
  const subscriptionId = paidSubscription(`sub_${user.accountId}_1`, customerId, tier);
  expect((await deliver(deps, 'checkout.session.completed', checkoutCompleted(subscriptionId, customerId, user.accountId))).status).toBe(
    200,
  );
  expect(await account(user.accountId)).toMatchObject({ tier, subscriptionId });
  return { ...user, customerId, subscriptionId };
}

describe('one checkout open per account (Stripe)', () => {
  it('expires the earlier checkout when another is issued, and tolerates one already paid', async () => {
    const user = await signUp();
    const first = await subscribe(await callerOf(deps, user.accountId), 'pro', deps);
    const second = await subscribe(await callerOf(deps, user.accountId), 'growth', deps);
    expect('checkoutUrl' in first && 'checkoutUrl' in second).toBe(true);
    const [a, b] = stripe.sessionsOf(user.accountId);
    expect(stripe.session(a!.id)!.status).toBe('expired');
    expect(stripe.session(b!.id)!.status).toBe('open');
    expect(stripe.callsTo('POST', `/v1/checkout/sessions/${a!.id}/expire`)).toHaveLength(1);

    // The open one is paid meanwhile: closing it fails at Stripe, and the new link is still given.
    stripe.completeSession(b!.id);
    const third = await subscribe(await callerOf(deps, user.accountId), 'pro', deps);
    expect(third).toMatchObject({ checkoutUrl: expect.stringContaining('checkout.stripe.com') });
    expect(stripe.session(b!.id)!.status).toBe('complete');
    expect(stripe.sessionsOf(user.accountId).filter((session) => session.status === 'open')).toHaveLength(1);
  });

  it('leaves exactly one checkout open after many concurrent subscribes', async () => {
    const user = await signUp();
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => subscribe(await callerOf(deps, user.accountId), index % 2 ? 'pro' : 'growth', deps)),
    );
    expect(results.every((result) => 'checkoutUrl' in result)).toBe(true);
    const open = stripe.sessionsOf(user.accountId).filter((session) => session.status === 'open');
    expect(stripe.sessionsOf(user.accountId)).toHaveLength(12);
    expect(open).toHaveLength(1);
    expect((await account(user.accountId)).openCheckoutId).toBe(open[0]!.id);
  });
});

describe('a second paid subscription is refunded and cancelled (Stripe)', () => {
  it('keeps the first, refunds and cancels the second, logs and counts it once however many events report it', async () => {
    const paid = await payingAccount('pro');
    const second = paidSubscription(`sub_${paid.accountId}_2`, paid.customerId, 'growth');
    const metrics = await metricLines(async () => {
      const answers = [
        await deliver(deps, 'checkout.session.completed', checkoutCompleted(second, paid.customerId, paid.accountId)),
        await deliver(deps, 'customer.subscription.created', subscriptionObject(second, paid.customerId)),
        await deliver(deps, 'invoice.paid', {
          id: `in_${second}`,
          object: 'invoice',
          customer: paid.customerId,
          parent: { subscription_details: { subscription: second } },
        }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    });
    expect(await account(paid.accountId)).toMatchObject({
      tier: 'pro',
      subscriptionId: paid.subscriptionId,
      subscription: { isActive: true, isPaid: true },
    });
    expect(stripe.subscription(second)!.status).toBe('canceled');
    expect(stripe.subscription(paid.subscriptionId)!.status).toBe('active');
    expect(stripe.refunds.filter((refund) => refund.paymentIntent === `pi_${second}`)).toEqual([
      expect.objectContaining({ reason: 'duplicate' }),
    ]);
    expect(stripe.refunds.filter((refund) => refund.paymentIntent === `pi_${paid.subscriptionId}`)).toEqual([]);
    expect(stripe.callsTo('DELETE', `/v1/subscriptions/${second}`)[0]!.params).toMatchObject({ invoice_now: 'false', prorate: 'false' });
    expect(metrics).toEqual([
      expect.objectContaining({
        Service: 'billing',
        DuplicateSubscriptionRefunded: 1,
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            {
              Namespace: 'ReadinessScanner',
              Dimensions: [['Service']],
              Metrics: [{ Name: 'DuplicateSubscriptionRefunded', Unit: 'Count' }],
            },
          ],
        }),
      }),
    ]);
    expect(await itemsWhere('RefusedSubscription', 'subscriptionId', second)).toEqual([
      expect.objectContaining({ accountId: paid.accountId, heldBy: paid.subscriptionId }),
    ]);

    // When the first is cancelled nothing keeps charging, and the account falls to free.
    stripe.subscription(paid.subscriptionId)!.status = 'canceled';
    await deliver(deps, 'customer.subscription.deleted', subscriptionObject(paid.subscriptionId, paid.customerId));
    expect(await account(paid.accountId)).toMatchObject({ tier: 'free', subscription: { isActive: false } });
    await expect(manageSubscription(await callerOf(deps, paid.accountId), deps)).rejects.toMatchObject({
      message: expect.stringMatching(/no active subscription/),
    });
  });

  it('keeps exactly one of many checkouts completed at the same time for one account', async () => {
    const user = await signUp();
    const customerId = `cus_race_${user.accountId}`;
    const subscriptions = Array.from({ length: 6 }, (_, index) =>
      paidSubscription(`sub_race_${user.accountId}_${index}`, customerId, index % 2 ? 'pro' : 'growth'),
    );
    const metrics = await metricLines(async () => {
      const answers = await Promise.all(
        subscriptions.flatMap((id) => [
          deliver(deps, 'checkout.session.completed', checkoutCompleted(id, customerId, user.accountId)),
          deliver(deps, 'customer.subscription.created', subscriptionObject(id, customerId)),
        ]),
      );
      // A delivery that meets another of the same subscription mid-way may answer 503 (Stripe resends it).
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    });
    const current = await account(user.accountId);
    const live = subscriptions.filter((id) => stripe.subscription(id)!.status === 'active');
    expect(live).toEqual([current.subscriptionId]);
    expect(current).toMatchObject({ customerId, subscription: { isActive: true } });
    const refused = subscriptions.filter((id) => id !== current.subscriptionId);
    expect(refused.map((id) => stripe.subscription(id)!.status)).toEqual(Array(5).fill('canceled'));
    expect(
      stripe.refunds
        .filter((refund) => refund.paymentIntent.startsWith(`pi_sub_race_${user.accountId}`))
        .map((refund) => refund.paymentIntent)
        .sort(),
    ).toEqual(refused.map((id) => `pi_${id}`).sort());
    expect(metrics).toHaveLength(5);
    expect(await itemsWhere('BillingCustomer', 'accountId', user.accountId)).toHaveLength(1);
  });

  it('lets a new subscription replace one past due beyond its grace, cancelling the old one without a refund', async () => {
    const user = await signUp();
    const customerId = `cus_lapsed_${user.accountId}`;
    const old = paidSubscription(`sub_lapsed_${user.accountId}`, customerId, 'growth');
    await linkCustomer(deps.table, user.accountId, customerId);
    stripe.subscription(old)!.status = 'past_due';
    // Its failed payment was first seen 8 days ago: the 7-day grace is over.
    const eightDaysAgo = stripeDependencies(stripe, { now: () => Date.now() - 8 * dayMs });
    await deliver(eightDaysAgo, 'invoice.payment_failed', {
      id: `in_${old}`,
      object: 'invoice',
      customer: customerId,
      parent: { subscription_details: { subscription: old } },
    });
    expect(await account(user.accountId)).toMatchObject({ tier: 'free', subscriptionId: old, subscription: { isActive: false } });
    // The portal stays reachable: the customer can still pay the overdue invoice there.
    expect(await manageSubscription(await callerOf(deps, user.accountId), deps)).toMatchObject({
      portalUrl: expect.stringContaining('billing.stripe.com'),
    });

    const fresh = paidSubscription(`sub_fresh_${user.accountId}`, customerId, 'pro');
    await deliver(deps, 'checkout.session.completed', checkoutCompleted(fresh, customerId, user.accountId));
    expect(await account(user.accountId)).toMatchObject({
      tier: 'pro',
      subscriptionId: fresh,
      subscription: { isActive: true, isPaid: true },
    });
    expect(stripe.subscription(old)!.status).toBe('canceled');
    expect(stripe.subscription(fresh)!.status).toBe('active');
    expect(stripe.refunds.filter((refund) => [`pi_${old}`, `pi_${fresh}`].includes(refund.paymentIntent))).toEqual([]);
    const [stored] = await itemsWhere('Account', 'id', user.accountId);
    expect(stored).not.toHaveProperty('graceEndsAt');
  });

  it('reaches the portal whenever the customer has a subscription that has not ended, and answers 404 otherwise', async () => {
    const paid = await payingAccount('pro');
    // The table is behind Stripe (an event not processed yet): the account shows no subscription.
    await setAccount(paid.accountId, {
      tier: 'free',
      subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null },
    });
    expect(await manageSubscription(await callerOf(deps, paid.accountId), deps)).toMatchObject({
      portalUrl: expect.stringContaining('billing.stripe.com'),
    });
    stripe.subscription(paid.subscriptionId)!.status = 'canceled';
    await expect(manageSubscription(await callerOf(deps, paid.accountId), deps)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
