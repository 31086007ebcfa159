import { randomUUID } from 'node:crypto';
import { listWatchedSites } from '#shared/db/watched-site-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { allowanceFor } from '#shared/model/plans.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { pausedSiteIds } from '#shared/model/sites/paused-sites.js';
import type { Tier } from '#shared/model/tiers.js';

/**
 * After a plan change, every watched site the new plan rescans is rescanned at the new tier's depth, so its
 * score, history and comparisons are read at one depth again (docs/decisions/108-comparisons-at-one-depth.md).
 * The rescans are the weekly ones' (host spacing, paused sites skipped). Their score change is not alerted:
 * it is the depth's, not the shop's. A queue that refuses them is logged: the next weekly sweep rescans.
 */
export async function rescanAtNewDepth(
  accountId: string,
  tier: Tier,
  deps: Pick<Dependencies, 'config' | 'table' | 'logger' | 'queue'>,
): Promise<number> {
  const sites = await listWatchedSites(deps.table, accountId);
  const paused = pausedSiteIds(sites, allowanceFor(tier, deps.config).watchedSites);
  const slot = `plan-${tier}-${randomUUID()}`;
  const rescans = sites
    .filter((site) => !paused.has(site.id))
    .map((site): RescanMessage => ({ kind: 'rescan', accountId, siteId: site.id, slot, deferrals: 0 }));
  try {
    await deps.queue.sendMany('rescan', rescans);
  } catch (error) {
    deps.logger.error('Could not queue the rescans of a plan change; the next weekly sweep will', {
      accountId,
      tier,
      error: error as Error,
    });
    return 0;
  }
  return rescans.length;
}
