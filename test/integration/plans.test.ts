import { describe, expect, it } from 'vitest';
import { callApi } from './support/http.js';

describe('GET /api/v1/account/plans', () => {
  it('lists the three plans with the spec limits, cacheable for an hour', async () => {
    const response = await callApi('/api/v1/account/plans');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=3600\b/);
    const { plans } = (await response.json()) as {
      plans: Array<{ tier: string; priceMonthlyGbp: number; limits: Record<string, unknown> }>;
    };
    const byTier = Object.fromEntries(plans.map((plan) => [plan.tier, { priceMonthlyGbp: plan.priceMonthlyGbp, ...plan.limits }]));
    expect(plans).toHaveLength(3);
    expect(byTier).toEqual({
      free: { scansPerDay: 10, watchedSites: 3, apiCallsMonthly: 100, apiKeysMax: 1, webhooksMax: 0, priceMonthlyGbp: 0 },
      pro: { scansPerDay: 'unlimited', watchedSites: 10, apiCallsMonthly: 1000, apiKeysMax: 1, webhooksMax: 1, priceMonthlyGbp: 19 },
      growth: { scansPerDay: 'unlimited', watchedSites: 100, apiCallsMonthly: 10000, apiKeysMax: 5, webhooksMax: 5, priceMonthlyGbp: 49 },
    });
  });
});
