import type { ScanResult } from '#shared/model/scans/scan-result.js';
import type { Tier } from '#shared/model/tiers.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';

/**
 * The score change a rescan reports: none when there is no earlier score, or when the earlier one was read at
 * another depth (a plan change): a deeper or shallower scan moves the score with nothing changed on the shop,
 * and that is not a change to alert anyone about.
 */
export function comparableScoreChange(
  site: Pick<WatchedSite, 'lastScore'>,
  previousTier: Tier | null,
  result: Pick<ScanResult, 'score' | 'tier'>,
): number | null {
  if (site.lastScore === null) return null;
  if (previousTier !== null && previousTier !== result.tier) return null;
  return result.score - site.lastScore;
}
