import type { ApiAnswer } from '../shared/api.js';
import type { Band, Limit } from '../shared/words.js';
import type { AlertsGoTo } from './alerts-go-to.js';

/*
 * What the dashboard's sections are given: GET /api/v1/account/overview and GET /api/v1/account/api-keys, as
 * far as the sections read them (shared/http/schemas/account-overview-schemas.ts and account-schemas.ts).
 */

export type Tier = 'free' | 'pro' | 'growth';

export interface Account {
  email: string;
  tier: Tier;
  subscription: { isActive: boolean; isPaid: boolean; isCanceling: boolean; currentPeriodEnd: string | null };
  usage: { dailyScans: number; dailyScanLimit: Limit; monthlyApiCalls: number; monthlyApiCallLimit: Limit };
  counts: {
    watchedSites: number;
    watchedSitesLimit: Limit;
    apiKeys: number;
    apiKeysLimit: Limit;
    webhooks: number;
    webhooksLimit: Limit;
  };
}

export interface ScoreHistoryEntry {
  score: number;
  scannedAt: string;
}

export interface Threshold {
  condition: 'drops_below' | 'rises_above' | 'changes_by';
  value: number;
  isActive: boolean;
}

export interface WatchedSite {
  id: string;
  url: string;
  label: string;
  lastScore: number | null;
  lastScannedAt: string | null;
  alertEnabled: boolean;
  scoreChange: number | null;
  isCompetitor: boolean;
  publicBadge: boolean;
  thresholds: Threshold[];
  lastScanStatus: 'ok' | 'failed' | null;
  lastError: string | null;
  rescanPaused: boolean;
  lastScanId: string | null;
  alertsGoTo: AlertsGoTo;
}

export interface Overview {
  account: Account;
  /** Null without the scanner:read scope. */
  scans: {
    recent: Array<{ id: string; url: string; score: number; band: Band; createdAt: string }>;
    total: number;
  } | null;
  /** Null without the sites:read scope. */
  sites: { sites: Array<WatchedSite & { history: ScoreHistoryEntry[] | null }>; limit: Limit; used: number } | null;
  /** Null without the webhooks:read scope. */
  webhooks: { limit: number; used: number } | null;
}

export interface ApiKeyInfo {
  id: string;
  label: string;
  keyPrefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export interface ApiKeyList {
  keys: ApiKeyInfo[];
  keyLimit: number;
  keysUsed: number;
}

export interface DashboardContext {
  overview: Overview;
  /** GET /api/v1/account/api-keys: refused (403) for a key without the account:read scope. */
  keys: ApiAnswer<ApiKeyList>;
  /** The tab's credential: an API key or a dashboard session. */
  credential: string;
  /** The service's origin, for the command-line examples. */
  origin: string;
  /** Reads the account again and renders every section anew. */
  reload: () => void;
}

/** A part of the dashboard: rendered into the element of its id, emptied first. */
export interface DashboardSection {
  id: string;
  render: (context: DashboardContext) => void;
}
