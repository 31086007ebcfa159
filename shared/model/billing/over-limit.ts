import type { TierAllowance } from '#shared/model/plans.js';

/** What an account holds beyond its tier's limits, after a downgrade; null when nothing is. */
export interface OverLimit {
  watchedSites: number;
  webhooks: number;
  apiKeys: number;
  note: string;
}

/**
 * The downgrade policy (docs/decisions/043-downgrades-delete-nothing.md): nothing is deleted. The newest watched sites and
 * webhooks above the limit are paused (kept, listed, editable and deletable, but not rescanned or
 * delivered to) until the tier allows them or the owner removes others; every API key keeps working,
 * but no new one can be made while over the limit.
 */
export function overLimit(
  counts: { sites: number; webhooks: number; keys: number },
  allowance: Pick<TierAllowance, 'watchedSites' | 'webhooksMax' | 'apiKeysMax'>,
): OverLimit | null {
  const watchedSites = Math.max(0, counts.sites - allowance.watchedSites);
  const webhooks = Math.max(0, counts.webhooks - allowance.webhooksMax);
  const apiKeys = Math.max(0, counts.keys - allowance.apiKeysMax);
  if (watchedSites + webhooks + apiKeys === 0) return null;
  const parts = [
    watchedSites > 0 ? `the ${watchedSites} newest watched site${watchedSites === 1 ? ' is' : 's are'} not rescanned` : null,
    webhooks > 0 ? `the ${webhooks} newest webhook${webhooks === 1 ? ' gets' : 's get'} no deliveries` : null,
    apiKeys > 0
      ? `all API keys keep working, but no new key can be created until ${apiKeys} ${apiKeys === 1 ? 'is' : 'are'} revoked`
      : null,
  ].filter((part): part is string => part !== null);
  return { watchedSites, webhooks, apiKeys, note: `Above this tier's limits, nothing is deleted: ${parts.join('; ')}.` };
}
