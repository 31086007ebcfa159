import { createHash } from 'node:crypto';
import type { StoredThreshold } from '#shared/model/sites/thresholds.js';
import type { OwnershipCheck } from '#shared/model/sites/site-ownership.js';

/** How the last rescan went: `ok` with a score, or `failed` (unreachable, 5xx, time-out) keeping the last score. */
export type ScanStatus = 'ok' | 'failed';

/** A watched site as stored. `lastScore`, `lastScannedAt` and `scoreChange` are filled in by rescans. */
export interface WatchedSite {
  id: string;
  accountId: string;
  url: string;
  urlDigest: string;
  label: string;
  alertEnabled: boolean;
  isCompetitor: boolean;
  /** The owner shows the site's score to anyone at GET /badge/{id}.svg. */
  publicBadge: boolean;
  lastScore: number | null;
  lastScannedAt: string | null;
  scoreChange: number | null;
  thresholds: StoredThreshold[];
  createdAt: string;
  /** Raised by every update; an update read from an older version is refused (no lost updates). */
  version: number;
  lastScanStatus: ScanStatus | null;
  lastError: string | null;
  lastScanId: string | null;
  /** The sweep (ISO week, or a forced run's id) whose rescan last completed: one rescan per sweep. */
  lastScanSlot: string | null;
  /** Snapshots kept in the site's history (at most SCORE_HISTORY_MAX). */
  historyCount: number;
  /** The token that proves the owner controls the site, issued when first asked for (absent until then). */
  ownershipToken?: string;
  /** The last ownership check (absent until the first). */
  ownership?: OwnershipCheck;
  /** The owner asked for a checkout drive at each weekly rescan, done while the site is proven. */
  weeklyCheckoutDrive?: boolean;
  /** The merchant's ACP bearer token the owner gave for checkout drives, sealed (absent until given). */
  acpCredential?: SealedCredential;
}

/** A secret the service must send on the owner's behalf: sealed to its site (adapters/secret-box.ts), never shown again. */
export interface SealedCredential {
  sealed: string;
  setAt: string;
}

/** What a site is given when it is added; everything else starts as a site never scanned. */
export type NewSiteFields = Pick<WatchedSite, 'id' | 'accountId' | 'url' | 'urlDigest' | 'label' | 'alertEnabled' | 'createdAt'> &
  Partial<Pick<WatchedSite, 'isCompetitor'>>;

/** A watched site as it is first stored: not scanned, no thresholds, no history, version 1. */
export function newWatchedSite(fields: NewSiteFields): WatchedSite {
  return {
    isCompetitor: false,
    publicBadge: false,
    lastScore: null,
    lastScannedAt: null,
    scoreChange: null,
    thresholds: [],
    version: 1,
    lastScanStatus: null,
    lastError: null,
    lastScanId: null,
    lastScanSlot: null,
    historyCount: 0,
    ...fields,
  };
}

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
