import type { Config } from '#shared/config.js';
import { tiers, type Tier } from '#shared/model/tiers.js';

export type ScansPerDay = number | 'unlimited';

export interface PlanLimits {
  scansPerDay: ScansPerDay;
  watchedSites: number;
  apiCallsMonthly: number;
  apiKeysMax: number;
  webhooksMax: number;
}

export interface Plan {
  tier: Tier;
  name: string;
  price: string;
  priceMonthlyGbp: number;
  limits: PlanLimits;
}

/** What a tier allows beyond the public Plan record. */
export interface TierAllowance extends PlanLimits {
  pagesPerScan: number;
}

const names: Record<Tier, string> = { free: 'Free', pro: 'Pro', growth: 'Growth' };

export function allowanceFor(tier: Tier, config: Config): TierAllowance {
  return {
    scansPerDay: config[`${tier}ScansPerDay`],
    watchedSites: config[`${tier}WatchedSites`],
    apiCallsMonthly: config[`${tier}ApiCallsMonthly`],
    apiKeysMax: config[`${tier}ApiKeysMax`],
    webhooksMax: config[`${tier}WebhooksMax`],
    pagesPerScan: config[`${tier}PagesPerScan`],
  };
}

/** The product pages a scan on `tier` may read beside the page it was given. */
export function productPageBudget(tier: Tier, config: Config): number {
  return Math.max(0, allowanceFor(tier, config).pagesPerScan - 1);
}

export function priceText(priceMonthlyGbp: number): string {
  if (priceMonthlyGbp === 0) return 'Free';
  return `£${priceMonthlyGbp} per month (excl. VAT)`;
}

export function planFor(tier: Tier, config: Config): Plan {
  const { pagesPerScan: _pages, ...limits } = allowanceFor(tier, config);
  const priceMonthlyGbp = config[`${tier}PriceMonthlyGbp`];
  return { tier, name: names[tier], price: priceText(priceMonthlyGbp), priceMonthlyGbp, limits };
}

export function listPlans(config: Config): Plan[] {
  return tiers.map((tier) => planFor(tier, config));
}
