import { randomUUID } from 'node:crypto';
import {
  addWatchedSite,
  deleteWatchedSite,
  getWatchedSite,
  listWatchedSites,
  siteHistory,
  updateWatchedSite,
  type ScoreSnapshot,
  type SiteChanges,
} from '#shared/db/watched-sites.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/domain/accounts/caller.js';
import { isoNow } from '#shared/domain/clock.js';
import { AppError, conflict, forbidden, invalidInput, notFound } from '#shared/domain/errors.js';
import { allowanceFor } from '#shared/domain/plans.js';
import { thresholdRecords, type ThresholdRecord } from '#shared/domain/sites/thresholds.js';
import { noThresholds, normalizeSiteUrl, urlDigest, type SiteThresholds, type WatchedSite } from '#shared/domain/sites/watched-site.js';
import { tierAtLeast } from '#shared/domain/tiers.js';

/** The spec's WatchedSite record. */
export interface WatchedSiteView {
  id: string;
  url: string;
  label: string;
  lastScore: number | null;
  lastScannedAt: string | null;
  alertEnabled: boolean;
  scoreChange: number | null;
  isCompetitor: boolean;
  thresholds: ThresholdRecord[];
  createdAt: string;
}

export function siteView(site: WatchedSite): WatchedSiteView {
  return {
    id: site.id,
    url: site.url,
    label: site.label,
    lastScore: site.lastScore,
    lastScannedAt: site.lastScannedAt,
    alertEnabled: site.alertEnabled,
    scoreChange: site.scoreChange,
    isCompetitor: site.isCompetitor,
    thresholds: thresholdRecords(site.thresholds),
    createdAt: site.createdAt,
  };
}

const siteNotFound = () => notFound('Watched site not found');

export async function listSites(caller: Caller, deps: Dependencies): Promise<{ sites: WatchedSiteView[]; limit: number; used: number }> {
  const sites = await listWatchedSites(deps.db, deps.config.tableName, caller.accountId);
  sites.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { sites: sites.map(siteView), limit: allowanceFor(caller.tier, deps.config).watchedSites, used: sites.length };
}

/** Adds a site (URL already SSRF-validated by the route's schema); 409 when watched already, 403 at the limit. */
export async function addSite(
  caller: Caller,
  request: { url: string; label?: string | undefined; alertEnabled: boolean },
  deps: Dependencies,
): Promise<{ site: WatchedSiteView }> {
  const parsed = URL.parse(request.url);
  if (!parsed) throw invalidInput('url: must be an absolute http or https URL');
  const url = normalizeSiteUrl(parsed);
  const site: WatchedSite = {
    id: randomUUID(),
    accountId: caller.accountId,
    url,
    urlDigest: urlDigest(url),
    label: request.label ?? parsed.hostname,
    alertEnabled: request.alertEnabled,
    isCompetitor: false,
    lastScore: null,
    lastScannedAt: null,
    scoreChange: null,
    thresholds: noThresholds,
    createdAt: isoNow(deps.clock),
    version: 1,
  };
  const limit = allowanceFor(caller.tier, deps.config).watchedSites;
  const outcome = await addWatchedSite(deps.db, deps.config.tableName, site, limit);
  switch (outcome) {
    case 'added':
      return { site: siteView(site) };
    case 'duplicate':
      throw conflict(`${url} is already on the watchlist`);
    case 'limit_reached':
      throw forbidden(`Watched-site limit reached: the ${caller.tier} plan allows ${limit} sites`);
    case 'conflict':
      throw new AppError('unavailable', 'The watchlist changed at the same moment; try again');
  }
}

async function ownSite(caller: Caller, siteId: string, deps: Dependencies): Promise<WatchedSite> {
  const site = await getWatchedSite(deps.db, deps.config.tableName, caller.accountId, siteId);
  if (!site) throw siteNotFound();
  return site;
}

export async function getSite(
  caller: Caller,
  siteId: string,
  deps: Dependencies,
): Promise<{ site: WatchedSiteView; thresholds: ThresholdRecord[]; scoreHistory: ScoreSnapshot[] }> {
  const site = await ownSite(caller, siteId, deps);
  const scoreHistory = await siteHistory(deps.db, deps.config.tableName, caller.accountId, siteId, deps.config.scoreHistoryMax);
  const view = siteView(site);
  return { site: view, thresholds: view.thresholds, scoreHistory };
}

export interface SitePatch {
  label?: string | undefined;
  alertEnabled?: boolean | undefined;
  isCompetitor?: boolean | undefined;
  thresholdMin?: number | null | undefined;
  thresholdMax?: number | null | undefined;
  thresholdNotify?: boolean | undefined;
}

function patchedThresholds(current: SiteThresholds, patch: SitePatch): SiteThresholds | undefined {
  if (patch.thresholdMin === undefined && patch.thresholdMax === undefined && patch.thresholdNotify === undefined) return undefined;
  return {
    min: patch.thresholdMin === undefined ? current.min : patch.thresholdMin,
    max: patch.thresholdMax === undefined ? current.max : patch.thresholdMax,
    notify: patch.thresholdNotify ?? current.notify,
  };
}

export function checkThresholds(thresholds: SiteThresholds): void {
  if (thresholds.min !== null && thresholds.max !== null && thresholds.min >= thresholds.max) {
    throw invalidInput(`thresholds: min (${thresholds.min}) must be less than max (${thresholds.max})`);
  }
}

const updateAttempts = 5;

/**
 * A partial update; threshold fields need growth (403 below it). Applied to the site as read and
 * written only if nobody changed it meanwhile; otherwise read again and re-applied (min < max is
 * checked against the fresh values), so two concurrent updates both land or one is refused clearly.
 */
export async function patchSite(caller: Caller, siteId: string, patch: SitePatch, deps: Dependencies): Promise<{ site: WatchedSiteView }> {
  for (let attempt = 0; attempt < updateAttempts; attempt += 1) {
    const site = await ownSite(caller, siteId, deps);
    const thresholds = patchedThresholds(site.thresholds, patch);
    if (thresholds && !tierAtLeast(caller.tier, 'growth')) throw forbidden('Threshold fields need the growth tier or above');
    if (thresholds) checkThresholds(thresholds);
    const changes: SiteChanges = {
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.alertEnabled !== undefined ? { alertEnabled: patch.alertEnabled } : {}),
      ...(patch.isCompetitor !== undefined ? { isCompetitor: patch.isCompetitor } : {}),
      ...(thresholds ? { thresholds } : {}),
    };
    const updated = await updateWatchedSite(deps.db, deps.config.tableName, site, changes);
    if (updated === 'not_found') throw siteNotFound();
    if (updated !== 'stale') return { site: siteView(updated) };
  }
  throw conflict('The site kept changing while this update was applied; read it again and retry');
}

export async function deleteSite(caller: Caller, siteId: string, deps: Dependencies): Promise<{ deleted: true }> {
  const site = await ownSite(caller, siteId, deps);
  if (!(await deleteWatchedSite(deps.db, deps.config.tableName, site))) throw siteNotFound();
  return { deleted: true };
}

export async function getThresholds(caller: Caller, siteId: string, deps: Dependencies): Promise<SiteThresholds> {
  return (await ownSite(caller, siteId, deps)).thresholds;
}

/** Replaces the thresholds whatever they were (a PUT), raising the version so concurrent PATCHes re-read. */
export async function putThresholds(caller: Caller, siteId: string, thresholds: SiteThresholds, deps: Dependencies): Promise<SiteThresholds> {
  checkThresholds(thresholds);
  const updated = await updateWatchedSite(deps.db, deps.config.tableName, { accountId: caller.accountId, id: siteId }, { thresholds });
  if (updated === 'not_found' || updated === 'stale') throw siteNotFound();
  return updated.thresholds;
}
