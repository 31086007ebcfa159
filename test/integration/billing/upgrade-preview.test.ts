import { load } from 'cheerio/slim';
import { fetch } from 'undici';
import { describe, expect, inject, it } from 'vitest';
import { localBillingStore } from '../../../bin/local/local-billing-store.js';
import { proratedChange } from '#shared/model/billing/upgrade-quote.js';
import { apiClient, itemsWhere, signUp, testTable, type SignedIn } from '../support/accounts.js';

const call = (user: SignedIn, path: string, body?: unknown, key: string | null = user.apiKey) =>
  user.client.call(path, {
    method: body === undefined ? 'GET' : 'POST',
    ...(key === null ? {} : { key }),
    ...(body === undefined ? {} : { body }),
  });

/** An account on pro the way a user gets there: the checkout link, paid on the local provider's page. */
async function proSubscriber(): Promise<SignedIn> {
  const user = await signUp();
  const checkout = await call(user, '/api/v1/account/subscribe', { tier: 'pro' });
  const path = new URL(checkout.body.checkoutUrl as string).pathname;
  const paid = await fetch(`${inject('apiBaseUrl')}${path}/complete`, { method: 'POST' });
  expect(paid.status).toBe(200);
  expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'pro', subscription: { isActive: true } });
  return user;
}

async function subscriptionOf(user: SignedIn) {
  const [account] = await itemsWhere('Account', 'id', user.accountId);
  const subscription = await localBillingStore(testTable()).getSubscription(account!.subscriptionId as string);
  if (!subscription) throw new Error('No local subscription');
  return subscription;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('GET /pricing and GET /api/pricing', () => {
  it('serve the same plans, features and prices, nothing coming soon', async () => {
    // Its own loopback address: GET /api/pricing is limited per IP (pricing-rate-limit.test.ts spends 127.0.0.1's).
    const client = apiClient();
    const prices = await client.call('/api/pricing');
    expect(prices.status).toBe(200);
    const plans = prices.body.plans as Array<{ name: string; features: string[]; comingSoon: string[] }>;
    expect(plans.map((plan) => plan.name)).toEqual(['Free', 'Pro', 'Growth']);
    const page = await client.call('/pricing');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const $ = load(page.text);
    expect(
      $('.plan h2')
        .toArray()
        .map((node) => $(node).text()),
    ).toEqual(['Free', 'Pro', 'Growth']);
    expect(
      $('.plan ul li')
        .toArray()
        .map((node) => $(node).text()),
    ).toEqual(plans.flatMap((plan) => plan.features));
    expect(plans.every((plan) => plan.comingSoon.length === 0)).toBe(true);
    await client.close();
  });
});

describe('POST /api/v1/account/subscribe/preview (local billing provider)', () => {
  it('shows the prorated amount without changing anything, and the upgrade charges exactly that as of the same date', async () => {
    const user = await proSubscriber();
    const preview = await call(user, '/api/v1/account/subscribe/preview', { tier: 'growth' });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      tier: 'growth',
      currentTier: 'pro',
      amountDue: expect.any(Number),
      currency: 'gbp',
      amountText: expect.stringMatching(/^£\d+\.\d\d$/),
      prorationDate: expect.any(String),
      validUntil: expect.any(String),
      periodEnd: expect.any(String),
      note: expect.stringContaining('exclude VAT'),
    });
    const prorationDate = seconds(preview.body.prorationDate as string);
    expect(seconds(preview.body.validUntil as string) - prorationDate).toBe(900);
    const before = await subscriptionOf(user);
    const periodEndMs = Date.parse(before.currentPeriodEnd);
    // The difference of £49 and £19 for the part of the 30-day period left, in pence.
    const expected = proratedChange({
      fromMinor: 1_900,
      toMinor: 4_900,
      periodStartMs: periodEndMs - 30 * 86_400_000,
      periodEndMs,
      atMs: prorationDate * 1000,
    });
    expect(preview.body.amountDue).toBe(expected);
    expect(expected).toBeGreaterThan(2_900);
    expect(preview.body.amountText).toBe(`£${(expected / 100).toFixed(2)}`);
    expect(before).toMatchObject({ tier: 'pro' });
    expect(before.charges).toBeUndefined();
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'pro' });

    const upgrade = await call(user, '/api/v1/account/subscribe', { tier: 'growth', prorationDate: preview.body.prorationDate });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body).toEqual({ upgraded: true, tier: 'growth', note: expect.stringContaining('prorated') });
    expect((await subscriptionOf(user)).charges).toEqual([
      { amount: expected, currency: 'gbp', prorationDate, fromTier: 'pro', toTier: 'growth' },
    ]);
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'growth' });
    const again = await call(user, '/api/v1/account/subscribe/preview', { tier: 'growth' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This account is already on the growth tier');
  });

  it('refuses a free account (checkout shows its price), bad input, no key, and a stale or future proration date', async () => {
    const free = await signUp();
    for (const tier of ['pro', 'growth']) {
      const answer = await call(free, '/api/v1/account/subscribe/preview', { tier });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatch(/no subscription to change.*checkout/);
    }
    for (const body of [{ tier: 'free' }, { tier: 'enterprise' }, {}, { tier: 'growth', prorationDate: 'now' }]) {
      expect((await call(free, '/api/v1/account/subscribe/preview', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(free, '/api/v1/account/subscribe/preview', { tier: 'growth' }, null)).status).toBe(401);

    const pro = await proSubscriber();
    const now = Date.now();
    for (const prorationDate of [new Date(now - 2 * 3_600_000).toISOString(), new Date(now + 3_600_000).toISOString()]) {
      const refused = await call(pro, '/api/v1/account/subscribe', { tier: 'growth', prorationDate });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/prorationDate/);
    }
    expect((await call(pro, '/api/v1/account/subscribe', { tier: 'growth', prorationDate: 'yesterday' })).status).toBe(400);
    expect((await subscriptionOf(pro)).charges).toBeUndefined();
    expect((await call(pro, '/api/v1/account')).body).toMatchObject({ tier: 'pro' });
  });

  it('charges once when previews and upgrades of one account race', async () => {
    const user = await proSubscriber();
    const first = await call(user, '/api/v1/account/subscribe/preview', { tier: 'growth' });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => call(user, '/api/v1/account/subscribe/preview', { tier: 'growth' })),
      ...Array.from({ length: 5 }, () =>
        call(user, '/api/v1/account/subscribe', { tier: 'growth', prorationDate: first.body.prorationDate }),
      ),
    ]);
    const previews = answers.slice(0, 8);
    const upgrades = answers.slice(8);
    // A preview answered before the upgrade shows an amount; one after it, that the account is on growth.
    for (const preview of previews) {
      expect([200, 409]).toContain(preview.status);
      if (preview.status === 200) expect(preview.body).toMatchObject({ tier: 'growth', currentTier: 'pro', currency: 'gbp' });
    }
    for (const upgrade of upgrades) expect([200, 409]).toContain(upgrade.status);
    expect(upgrades.filter((upgrade) => upgrade.status === 200).length).toBeGreaterThanOrEqual(1);
    const { charges, tier } = await subscriptionOf(user);
    expect(tier).toBe('growth');
    expect(charges).toEqual([
      {
        amount: first.body.amountDue,
        currency: 'gbp',
        prorationDate: seconds(first.body.prorationDate as string),
        fromTier: 'pro',
        toTier: 'growth',
      },
    ]);
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'growth' });
  });
});
