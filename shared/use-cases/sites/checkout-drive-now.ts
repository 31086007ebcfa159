import { randomUUID } from 'node:crypto';
import { setWeeklyCheckoutDrive } from '#shared/db/site-ownership-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { conflict, notFound } from '#shared/model/errors.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { isPaused, ownSite } from '#shared/use-cases/sites/manage-watched-sites.js';

export interface CheckoutDriveQueued {
  queued: true;
  /** Whether each weekly rescan drives a checkout too. */
  weekly: boolean;
}

/**
 * Queues a rescan that drives a checkout on the owner's proven site now (docs/decisions/116-owner-proven-checkout-drive.md),
 * and sets whether each weekly rescan does too when `weekly` is given. 404 for a site that is not the caller's; 409
 * until the site is proven (the rescan checks the proof again before it drives) or while it is paused above the plan's
 * limit. The rescan is the weekly one's: its report is the site's last scan.
 */
export async function driveCheckoutNow(
  caller: Caller,
  siteId: string,
  request: { weekly?: boolean | undefined },
  deps: Pick<Dependencies, 'config' | 'table' | 'queue'>,
): Promise<CheckoutDriveQueued> {
  const site = await ownSite(caller, siteId, deps);
  const status = site.ownership?.status ?? 'unproven';
  if (status !== 'proven')
    throw conflict(
      `Prove this site is yours first: its ownership is ${status}. Put its token on the site (GET /api/v1/watched-sites/${site.id}/ownership), then POST /api/v1/watched-sites/${site.id}/ownership/verify`,
    );
  if (await isPaused(caller, site, deps))
    throw conflict(`This site is paused: the ${caller.tier} plan rescans only its oldest sites up to its limit. Remove a site or upgrade.`);
  if (request.weekly !== undefined && !(await setWeeklyCheckoutDrive(deps.table, site, request.weekly)))
    throw notFound('Watched site not found');
  await deps.queue.send('rescan', {
    kind: 'rescan',
    accountId: caller.accountId,
    siteId: site.id,
    slot: `now-${randomUUID()}`,
    deferrals: 0,
    checkoutDrive: true,
  } satisfies RescanMessage);
  return { queued: true, weekly: request.weekly ?? site.weeklyCheckoutDrive ?? false };
}
