import { listOwnedScans } from '#shared/db/scan-store.js';
import { siteHistory, type ScoreSnapshot } from '#shared/db/site-history-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { accountInfo, type AccountInfo } from '#shared/model/accounts/account-info.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { listSites } from '#shared/use-cases/sites/manage-watched-sites.js';
import { listWebhooks } from '#shared/use-cases/webhooks/webhook-endpoints.js';
import type { WebhookView } from '#shared/model/webhooks/webhook.js';
import type { ScanResult } from '#shared/scanner/engine.js';

/** Recent scans the dashboard lists, the sites whose history it draws, and the points of each line. */
export const overviewLimits = { scans: 5, sitesWithHistory: 20, historyPoints: 12 } as const;

/** Five results are tens of kilobytes each; the cap only guards against a pathological one. */
const recentScansMaxJsonBytes = 4 * 1024 * 1024;

type SiteView = Awaited<ReturnType<typeof listSites>>['sites'][number];

export interface AccountOverview {
  account: AccountInfo;
  /** Null when the key may not read scans (no `scanner:read`). */
  scans: { recent: Array<Pick<ScanResult, 'id' | 'url' | 'score' | 'band' | 'createdAt'>>; total: number } | null;
  sites: { sites: Array<SiteView & { history: ScoreSnapshot[] | null }>; limit: number; used: number } | null;
  webhooks: { webhooks: WebhookView[]; limit: number; used: number } | null;
}

async function recentScans(caller: Caller, deps: Pick<Dependencies, 'table'>): Promise<AccountOverview['scans']> {
  const { scans } = await listOwnedScans(deps.table, caller.accountId, {
    limit: overviewLimits.scans,
    offset: 0,
    maxJsonBytes: recentScansMaxJsonBytes,
  });
  return {
    recent: scans.map(({ id, url, score, band, createdAt }) => ({ id, url, score, band, createdAt })),
    total: caller.account.scanCount,
  };
}

async function sitesWithHistory(caller: Caller, deps: Pick<Dependencies, 'config' | 'table'>): Promise<AccountOverview['sites']> {
  const list = await listSites(caller, deps);
  const sites = await Promise.all(
    list.sites.map(async (site, index) => ({
      ...site,
      // Oldest first, as a line is drawn; the sites past the first few show their last score only.
      history:
        index < overviewLimits.sitesWithHistory
          ? (await siteHistory(deps.table, caller.accountId, site, overviewLimits.historyPoints)).reverse()
          : null,
    })),
  );
  return { sites, limit: list.limit, used: list.used };
}

/**
 * GET /api/v1/account/overview: what the dashboard shows, in one request outside the monthly API-call
 * allowance (a page load must not spend a free account's 100 calls). Each part the key's scopes do not
 * cover is null.
 */
export async function accountOverview(caller: Caller, deps: Pick<Dependencies, 'config' | 'table' | 'clock'>): Promise<AccountOverview> {
  const may = (scope: Caller['scopes'][number]) => caller.scopes.includes(scope);
  const [scans, sites, webhooks] = await Promise.all([
    may('scanner:read') ? recentScans(caller, deps) : null,
    may('sites:read') ? sitesWithHistory(caller, deps) : null,
    may('webhooks:read') ? listWebhooks(caller, deps).then(({ webhooks: list, limit, used }) => ({ webhooks: list, limit, used })) : null,
  ]);
  return { account: accountInfo(caller.account, deps.config, deps.clock.now()), scans, sites, webhooks };
}
