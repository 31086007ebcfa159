import { describe, expect, it } from 'vitest';
import { configDefaults, loadConfig } from '#shared/config.js';
import { routeKey } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import { featureTiers } from '#shared/model/feature-tiers.js';
import { allowanceFor } from '#shared/model/plans.js';
import { priceList, tierHas } from '#shared/model/pricing.js';
import { tiers } from '#shared/model/tiers.js';
import { allowedEvents } from '#shared/model/webhooks/webhook.js';

/** The routes of each gated feature, as the route table serves them. */
const featureRoutes = {
  webhooks: routeList.filter((route) => route.family === 'webhooks'),
  batchScans: routeList.filter((route) => route.family === 'batch'),
  thresholds: routeList.filter((route) => /\/thresholds(\/|$)/.test(route.path)),
};

/** How the price list names each gated feature. */
const claims = { webhooks: /webhook endpoint/, batchScans: /^Batch scans of up to/, thresholds: /^Score thresholds/ };

describe('the price list tells what each plan has', () => {
  it('takes its tier gates from the tiers the route table enforces', () => {
    for (const [feature, routes] of Object.entries(featureRoutes)) {
      expect(routes.length, feature).toBeGreaterThan(0);
      for (const route of routes) expect(route.tier, routeKey(route)).toBe(featureTiers[feature as keyof typeof featureTiers]);
    }
  });

  it('claims a gated feature for exactly the tiers the service lets use it, and nothing as coming soon', () => {
    const prices = priceList(configDefaults);
    expect(prices.plans.map((plan) => plan.tier)).toEqual([...tiers]);
    for (const plan of prices.plans) {
      expect(plan.comingSoon).toEqual([]);
      for (const [feature, claim] of Object.entries(claims)) {
        const has = tierHas(plan.tier, feature as keyof typeof claims);
        expect(
          plan.features.some((text) => claim.test(text)),
          `${plan.tier} ${feature}`,
        ).toBe(has);
      }
      // The webhook events named are the ones the endpoint creation accepts for the tier.
      const webhookClaim = plan.features.find((text) => claims.webhooks.test(text));
      if (webhookClaim) for (const event of allowedEvents(plan.tier)) expect(webhookClaim).toContain(event);
      expect(allowedEvents(plan.tier).length > 0).toBe(tierHas(plan.tier, 'webhooks'));
    }
  });

  it('shows the limits the service enforces, and words its features from the same settings', () => {
    const config = loadConfig({
      GROWTH_WATCHED_SITES: '250',
      PRO_WEBHOOKS_MAX: '2',
      GROWTH_PAGES_PER_SCAN: '7',
      BATCH_MAX_URLS: '20',
      THRESHOLDS_PER_SITE_MAX: '4',
      RESCAN_INTERVAL_DAYS: '3',
      FREE_SCANS_PER_DAY: '12',
    });
    const prices = priceList(config);
    for (const plan of prices.plans) {
      const { pagesPerScan, ...limits } = allowanceFor(plan.tier, config);
      expect(plan.limits).toEqual(limits);
      expect(plan.pagesPerScan).toBe(pagesPerScan);
      expect(plan.priceMonthlyGbp).toBe(config[`${plan.tier}PriceMonthlyGbp`]);
    }
    const [free, pro, growth] = prices.plans.map((plan) => plan.features.join('\n'));
    expect(prices.plans[0]!.limits.scansPerDay).toBe(12);
    expect(free).toContain('Scans of the homepage (1 page per scan)');
    expect(free).toContain('Watch up to 3 sites: each rescanned every 3 days, with an e-mail alert');
    expect(pro).toContain('up to 1 product page');
    expect(pro).toContain('2 signed webhook endpoints (events: score_change)');
    expect(growth).toContain('up to 6 product pages');
    expect(growth).toContain('Watch up to 250 sites');
    expect(growth).toContain('Batch scans of up to 20 URLs');
    expect(growth).toContain('up to 4 per site');
  });

  it('keeps the spec values of the plans it shows', () => {
    const [free, pro] = priceList(configDefaults).plans;
    expect(free).toMatchObject({
      priceMonthlyGbp: 0,
      limits: { scansPerDay: 10, watchedSites: 3, apiCallsMonthly: 100, apiKeysMax: 1, webhooksMax: 0 },
    });
    expect(pro).toMatchObject({
      priceMonthlyGbp: 19,
      limits: { scansPerDay: 'unlimited', watchedSites: 10, apiCallsMonthly: 1_000, apiKeysMax: 1, webhooksMax: 1 },
    });
  });
});
