import { describe, expect, it } from 'vitest';
import { loadConfig } from '#shared/config.js';
import { accountInfo } from '#shared/model/accounts/account-info.js';
import { newAccount, type Account } from '#shared/model/accounts/account.js';
import { AccountInfo } from '#shared/http/schemas/account-schemas.js';

const config = loadConfig({});
const now = Date.parse('2026-11-30T09:15:00Z');

function account(overrides: Partial<Account> = {}): Account {
  return { ...newAccount('0d5e3c1a-6a43-4bd0-8f3e-2b1a6f1e9c11', 'ann@example.com', '2026-11-01T08:00:00.000Z'), ...overrides };
}

describe('account info', () => {
  it('describes a new free account with the free plan limits', () => {
    expect(accountInfo(account(), config, now)).toEqual({
      email: 'ann@example.com',
      name: null,
      createdAt: '2026-11-01T08:00:00.000Z',
      tier: 'free',
      subscription: { isActive: false, isPaid: false, isCanceling: false, currentPeriodEnd: null },
      usage: { dailyScans: 0, dailyScanLimit: 10, monthlyApiCalls: 0, monthlyApiCallLimit: 100 },
      counts: { watchedSites: 0, watchedSitesLimit: 3, apiKeys: 0, apiKeysLimit: 1, webhooks: 0, webhooksLimit: 0 },
      overLimit: null,
    });
  });

  it('gives growth unlimited scans and the growth limits', () => {
    const info = accountInfo(account({ tier: 'growth' }), config, now);
    expect(info.tier).toBe('growth');
    expect(info.usage).toMatchObject({ dailyScanLimit: 'unlimited', monthlyApiCallLimit: config.growthApiCallsMonthly });
    expect(info.counts).toMatchObject({
      watchedSitesLimit: config.growthWatchedSites,
      apiKeysLimit: config.growthApiKeysMax,
      webhooksLimit: config.growthWebhooksMax,
    });
  });

  it('follows a configured limit', () => {
    const info = accountInfo(account(), loadConfig({ FREE_SCANS_PER_DAY: '25', FREE_WEBHOOKS_MAX: '2' }), now);
    expect(info.usage.dailyScanLimit).toBe(25);
    expect(info.counts.webhooksLimit).toBe(2);
  });

  it('reports the counts stored for the current day and month', () => {
    const info = accountInfo(
      account({ scansDay: '2026-11-30', dailyScans: 4, apiCallsMonth: '2026-11', monthlyApiCalls: 42 }),
      config,
      now,
    );
    expect(info.usage).toMatchObject({ dailyScans: 4, monthlyApiCalls: 42 });
  });

  it('reads counts from an earlier day or month as 0', () => {
    const stale = account({ scansDay: '2026-11-29', dailyScans: 9, apiCallsMonth: '2026-10', monthlyApiCalls: 99 });
    expect(accountInfo(stale, config, now).usage).toMatchObject({ dailyScans: 0, monthlyApiCalls: 0 });
  });

  it('resets the day but not the month at midnight UTC', () => {
    const lateYesterday = account({ scansDay: '2026-11-29', dailyScans: 9, apiCallsMonth: '2026-11', monthlyApiCalls: 57 });
    expect(accountInfo(lateYesterday, config, Date.parse('2026-11-29T23:59:59.999Z')).usage).toMatchObject({
      dailyScans: 9,
      monthlyApiCalls: 57,
    });
    expect(accountInfo(lateYesterday, config, Date.parse('2026-11-30T00:00:00Z')).usage).toMatchObject({
      dailyScans: 0,
      monthlyApiCalls: 57,
    });
  });

  it('passes through what is stored about the owner, subscription and owned things', () => {
    const subscription = { isActive: true, isPaid: true, isCanceling: true, currentPeriodEnd: '2026-12-15T00:00:00.000Z' };
    const info = accountInfo(account({ name: 'Ann', tier: 'pro', subscription, siteCount: 2, keyCount: 1, webhookCount: 1 }), config, now);
    expect(info).toMatchObject({ name: 'Ann', tier: 'pro', subscription });
    expect(info.counts).toMatchObject({ watchedSites: 2, apiKeys: 1, webhooks: 1 });
  });

  it('says what a downgraded account holds beyond its limits, and that nothing is deleted', () => {
    const info = accountInfo(account({ tier: 'free', siteCount: 7, webhookCount: 2, keyCount: 3 }), config, now);
    expect(info.overLimit).toEqual({
      watchedSites: 4,
      webhooks: 2,
      apiKeys: 2,
      note: "Above this tier's limits, nothing is deleted: the 4 newest watched sites are not rescanned; the 2 newest webhooks get no deliveries; all API keys keep working, but no new key can be created until 2 are revoked.",
    });
    expect(accountInfo(account({ tier: 'growth', siteCount: 7, webhookCount: 2, keyCount: 3 }), config, now).overLimit).toBeNull();
  });

  it.each(['free', 'pro', 'growth'] as const)('has exactly the fields of the AccountInfo schema for %s', (tier) => {
    const info = accountInfo(account({ tier, scansDay: '2026-11-30', dailyScans: 3 }), config, now);
    // The schema strips unknown keys and throws on missing or mistyped ones, so equality means the same shape.
    expect(AccountInfo.parse(info)).toEqual(info);
  });
});
