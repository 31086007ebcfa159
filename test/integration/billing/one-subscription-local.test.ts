import { load } from 'cheerio/slim';
import { fetch } from 'undici';
import { describe, expect, inject, it } from 'vitest';
import { createLocalBilling } from '../../../bin/local/local-billing.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { getAccount } from '#shared/db/account-store.js';
import { localBillingStore } from '../../../bin/local/local-billing-store.js';
import { localBillingActions } from '../../../bin/local/local-billing-actions.js';
import { itemsWhere, signUp, type SignedIn } from '../support/accounts.js';
import { testTable } from '../support/accounts.js';

/** The dev server's pages, reached on the stack's own address whatever host the link names. */
const onStack = (link: string) => {
  const url = new URL(link);
  return `${inject('apiBaseUrl')}${url.pathname}${url.search}`;
};

async function payForm(link: string): Promise<{ status: number; pay: string | null }> {
  const response = await fetch(onStack(link));
  const $ = load(await response.text());
  return { status: response.status, pay: $('form').first().attr('action') ?? null };
}

/** Pays a checkout as its page's first form does (also when the page itself would no longer show it). */
async function pay(link: string): Promise<{ status: number; text: string }> {
  const path = `${new URL(link).pathname}/complete`;
  const response = await fetch(`${inject('apiBaseUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text() };
}

const call = (user: SignedIn, path: string, body?: unknown) =>
  user.client.call(path, { method: body === undefined ? 'GET' : 'POST', key: user.apiKey, ...(body === undefined ? {} : { body }) });

describe('one subscription per account with the local provider (dev server)', () => {
  it('closes the earlier checkout (its page answers 410) and refuses paying it after the newer one', async () => {
    const user = await signUp();
    const pro = await call(user, '/api/v1/account/subscribe', { tier: 'pro' });
    const growth = await call(user, '/api/v1/account/subscribe', { tier: 'growth' });
    expect([pro.status, growth.status]).toEqual([200, 200]);

    const closed = await fetch(onStack(pro.body.checkoutUrl as string));
    expect(closed.status).toBe(410);
    expect(await closed.text()).toContain('a newer checkout was started');
    const open = await payForm(growth.body.checkoutUrl as string);
    expect(open.status).toBe(200);

    expect((await pay(growth.body.checkoutUrl as string)).status).toBe(200);
    const paidOld = await pay(pro.body.checkoutUrl as string);
    expect(paidOld.status).toBe(409);
    expect(paidOld.text).toContain('nothing was charged');
    expect((await call(user, '/api/v1/account')).body).toMatchObject({ tier: 'growth', subscription: { isActive: true, isPaid: true } });
    expect(await itemsWhere('LocalSubscription', 'customerId', `cus_local_${user.accountId}`)).toHaveLength(1);
    expect((await call(user, '/api/v1/account/manage', {})).status).toBe(200);
  });

  it('leaves exactly one checkout page open after many concurrent subscribes', async () => {
    const user = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => call(user, '/api/v1/account/subscribe', { tier: index % 2 ? 'pro' : 'growth' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const pages = await Promise.all(answers.map(async (answer) => (await fetch(onStack(answer.body.checkoutUrl as string))).status));
    expect(pages.filter((status) => status === 200)).toHaveLength(1);
    expect(pages.filter((status) => status === 410)).toHaveLength(9);
  });
});

describe('concurrent completions with the local provider (DynamoDB Local)', () => {
  it('keeps exactly one of many open checkouts paid at the same time; the others are refused (409) and refunded', async () => {
    const config = loadConfig({ TABLE_NAME: inject('tableName'), PUBLIC_BASE_URL: 'http://localhost:3000' });
    const store = localBillingStore(testTable());
    const deps = createDependencies(config, {
      table: testTable(),
      billing: createLocalBilling(store, config),
    });
    const actions = localBillingActions(store, deps);
    const user = await signUp();
    const customerId = `cus_local_${user.accountId}`;
    // Open checkouts made straight at the provider, as if the earlier ones could not be closed.
    const checkouts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        deps.billing.createCheckout({
          accountId: user.accountId,
          customerId,
          tier: index % 2 ? 'pro' : 'growth',
          successUrl: 'http://localhost:3000/app',
          cancelUrl: 'http://localhost:3000/app',
          expiresAt: Math.floor(Date.now() / 1000) + 3_600,
        }),
      ),
    );
    const outcomes = await Promise.all(checkouts.map((checkout) => actions.completeCheckout(checkout.id)));
    const kinds = outcomes.map((outcome) => outcome?.outcome.kind);
    expect(kinds.filter((kind) => kind === 'applied')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'refused')).toHaveLength(7);

    const account = (await getAccount(deps.table, user.accountId))!;
    const subscriptions = await store.subscriptionsOf(customerId);
    expect(subscriptions).toHaveLength(8);
    const live = subscriptions.filter((subscription) => subscription.status !== 'canceled');
    expect(live.map((subscription) => subscription.id)).toEqual([account.subscriptionId]);
    expect(live[0]).not.toHaveProperty('refunded');
    expect(subscriptions.filter((subscription) => subscription.refunded === true)).toHaveLength(7);
    expect(account.tier).toBe(live[0]!.tier);
    const states = await Promise.all(checkouts.map(async (checkout) => (await store.getCheckout(checkout.id))!.state));
    expect(states.filter((state) => state === 'complete')).toHaveLength(1);
    expect(states.filter((state) => state === 'refused')).toHaveLength(7);
  });
});
