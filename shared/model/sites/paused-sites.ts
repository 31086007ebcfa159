import type { WatchedSite } from '#shared/model/sites/watched-site.js';

/**
 * The sites not rescanned because the account holds more than its tier allows (after a downgrade):
 * the newest ones beyond the limit. The oldest `limit` sites keep being rescanned.
 */
export function pausedSiteIds(sites: readonly Pick<WatchedSite, 'id' | 'createdAt'>[], limit: number): Set<string> {
  if (sites.length <= limit) return new Set();
  const byAge = [...sites].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return new Set(byAge.slice(limit).map((site) => site.id));
}
