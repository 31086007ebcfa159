import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';

interface Overview {
  account: { email: string; tier: string; usage: { monthlyApiCalls: number } };
  scans: { recent: unknown[]; total: number } | null;
  sites: { sites: Array<{ url: string; history: Array<{ score: number }> | null }>; limit: number; used: number } | null;
  webhooks: { webhooks: unknown[]; limit: number; used: number } | null;
}

describe('GET /api/v1/account/overview', () => {
  it('gives the dashboard everything in one request that does not spend the monthly allowance', async () => {
    const user = await signUp();
    const added = await user.client.call('/api/v1/account/watched-sites', {
      method: 'POST',
      key: user.apiKey,
      body: { url: 'https://shop.example.com/' },
    });
    expect(added.status).toBe(201);
    const before = (await user.client.call('/api/v1/account', { key: user.apiKey })).body as { usage: { monthlyApiCalls: number } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => user.client.call('/api/v1/account/overview', { key: user.apiKey })));
    for (const answer of answers) expect(answer.status).toBe(200);
    const overview = answers[0]!.body as unknown as Overview;
    expect(overview.account.email).toBe(user.email);
    expect(overview.scans).toEqual({ recent: [], total: 0 });
    expect(overview.sites?.sites.map((site) => site.url)).toEqual(['https://shop.example.com/']);
    expect(overview.sites).toMatchObject({ limit: 3, used: 1 });
    expect(Array.isArray(overview.sites?.sites[0]?.history)).toBe(true);
    expect(overview.webhooks).toMatchObject({ webhooks: [], limit: 0, used: 0 });
    const after = (await user.client.call('/api/v1/account', { key: user.apiKey })).body as { usage: { monthlyApiCalls: number } };
    expect(after.usage.monthlyApiCalls).toBe(before.usage.monthlyApiCalls);
  });

  it("shows only the caller's own sites, and leaves out what the key's scopes do not cover", async () => {
    const [owner, other] = await Promise.all([signUp({ tier: 'growth' }), signUp()]);
    await other.client.call('/api/v1/account/watched-sites', {
      method: 'POST',
      key: other.apiKey,
      body: { url: 'https://other.example.com/' },
    });
    const ownView = (await owner.client.call('/api/v1/account/overview', { key: owner.apiKey })).body as unknown as Overview;
    expect(ownView.sites?.sites).toEqual([]);

    const created = await owner.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: owner.apiKey,
      body: { label: 'account only', scopes: ['account:read'] },
    });
    expect(created.status).toBe(201);
    const narrow = await owner.client.call('/api/v1/account/overview', { key: created.body.fullKey as string });
    expect(narrow.status).toBe(200);
    expect(narrow.body).toMatchObject({ scans: null, sites: null, webhooks: null });
    expect((narrow.body as unknown as Overview).account.tier).toBe('growth');

    const scannerOnly = await owner.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: owner.apiKey,
      body: { label: 'scans only', scopes: ['scanner:read'] },
    });
    expect((await owner.client.call('/api/v1/account/overview', { key: scannerOnly.body.fullKey as string })).status).toBe(403);
    expect((await owner.client.call('/api/v1/account/overview', {})).status).toBe(401);
  });
});
