export const tiers = ['free', 'pro', 'growth'] as const;
export type Tier = (typeof tiers)[number];

const rank: Record<Tier, number> = { free: 0, pro: 1, growth: 2 };

export function tierAtLeast(tier: Tier, required: Tier): boolean {
  return rank[tier] >= rank[required];
}

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (tiers as readonly string[]).includes(value);
}
