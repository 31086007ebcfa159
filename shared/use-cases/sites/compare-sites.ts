import { getOwnedScans } from '#shared/db/scan-store.js';
import { listWatchedSites } from '#shared/db/watched-site-store.js';
import { siteHistoryWithDimensions, type ScoreSnapshot } from '#shared/db/site-history-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import type { Tier } from '#shared/model/tiers.js';
import { compareCompetition, type Competition, type CompetitionSite } from '#shared/model/sites/competition.js';

/** Histories read at the same time: 100 sites are 100 small queries, kept from bursting on one partition. */
const historyReadsAtOnce = 10;

async function histories(
  caller: Caller,
  sites: readonly WatchedSite[],
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<Map<string, ScoreSnapshot[]>> {
  const found = new Map<string, ScoreSnapshot[]>();
  for (let start = 0; start < sites.length; start += historyReadsAtOnce) {
    const slice = sites.slice(start, start + historyReadsAtOnce);
    const read = await Promise.all(
      slice.map((site) => siteHistoryWithDimensions(deps.table, caller.accountId, site, deps.config.scoreHistoryMax)),
    );
    slice.forEach((site, index) => found.set(site.id, read[index]!));
  }
  return found;
}

/**
 * The caller's own watched sites beside the ones marked as competitors (growth; the route checks the
 * tier): figures from each site's last completed scan, standings dated from the score histories.
 */
export async function compareWatchedSites(caller: Caller, deps: Pick<Dependencies, 'config' | 'table' | 'clock'>): Promise<Competition> {
  const sites = await listWatchedSites(deps.table, caller.accountId);
  sites.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  let scans = new Map<string, ScanResult>();
  let history = new Map<string, ScoreSnapshot[]>();
  // Without a pair there is nothing to compare: the figures come from the site records alone.
  if (sites.some((site) => site.isCompetitor) && sites.some((site) => !site.isCompetitor)) {
    const scanIds = sites.flatMap((site) => (site.lastScanId ? [site.lastScanId] : []));
    [scans, history] = await Promise.all([
      getOwnedScans(deps.table, caller.accountId, scanIds, deps.clock.now()),
      histories(caller, sites, deps),
    ]);
  }

  const input: CompetitionSite[] = sites.map((site) => {
    const scan = site.lastScanId ? scans.get(site.lastScanId) : undefined;
    return {
      id: site.id,
      label: site.label,
      url: site.url,
      isCompetitor: site.isCompetitor,
      score: site.lastScore,
      scannedAt: site.lastScannedAt,
      scanStatus: site.lastScanStatus,
      scanId: site.lastScanId,
      depth: scan?.tier ?? lastSnapshotDepth(site, history.get(site.id)),
      dimensions: scan ? scan.dimensions.map(({ id, name, score }) => ({ id, name, score })) : [],
      checks: scan
        ? scan.checks.map(({ id, dimension, title, status, score, earned }) => ({ id, dimension, title, status, score, earned }))
        : [],
      history: history.get(site.id) ?? [],
    };
  });
  return compareCompetition(input, caller.tier);
}

/** The depth of the snapshot the site's last score came from, when its scan has expired: null when that snapshot predates depths. */
function lastSnapshotDepth(site: WatchedSite, snapshots: readonly ScoreSnapshot[] | undefined): Tier | null {
  return snapshots?.find((snapshot) => snapshot.scannedAt === site.lastScannedAt)?.tier ?? null;
}
