import { getWatchedSite } from '#shared/db/watched-site-store.js';
import { publicBadgeOwner } from '#shared/db/public-badge-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { notFound } from '#shared/model/errors.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { bandOf } from '#shared/scanner/scoring.js';
import { getPublicResult } from '#shared/use-cases/scan-results.js';

/** What a badge shows: the shop's address (for its accessible text), its score and band (null before a first scan). */
export interface BadgeFacts {
  url: string;
  score: number | null;
  band: ScanResult['band'] | null;
}

/** GET /r/{id}/badge.svg: the public result the report page /r/{id} shows; 404 when unknown or expired. */
export async function publicResultBadge(id: string, deps: Pick<Dependencies, 'table' | 'clock'>): Promise<BadgeFacts> {
  const result = await getPublicResult(id, deps);
  return { url: result.finalUrl || result.url, score: result.score, band: result.band };
}

/**
 * GET /badge/{siteId}.svg: a watched site's latest score, only while its owner has `publicBadge` on.
 * An unknown site and a site whose badge is not public are the same 404, so ids cannot be probed.
 */
export async function watchedSiteBadge(siteId: string, deps: Pick<Dependencies, 'table'>): Promise<BadgeFacts> {
  const accountId = await publicBadgeOwner(deps.table, siteId);
  const site = accountId === null ? null : await getWatchedSite(deps.table, accountId, siteId);
  if (!site?.publicBadge) throw notFound('Badge not found');
  return { url: site.url, score: site.lastScore, band: site.lastScore === null ? null : bandOf(site.lastScore) };
}
