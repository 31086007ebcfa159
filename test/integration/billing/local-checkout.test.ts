import { describe, expect, it } from 'vitest';
import { itemsWhere, signUp, type SignedIn } from '../support/accounts.js';
import { formLabelled, page, submit } from '../support/local-billing-pages.js';

const call = (user: SignedIn, path: string, body?: unknown) =>
  user.client.call(path, { method: body === undefined ? 'GET' : 'POST', key: user.apiKey, ...(body === undefined ? {} : { body }) });

describe('billing with the local provider (no Stripe key)', () => {
  it('sells pro through the checkout page, upgrades to growth at once, cancels in the portal and downgrades at the period end', async () => {
    const user = await signUp();
    const started = Date.now();
    const checkout = await call(user, '/api/v1/account/subscribe', { tier: 'pro' });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toEqual({
      checkoutUrl: expect.stringContaining('/_local/billing/checkout/'),
      expiresAt: expect.any(String),
      note: expect.stringContaining('exclude VAT'),
    });
    const expiresIn = Date.parse(checkout.body.expiresAt as string) - started;
    expect(expiresIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000);

    // The checkout page's first form, submitted as it is, pays.
    const checkoutPage = await page(checkout.body.checkoutUrl as string);
    expect(checkoutPage.status).toBe(200);
    expect(checkoutPage.text).toContain('£19');
    const paid = await submit(checkoutPage.forms[0]!);
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('now on the pro tier');
    expect((await submit(checkoutPage.forms[0]!)).status).toBe(409); // a second submit pays nothing

    const pro = await call(user, '/api/v1/account');
    expect(pro.body).toMatchObject({
      tier: 'pro',
      subscription: { isActive: true, isPaid: true, isCanceling: false, currentPeriodEnd: expect.any(String) },
      usage: { dailyScanLimit: 'unlimited', monthlyApiCallLimit: 1_000 },
      counts: { watchedSitesLimit: 10, apiKeysLimit: 1, webhooksLimit: 1 },
      overLimit: null,
    });
    expect((await call(user, '/api/v1/account/subscribe', { tier: 'pro' })).status).toBe(409);

    const upgrade = await call(user, '/api/v1/account/subscribe', { tier: 'growth' });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body).toEqual({ upgraded: true, tier: 'growth', note: expect.stringContaining('prorated') });
    expect((await call(user, '/api/v1/account')).body).toMatchObject({
      tier: 'growth',
      counts: { watchedSitesLimit: 100, apiKeysLimit: 5 },
    });
    for (const tier of ['growth', 'pro']) {
      const again = await call(user, '/api/v1/account/subscribe', { tier });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('This account is already on the growth tier');
    }

    // Growth lets the account hold more than free will: 4 watched sites and 3 API keys.
    for (let index = 0; index < 4; index += 1) {
      expect((await call(user, '/api/v1/watched-sites', { url: `https://shop-${index}.example.com/` })).status).toBe(201);
    }
    for (const label of ['ci', 'staging']) expect((await call(user, '/api/v1/account/api-keys', { label })).status).toBe(201);

    const manage = await call(user, '/api/v1/account/manage', {});
    expect(manage.status).toBe(200);
    expect(manage.body).toEqual({ portalUrl: expect.stringContaining('/_local/billing/portal/'), note: expect.any(String) });
    const portal = await page(manage.body.portalUrl as string);
    expect(portal.status).toBe(200);
    const cancelled = await submit(formLabelled(portal.forms, /^Cancel at the end/));
    expect(cancelled.status).toBe(303);
    expect((await call(user, '/api/v1/account')).body).toMatchObject({
      tier: 'growth',
      subscription: { isActive: true, isCanceling: true },
    });

    // The development clock ends the period: the account returns to free and keeps everything.
    const portalAfter = await page(manage.body.portalUrl as string);
    expect((await submit(formLabelled(portalAfter.forms, /^End the current period/))).status).toBe(303);
    const free = await call(user, '/api/v1/account');
    expect(free.body).toMatchObject({
      tier: 'free',
      subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null },
      counts: { watchedSites: 4, watchedSitesLimit: 3, apiKeys: 3, apiKeysLimit: 1 },
      overLimit: { watchedSites: 1, webhooks: 0, apiKeys: 2, note: expect.stringContaining('nothing is deleted') },
    });
    expect(((await call(user, '/api/v1/watched-sites')).body.sites as unknown[]).length).toBe(4);
    expect((await call(user, '/api/v1/account/manage', {})).status).toBe(404);
  });

  it('answers 404 to manage without a subscription, and 400 to a tier that is not sold', async () => {
    const user = await signUp();
    const manage = await call(user, '/api/v1/account/manage', {});
    expect(manage.status).toBe(404);
    expect(manage.body.error).toMatch(/no active subscription/);
    for (const tier of ['free', 'enterprise', 7, null]) expect((await call(user, '/api/v1/account/subscribe', { tier })).status).toBe(400);
    expect((await call(user, '/api/v1/account/subscribe', {})).status).toBe(400);
  });

  it('changes nothing when the checkout is abandoned, and keeps the tier while a failed payment is retried', async () => {
    const user = await signUp();
    const first = await call(user, '/api/v1/account/subscribe', { tier: 'growth' });
    const abandoned = await page(first.body.checkoutUrl as string);
    expect((await submit(formLabelled(abandoned.forms, /^Cancel and go back/))).status).toBe(200);
    expect((await submit(abandoned.forms[0]!)).status).toBe(409);
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'free' });

    const second = await call(user, '/api/v1/account/subscribe', { tier: 'growth' });
    await submit((await page(second.body.checkoutUrl as string)).forms[0]!);
    const portalUrl = (await call(user, '/api/v1/account/manage', {})).body.portalUrl as string;
    expect((await submit(formLabelled((await page(portalUrl)).forms, /^Fail the next payment/))).status).toBe(303);
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'growth', subscription: { isActive: true, isPaid: false } });
    // Stripe's retries run out at the period end: the subscription ends.
    expect((await submit(formLabelled((await page(portalUrl)).forms, /^End the current period/))).status).toBe(303);
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'free', subscription: { isActive: false } });
    const [account] = await itemsWhere('Account', 'id', user.accountId);
    expect(account!.customerId).toBe(`cus_local_${user.accountId}`);
  });
});
