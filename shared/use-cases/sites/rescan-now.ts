import { randomUUID } from 'node:crypto';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { conflict } from '#shared/model/errors.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import type { Tier } from '#shared/model/tiers.js';
import { alertRoutingContext, isPaused, ownSite, siteView, type WatchedSiteView } from '#shared/use-cases/sites/manage-watched-sites.js';

/** The slot of a rescan asked for by its owner: one of its own, so no sweep's rescan takes its place. */
const rescanNowSlot = () => `now-${randomUUID()}`;

/**
 * Queues a rescan of one watched site at the caller's tier now (a comparison across depths asks for one):
 * 404 for a site that is not the caller's, 409 for a site paused above the plan's limit. The rescan is the
 * weekly one's (host spacing, alerts, history); a queue that refuses the message is a 5xx, not a silent loss.
 */
export async function rescanNow(
  caller: Caller,
  siteId: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'queue'>,
): Promise<{ site: WatchedSiteView; queued: true; tier: Tier }> {
  const site = await ownSite(caller, siteId, deps);
  if (await isPaused(caller, site, deps))
    throw conflict(`This site is paused: the ${caller.tier} plan rescans only its oldest sites up to its limit. Remove a site or upgrade.`);
  await deps.queue.send('rescan', {
    kind: 'rescan',
    accountId: caller.accountId,
    siteId: site.id,
    slot: rescanNowSlot(),
    deferrals: 0,
  } satisfies RescanMessage);
  return { site: siteView(site, false, await alertRoutingContext(caller, deps)), queued: true, tier: caller.tier };
}
