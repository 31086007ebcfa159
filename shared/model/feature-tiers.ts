import type { Tier } from '#shared/model/tiers.js';

/**
 * The lowest tier of each gated feature (the spec's tier gates). The route table declares the same
 * tiers on the features' routes, and test/unit/model/pricing.test.ts holds the two together, so the
 * price list (shared/model/pricing.ts) claims exactly what the service lets each tier do.
 */
export const featureTiers = {
  webhooks: 'pro',
  batchScans: 'growth',
  thresholds: 'growth',
} as const satisfies Record<string, Tier>;

export type GatedFeature = keyof typeof featureTiers;
