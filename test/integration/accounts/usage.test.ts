import { describe, expect, it } from 'vitest';
import { itemsWhere, setAccount, signUp } from '../support/accounts.js';

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('usage allowances', () => {
  it('reports live usage and limits in GET /api/v1/account', async () => {
    const user = await signUp();
    const first = await user.client.call('/api/v1/account', { key: user.apiKey });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      email: user.email,
      name: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      tier: 'free',
      subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null },
      usage: { dailyScans: 0, dailyScanLimit: 10, monthlyApiCalls: 0, monthlyApiCallLimit: 100 },
      counts: { watchedSites: 0, watchedSitesLimit: 3, apiKeys: 1, apiKeysLimit: 1, webhooks: 0, webhooksLimit: 0 },
      overLimit: null,
    });
    // Account routes are outside the allowance; every other authenticated call counts.
    await user.client.call('/api/v1/scans', { key: user.apiKey });
    await user.client.call('/api/v1/account/api-keys', { key: user.apiKey });
    const third = await user.client.call('/api/v1/account', { key: user.apiKey });
    expect(third.body.usage).toMatchObject({ monthlyApiCalls: 1 });
  });

  it('still answers the account and key routes when the month is spent, so the user can see why and act', async () => {
    const user = await signUp();
    await setAccount(user.accountId, { apiCallsMonth: thisMonth(), monthlyApiCalls: 100 });
    const key = user.apiKey;
    expect((await user.client.call('/api/v1/scans', { key })).status).toBe(429);
    const account = await user.client.call('/api/v1/account', { key });
    expect(account.status).toBe(200);
    expect(account.body.usage).toMatchObject({ monthlyApiCalls: 100, monthlyApiCallLimit: 100 });
    expect((await user.client.call('/api/v1/account/api-keys', { key })).status).toBe(200);
    const created = await user.client.call('/api/v1/account/api-keys', { method: 'POST', key, body: { label: 'second' } });
    expect(created.status).toBe(403); // the free plan's one key, not the allowance
    expect((await user.client.call(`/api/v1/account/api-keys/${user.keyId}`, { method: 'DELETE', key })).status).toBe(409);
    const [stored] = await itemsWhere('Account', 'id', user.accountId);
    expect(stored!.monthlyApiCalls).toBe(100);
  });

  it('counts every authenticated call against the month, exactly, when calls race at the limit', async () => {
    const user = await signUp();
    await setAccount(user.accountId, { apiCallsMonth: thisMonth(), monthlyApiCalls: 97 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => user.client.call('/api/v1/scans', { key: user.apiKey })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error).toBe('Monthly API call limit reached: 100 calls per calendar month on the free plan');
    const now = new Date();
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeLessThanOrEqual(Math.ceil((monthEnd - now.getTime()) / 1000) + 1);
    const [account] = await itemsWhere('Account', 'id', user.accountId);
    expect(account!.monthlyApiCalls).toBe(100);
  });

  it('starts a new month from zero', async () => {
    const user = await signUp();
    await setAccount(user.accountId, { apiCallsMonth: '2020-01', monthlyApiCalls: 100, scansDay: '2020-01-01', dailyScans: 10 });
    const answer = await user.client.call('/api/v1/account', { key: user.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body.usage).toMatchObject({ monthlyApiCalls: 0, dailyScans: 0 });
  });

  it('writes lastUsedAt at most once a minute per key', async () => {
    const user = await signUp();
    await user.client.call('/api/v1/scans', { key: user.apiKey });
    const [before] = await itemsWhere('ApiKey', 'id', user.keyId);
    expect(before!.lastUsedAt).toEqual(expect.any(String));
    await user.client.call('/api/v1/scans', { key: user.apiKey });
    await user.client.call('/api/v1/scans', { key: user.apiKey });
    const [after] = await itemsWhere('ApiKey', 'id', user.keyId);
    expect(after!.lastUsedAt).toBe(before!.lastUsedAt);
  });
});
