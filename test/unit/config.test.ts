import { describe, expect, it } from 'vitest';
import { ConfigError, allowedPrivateHosts, configKeys, envName, loadConfig } from '#shared/config.js';
import { listPlans } from '#shared/model/plans.js';

describe('configuration', () => {
  it('defaults to the spec limits', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      publicScanLimitPerDay: 3,
      publicScanWindowSeconds: 86_400,
      pricingLimitPerHour: 100,
      registerLimitPerHour: 3,
      webhookTestLimitPerHour: 5,
      scanTimeoutSeconds: 30,
      resultRetentionDays: 30,
      resultCacheMaxAgeSeconds: 300,
      plansCacheSeconds: 3_600,
      checkoutLinkValidityHours: 24,
      batchMaxUrls: 50,
      labelMaxLength: 100,
      listScansDefaultLimit: 20,
      listScansMaxLimit: 100,
      scoreHistoryMax: 90,
      watchedUrlMaxLength: 2_048,
      allowPrivateTargets: '',
    });
  });

  it('gives the spec plan values', () => {
    expect(listPlans(loadConfig({}))).toEqual([
      {
        tier: 'free',
        name: 'Free',
        price: 'Free',
        priceMonthlyGbp: 0,
        limits: { scansPerDay: 10, watchedSites: 3, apiCallsMonthly: 100, apiKeysMax: 1, webhooksMax: 0 },
      },
      {
        tier: 'pro',
        name: 'Pro',
        price: '£19 per month (excl. VAT)',
        priceMonthlyGbp: 19,
        limits: { scansPerDay: 'unlimited', watchedSites: 10, apiCallsMonthly: 1000, apiKeysMax: 1, webhooksMax: 1 },
      },
      {
        tier: 'growth',
        name: 'Growth',
        price: '£49 per month (excl. VAT)',
        priceMonthlyGbp: 49,
        limits: { scansPerDay: 'unlimited', watchedSites: 100, apiCallsMonthly: 10000, apiKeysMax: 5, webhooksMax: 5 },
      },
    ]);
  });

  it('names every environment variable after its setting in SCREAMING_SNAKE_CASE', () => {
    expect(envName('publicScanLimitPerDay')).toBe('PUBLIC_SCAN_LIMIT_PER_DAY');
    expect(envName('sesPort')).toBe('SES_PORT');
    expect(new Set(configKeys.map(envName)).size).toBe(configKeys.length);
  });

  it('lets the environment override any setting', () => {
    const config = loadConfig({
      PUBLIC_SCAN_LIMIT_PER_DAY: '7',
      FREE_SCANS_PER_DAY: 'unlimited',
      PRO_SCANS_PER_DAY: '500',
      TABLE_NAME: 'other',
    });
    expect(config.publicScanLimitPerDay).toBe(7);
    expect(config.freeScansPerDay).toBe('unlimited');
    expect(config.proScansPerDay).toBe(500);
    expect(config.tableName).toBe('other');
  });

  it('refuses values of the wrong type, naming them', () => {
    expect(() => loadConfig({ PRICING_LIMIT_PER_HOUR: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ PRICING_LIMIT_PER_HOUR: '-1' })).toThrow(/PRICING_LIMIT_PER_HOUR/);
    expect(() => loadConfig({ GROWTH_SCANS_PER_DAY: '1.5' })).toThrow(/GROWTH_SCANS_PER_DAY/);
  });

  it('reads the private-target allow list', () => {
    expect(allowedPrivateHosts({ allowPrivateTargets: '' })).toEqual([]);
    expect(allowedPrivateHosts({ allowPrivateTargets: ' 127.0.0.1, LocalHost ,' })).toEqual(['127.0.0.1', 'localhost']);
  });
});
