import { randomUUID } from 'node:crypto';
import {
  addWatchedSite,
  deleteWatchedSite,
  getWatchedSite,
  listWatchedSites,
  updateWatchedSite,
  type SiteChanges,
} from '#shared/db/watched-site-store.js';
import { deleteSiteHistory, siteHistory, type ScoreSnapshot } from '#shared/db/site-history-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isoNow } from '#shared/model/clock.js';
import { AppError, conflict, forbidden, invalidInput, notFound } from '#shared/model/errors.js';
import { allowanceFor } from '#shared/model/plans.js';
import { screenTarget } from '#shared/use-cases/scan-target.js';
import { queueRescan } from '#shared/use-cases/rescans/queue-rescan.js';
import { isoWeek, shardOf } from '#shared/model/rescans/schedule.js';
import { pausedSiteIds } from '#shared/model/sites/paused-sites.js';
import { applyLegacy, legacyView, thresholdRecord, type LegacyThresholds, type ThresholdRecord } from '#shared/model/sites/thresholds.js';
import { newWatchedSite, normalizeSiteUrl, urlDigest, type ScanStatus, type WatchedSite } from '#shared/model/sites/watched-site.js';
import { tierAtLeast } from '#shared/model/tiers.js';
import { alertsGoTo, type AlertsGoTo } from '#shared/model/sites/alert-routing.js';
import type { StoredWebhook } from '#shared/model/webhooks/webhook.js';
import { listWebhookItems } from '#shared/db/webhook-store.js';

/** The spec's WatchedSite record, with how its rescans go. */
export interface WatchedSiteView {
  id: string;
  url: string;
  label: string;
  lastScore: number | null;
  lastScannedAt: string | null;
  alertEnabled: boolean;
  scoreChange: number | null;
  isCompetitor: boolean;
  /** Anyone may read the site's badge, GET /badge/{id}.svg (its score and band). */
  publicBadge: boolean;
  thresholds: ThresholdRecord[];
  createdAt: string;
  /** `ok`, or `failed` when the last rescan could not reach or finish the site (`lastScore` is kept). */
  lastScanStatus: ScanStatus | null;
  lastError: string | null;
  /** Above the tier's watched-site limit after a downgrade: kept, but not rescanned. */
  rescanPaused: boolean;
  /** The scan of the last completed rescan (its report is /app/scans/{id} for the owner). */
  lastScanId: string | null;
  /** Where the site's alerts go now: the rule the rescan alerts apply (shared/model/sites/alert-routing.ts). */
  alertsGoTo: AlertsGoTo;
}

/** What deciding where a site's alerts go needs of its account, read once per request. */
export interface AlertRoutingContext {
  account: { email: string; tier: Caller['tier'] };
  webhooks: StoredWebhook[];
  webhooksMax: number;
  /** Webhook URLs are shown only to a caller who may read webhooks. */
  showWebhookUrls: boolean;
}

export async function alertRoutingContext(caller: Caller, deps: Pick<Dependencies, 'config' | 'table'>): Promise<AlertRoutingContext> {
  return {
    account: { email: caller.account.email, tier: caller.tier },
    webhooks: await listWebhookItems(deps.table, caller.accountId),
    webhooksMax: allowanceFor(caller.tier, deps.config).webhooksMax,
    showWebhookUrls: caller.scopes.includes('webhooks:read'),
  };
}

function siteAlertsGoTo(site: WatchedSite, paused: boolean, routing: AlertRoutingContext): AlertsGoTo {
  const goTo = alertsGoTo({ site, paused, ...routing });
  if (routing.showWebhookUrls) return goTo;
  return { ...goTo, webhooks: goTo.webhooks.map((webhook) => ({ ...webhook, url: null })) };
}

export function siteView(site: WatchedSite, paused: boolean, routing: AlertRoutingContext): WatchedSiteView {
  return {
    id: site.id,
    url: site.url,
    label: site.label,
    lastScore: site.lastScore,
    lastScannedAt: site.lastScannedAt,
    alertEnabled: site.alertEnabled,
    scoreChange: site.scoreChange,
    isCompetitor: site.isCompetitor,
    publicBadge: site.publicBadge,
    thresholds: site.thresholds.map(thresholdRecord),
    createdAt: site.createdAt,
    lastScanStatus: site.lastScanStatus,
    lastError: site.lastError,
    rescanPaused: paused,
    lastScanId: site.lastScanId,
    alertsGoTo: siteAlertsGoTo(site, paused, routing),
  };
}

const siteNotFound = () => notFound('Watched site not found');

export async function listSites(
  caller: Caller,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<{ sites: WatchedSiteView[]; limit: number; used: number }> {
  const [sites, routing] = await Promise.all([listWatchedSites(deps.table, caller.accountId), alertRoutingContext(caller, deps)]);
  sites.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const limit = allowanceFor(caller.tier, deps.config).watchedSites;
  const paused = pausedSiteIds(sites, limit);
  return { sites: sites.map((site) => siteView(site, paused.has(site.id), routing)), limit, used: sites.length };
}

/**
 * Adds a site (URL shape checked by the route's schema); 400 when its host resolves to a blocked
 * address, 409 when watched already, 403 at the limit. A name that does not resolve (yet) is accepted:
 * its rescans record the failure, as they would for a site that goes down later.
 */
export async function addSite(
  caller: Caller,
  request: { url: string; label?: string | undefined; alertEnabled: boolean },
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'lookup'>,
): Promise<{ site: WatchedSiteView }> {
  const parsed = URL.parse(request.url);
  if (!parsed) throw invalidInput('url: must be an absolute http or https URL');
  const screen = await screenTarget(parsed.href, deps);
  if (!screen.ok && screen.reason === 'blocked') throw invalidInput(`url: ${screen.message}`);
  const url = normalizeSiteUrl(parsed);
  const site = newWatchedSite({
    id: randomUUID(),
    accountId: caller.accountId,
    url,
    urlDigest: urlDigest(url),
    label: request.label ?? parsed.hostname,
    alertEnabled: request.alertEnabled,
    createdAt: isoNow(deps.clock),
  });
  const limit = allowanceFor(caller.tier, deps.config).watchedSites;
  // Due at once: the first scan is queued now, and if that fails the next sweep picks the site up.
  const due = { shard: shardOf(site.id, deps.config.rescanDueShards), dueAt: site.createdAt };
  const outcome = await addWatchedSite(deps.table, site, limit, due);
  switch (outcome) {
    case 'added':
      await queueRescan({ accountId: site.accountId, siteId: site.id, slot: isoWeek(deps.clock.now()) }, deps);
      return { site: siteView(site, false, await alertRoutingContext(caller, deps)) };
    case 'duplicate':
      throw conflict(`${url} is already on the watchlist`);
    case 'limit_reached':
      throw forbidden(`Watched-site limit reached: the ${caller.tier} plan allows ${limit} sites`);
    case 'conflict':
      throw new AppError('unavailable', 'The watchlist changed at the same moment; try again');
  }
}

export async function ownSite(caller: Pick<Caller, 'accountId'>, siteId: string, deps: Pick<Dependencies, 'table'>): Promise<WatchedSite> {
  const site = await getWatchedSite(deps.table, caller.accountId, siteId);
  if (!site) throw siteNotFound();
  return site;
}

/** Above the plan's watched-site limit: listed, not rescanned (the newest sites beyond the limit). */
export async function isPaused(caller: Caller, site: WatchedSite, deps: Pick<Dependencies, 'config' | 'table'>): Promise<boolean> {
  const limit = allowanceFor(caller.tier, deps.config).watchedSites;
  if (caller.account.siteCount <= limit) return false;
  return pausedSiteIds(await listWatchedSites(deps.table, caller.accountId), limit).has(site.id);
}

export async function getSite(
  caller: Caller,
  siteId: string,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<{ site: WatchedSiteView; thresholds: ThresholdRecord[]; scoreHistory: ScoreSnapshot[] }> {
  const site = await ownSite(caller, siteId, deps);
  const [scoreHistory, paused, routing] = await Promise.all([
    siteHistory(deps.table, caller.accountId, site, deps.config.scoreHistoryMax),
    isPaused(caller, site, deps),
    alertRoutingContext(caller, deps),
  ]);
  const view = siteView(site, paused, routing);
  return { site: view, thresholds: view.thresholds, scoreHistory };
}

export interface SitePatch {
  label?: string | undefined;
  alertEnabled?: boolean | undefined;
  isCompetitor?: boolean | undefined;
  publicBadge?: boolean | undefined;
  thresholdMin?: number | null | undefined;
  thresholdMax?: number | null | undefined;
  thresholdNotify?: boolean | undefined;
}

function patchedLegacy(current: LegacyThresholds, patch: SitePatch): LegacyThresholds | undefined {
  if (patch.thresholdMin === undefined && patch.thresholdMax === undefined && patch.thresholdNotify === undefined) return undefined;
  return {
    min: patch.thresholdMin === undefined ? current.min : patch.thresholdMin,
    max: patch.thresholdMax === undefined ? current.max : patch.thresholdMax,
    notify: patch.thresholdNotify ?? current.notify,
  };
}

export function checkThresholds(thresholds: LegacyThresholds): void {
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
export async function patchSite(
  caller: Caller,
  siteId: string,
  patch: SitePatch,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock'>,
): Promise<{ site: WatchedSiteView }> {
  for (let attempt = 0; attempt < updateAttempts; attempt += 1) {
    const site = await ownSite(caller, siteId, deps);
    const legacy = patchedLegacy(legacyView(site.thresholds), patch);
    if (legacy && !tierAtLeast(caller.tier, 'growth')) throw forbidden('Threshold fields need the growth tier or above');
    if (legacy) checkThresholds(legacy);
    const changes: SiteChanges = {
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.alertEnabled !== undefined ? { alertEnabled: patch.alertEnabled } : {}),
      ...(patch.isCompetitor !== undefined ? { isCompetitor: patch.isCompetitor } : {}),
      ...(patch.publicBadge !== undefined ? { publicBadge: patch.publicBadge } : {}),
      ...(legacy ? { thresholds: applyLegacy(site.thresholds, legacy, legacyContext(site, deps)) } : {}),
    };
    const updated = await updateWatchedSite(deps.table, site, changes);
    if (updated === 'not_found') throw siteNotFound();
    if (updated !== 'stale') {
      const [paused, routing] = await Promise.all([isPaused(caller, updated, deps), alertRoutingContext(caller, deps)]);
      return { site: siteView(updated, paused, routing) };
    }
  }
  throw conflict('The site kept changing while this update was applied; read it again and retry');
}

function legacyContext(site: WatchedSite, deps: Pick<Dependencies, 'clock'>) {
  return { now: isoNow(deps.clock), lastScore: site.lastScore, newId: randomUUID };
}

/** Deletes the site (its thresholds are part of it), then its score history. */
export async function deleteSite(caller: Caller, siteId: string, deps: Pick<Dependencies, 'table'>): Promise<{ deleted: true }> {
  const site = await ownSite(caller, siteId, deps);
  if (!(await deleteWatchedSite(deps.table, site))) throw siteNotFound();
  await deleteSiteHistory(deps.table, caller.accountId, siteId);
  return { deleted: true };
}

/** The legacy Thresholds object: a view of the site's threshold records (shared/model/sites/thresholds.ts). */
export async function getThresholds(caller: Caller, siteId: string, deps: Pick<Dependencies, 'table'>): Promise<LegacyThresholds> {
  return legacyView((await ownSite(caller, siteId, deps)).thresholds);
}

/** Writes the legacy object onto the records it views, on the site as read (re-read when it changed meanwhile). */
export async function putThresholds(
  caller: Caller,
  siteId: string,
  legacy: LegacyThresholds,
  deps: Pick<Dependencies, 'table' | 'clock'>,
): Promise<LegacyThresholds> {
  checkThresholds(legacy);
  for (let attempt = 0; attempt < updateAttempts; attempt += 1) {
    const site = await ownSite(caller, siteId, deps);
    const thresholds = applyLegacy(site.thresholds, legacy, legacyContext(site, deps));
    const updated = await updateWatchedSite(deps.table, site, { thresholds });
    if (updated === 'not_found') throw siteNotFound();
    if (updated !== 'stale') return legacyView(updated.thresholds);
  }
  throw conflict('The site kept changing while its thresholds were written; read it again and retry');
}
