import { randomUUID } from 'node:crypto';
import { appendThreshold, updateWatchedSite } from '#shared/db/watched-site-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isoNow } from '#shared/model/clock.js';
import { conflict, forbidden, notFound } from '#shared/model/errors.js';
import { ownSite } from '#shared/use-cases/sites/manage-watched-sites.js';
import {
  initialMet,
  thresholdRecord,
  type StoredThreshold,
  type ThresholdCondition,
  type ThresholdRecord,
} from '#shared/model/sites/thresholds.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';

const attempts = 5;
const thresholdNotFound = () => notFound('Threshold not found');

/** GET /api/v1/watched-sites/{id}/thresholds: the site's records with the per-site limit. */
export async function listSiteThresholds(
  caller: Caller,
  siteId: string,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<{ thresholds: ThresholdRecord[]; limit: number; used: number }> {
  const site = await ownSite(caller, siteId, deps);
  return { thresholds: site.thresholds.map(thresholdRecord), limit: deps.config.thresholdsPerSiteMax, used: site.thresholds.length };
}

/**
 * POST: a new record. Appended in one conditional write, so concurrent creates never pass the limit;
 * its starting state is what it says of the current score (no alert for a crossing before it existed).
 */
export async function createSiteThreshold(
  caller: Caller,
  siteId: string,
  request: { condition: ThresholdCondition; value: number; isActive: boolean },
  deps: Pick<Dependencies, 'config' | 'table' | 'clock'>,
): Promise<{ threshold: ThresholdRecord }> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const site = await ownSite(caller, siteId, deps);
    const threshold: StoredThreshold = {
      id: randomUUID(),
      ...request,
      createdAt: isoNow(deps.clock),
      met: initialMet(request.condition, request.value, site.lastScore),
    };
    const outcome = await appendThreshold(deps.table, site, threshold, deps.config.thresholdsPerSiteMax);
    if (outcome === 'added') return { threshold: thresholdRecord(threshold) };
    if (outcome === 'not_found') throw notFound('Watched site not found');
    if (outcome === 'limit_reached') throw forbidden(`Threshold limit reached: at most ${deps.config.thresholdsPerSiteMax} per site`);
    // A site written before threshold records keeps an object: store it as records, then append.
    await rewrite(site, site.thresholds, deps);
  }
  throw conflict('The site kept changing while the threshold was added; try again');
}

async function rewrite(
  site: WatchedSite,
  thresholds: StoredThreshold[],
  deps: Pick<Dependencies, 'table'>,
): Promise<WatchedSite | 'stale'> {
  const updated = await updateWatchedSite(deps.table, site, { thresholds });
  if (updated === 'not_found') throw notFound('Watched site not found');
  return updated;
}

/** Applies `change` to one record of the site as read; re-read and re-applied when the site changed meanwhile. */
async function changeThreshold(
  caller: Caller,
  siteId: string,
  thresholdId: string,
  deps: Pick<Dependencies, 'table'>,
  change: (site: WatchedSite, current: StoredThreshold) => StoredThreshold | null,
): Promise<StoredThreshold | null> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const site = await ownSite(caller, siteId, deps);
    const current = site.thresholds.find((threshold) => threshold.id === thresholdId);
    if (!current) throw thresholdNotFound();
    const next = change(site, current);
    const thresholds =
      next === null ? site.thresholds.filter((t) => t.id !== thresholdId) : site.thresholds.map((t) => (t.id === thresholdId ? next : t));
    if ((await rewrite(site, thresholds, deps)) !== 'stale') return next;
  }
  throw conflict('The site kept changing while the threshold was updated; read it again and retry');
}

/** PATCH: any of condition, value, isActive. A changed condition or value starts from the current score again. */
export async function updateSiteThreshold(
  caller: Caller,
  siteId: string,
  thresholdId: string,
  patch: { condition?: ThresholdCondition | undefined; value?: number | undefined; isActive?: boolean | undefined },
  deps: Pick<Dependencies, 'table'>,
): Promise<{ threshold: ThresholdRecord }> {
  const updated = await changeThreshold(caller, siteId, thresholdId, deps, (site, current) => {
    const condition = patch.condition ?? current.condition;
    const value = patch.value ?? current.value;
    const moved = condition !== current.condition || value !== current.value;
    return {
      ...current,
      condition,
      value,
      isActive: patch.isActive ?? current.isActive,
      met: moved ? initialMet(condition, value, site.lastScore) : current.met,
    };
  });
  return { threshold: thresholdRecord(updated!) };
}

export async function deleteSiteThreshold(
  caller: Caller,
  siteId: string,
  thresholdId: string,
  deps: Pick<Dependencies, 'table'>,
): Promise<{ deleted: true }> {
  await changeThreshold(caller, siteId, thresholdId, deps, () => null);
  return { deleted: true };
}
