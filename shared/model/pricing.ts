import type { Config } from '#shared/config.js';
import { allowanceFor, planFor, type Plan } from '#shared/model/plans.js';
import { tiers, type Tier } from '#shared/model/tiers.js';

export interface PriceListEntry extends Plan {
  pagesPerScan: number;
  /** What the plan does today. */
  features: string[];
  /** What the plan will add when it is built: listed apart, so nobody buys a promise as a feature. */
  comingSoon: string[];
}

export interface PriceList {
  currency: 'GBP';
  pricesIncludeVat: false;
  note: string;
  plans: PriceListEntry[];
}

const features: Record<Tier, string[]> = {
  free: ['Homepage scan across six dimensions', 'Prioritised fixes', 'A watchlist of sites'],
  pro: ['Homepage and one product page per scan', 'What agents see for each product'],
  growth: ['Homepage and up to four product pages per scan', 'Score thresholds on watched sites'],
};

const comingSoon: Record<Tier, string[]> = {
  free: ['Weekly rescans of watched sites with e-mail alerts'],
  pro: ['Signed webhooks for score changes'],
  growth: ['Batch scans of up to 50 URLs', 'Threshold alerts', 'All webhook events'],
};

export function priceList(config: Config): PriceList {
  return {
    currency: 'GBP',
    pricesIncludeVat: false,
    note: 'Prices are per month and exclude VAT. Paid plans are bought through Stripe checkout via POST /api/v1/account/subscribe.',
    plans: tiers.map((tier) => ({
      ...planFor(tier, config),
      pagesPerScan: allowanceFor(tier, config).pagesPerScan,
      features: features[tier],
      comingSoon: comingSoon[tier],
    })),
  };
}
