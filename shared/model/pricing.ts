import type { Config } from '#shared/config.js';
import { featureTiers, type GatedFeature } from '#shared/model/feature-tiers.js';
import { allowanceFor, planFor, type Plan, type TierAllowance } from '#shared/model/plans.js';
import { tierAtLeast, tiers, type Tier } from '#shared/model/tiers.js';
import { allowedEvents } from '#shared/model/webhooks/webhook.js';

export interface PriceListEntry extends Plan {
  pagesPerScan: number;
  /** What the plan does today, written from the limits and tier gates the service enforces. */
  features: string[];
  /** Announced, not yet available: empty while everything the plans name is built. */
  comingSoon: string[];
}

export interface PriceList {
  currency: 'GBP';
  pricesIncludeVat: false;
  note: string;
  plans: PriceListEntry[];
}

/** Whether a tier has a gated feature: the route table applies the same tiers (feature-tiers.ts). */
export function tierHas(tier: Tier, feature: GatedFeature): boolean {
  return tierAtLeast(tier, featureTiers[feature]);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function pagesText(pagesPerScan: number): string {
  const productPages = pagesPerScan - 1;
  if (productPages <= 0) return 'Scans of the homepage (1 page per scan)';
  return `Scans of the homepage and up to ${plural(productPages, 'product page')}, with what agents see on each product`;
}

/** The plan's features, each a claim the service keeps: the numbers are the enforced settings. */
export function planFeatures(tier: Tier, allowance: TierAllowance, config: Config): string[] {
  const features = [
    pagesText(allowance.pagesPerScan),
    'A score across six dimensions, every check with its evidence, and fixes in priority order',
  ];
  if (allowance.watchedSites > 0)
    features.push(
      `Watch up to ${plural(allowance.watchedSites, 'site')}: each rescanned every ${plural(config.rescanIntervalDays, 'day')}, with an e-mail alert when its score changes`,
    );
  if (tierHas(tier, 'webhooks') && allowance.webhooksMax > 0)
    features.push(
      `${plural(allowance.webhooksMax, 'signed webhook endpoint')} (events: ${allowedEvents(tier).join(', ')}), with a delivery log and redelivery`,
    );
  if (tierHas(tier, 'thresholds'))
    features.push(`Score thresholds on watched sites (up to ${config.thresholdsPerSiteMax} per site), with threshold alerts`);
  if (tierHas(tier, 'batchScans')) features.push(`Batch scans of up to ${config.batchMaxUrls} URLs, run in the background`);
  return features;
}

export function priceList(config: Config): PriceList {
  return {
    currency: 'GBP',
    pricesIncludeVat: false,
    note:
      'Prices are per month and exclude VAT. Paid plans are bought through Stripe checkout via POST /api/v1/account/subscribe; ' +
      'an upgrade from pro to growth is charged pro rata at once, and POST /api/v1/account/subscribe/preview shows that amount first.',
    plans: tiers.map((tier) => {
      const allowance = allowanceFor(tier, config);
      return {
        ...planFor(tier, config),
        pagesPerScan: allowance.pagesPerScan,
        features: planFeatures(tier, allowance, config),
        comingSoon: [],
      };
    }),
  };
}
