import { createHash } from 'node:crypto';

export interface SiteThresholds {
  min: number | null;
  max: number | null;
  notify: boolean;
}

/** A watched site as stored. `lastScore`, `lastScannedAt` and `scoreChange` are filled in by rescans. */
export interface WatchedSite {
  id: string;
  accountId: string;
  url: string;
  urlDigest: string;
  label: string;
  alertEnabled: boolean;
  isCompetitor: boolean;
  lastScore: number | null;
  lastScannedAt: string | null;
  scoreChange: number | null;
  thresholds: SiteThresholds;
  createdAt: string;
  /** Raised by every update; an update read from an older version is refused (no lost updates). */
  version: number;
}

export const noThresholds: SiteThresholds = { min: null, max: null, notify: true };

/**
 * The form in which URLs are compared for de-duplication: WHATWG-parsed (scheme and host lower-cased,
 * default port dropped, IDN as punycode, "/" for an empty path), without the fragment. Paths and
 * queries are kept as written: `/en/` and `/en` may be different pages.
 */
export function normalizeSiteUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

export function urlDigest(normalizedUrl: string): string {
  return createHash('sha256').update(normalizedUrl).digest('hex');
}
