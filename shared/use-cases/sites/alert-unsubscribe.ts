import { listWatchedSites, updateWatchedSite } from '#shared/db/watched-site-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { invalidInput, notFound } from '#shared/model/errors.js';
import { readUnsubscribeToken, type UnsubscribeScope } from '#shared/model/sites/alert-unsubscribe-token.js';

/** A site an unsubscribe link names, as its page shows it. */
export interface UnsubscribeSite {
  label: string;
  url: string;
  alertEnabled: boolean;
}

async function scopeOf(token: string | undefined, deps: Pick<Dependencies, 'keyPepper'>): Promise<UnsubscribeScope> {
  if (token === undefined || token === '')
    throw invalidInput('token: the unsubscribe link has no token (open the link from the e-mail again)');
  const scope = readUnsubscribeToken(token, await deps.keyPepper());
  if (scope === 'malformed') throw invalidInput('token: the unsubscribe link is damaged (open the link from the e-mail again)');
  // A well-formed token the service did not sign names nothing it knows.
  if (scope === 'forged') throw notFound('This unsubscribe link is not valid');
  return scope;
}

/** The sites a link names that still exist, for the page that asks to confirm; changes nothing. */
export async function sitesOfUnsubscribeLink(
  token: string | undefined,
  deps: Pick<Dependencies, 'table' | 'keyPepper'>,
): Promise<UnsubscribeSite[]> {
  const scope = await scopeOf(token, deps);
  const named = new Set(scope.siteIds);
  const sites = await listWatchedSites(deps.table, scope.accountId);
  return sites.filter((site) => named.has(site.id)).map((site) => ({ label: site.label, url: site.url, alertEnabled: site.alertEnabled }));
}

/**
 * Turns alerts off (`alertEnabled: false`) on each site the link names, whoever follows it: the link is
 * the proof. Idempotent; sites deleted since the mail are passed over. Returns the sites turned off.
 */
export async function unsubscribeFromAlerts(
  token: string | undefined,
  deps: Pick<Dependencies, 'table' | 'logger' | 'keyPepper'>,
): Promise<UnsubscribeSite[]> {
  const scope = await scopeOf(token, deps);
  const updated = await Promise.all(
    scope.siteIds.map((id) => updateWatchedSite(deps.table, { accountId: scope.accountId, id }, { alertEnabled: false })),
  );
  const off = updated
    .filter((site) => typeof site !== 'string')
    .map((site) => ({ label: site.label, url: site.url, alertEnabled: site.alertEnabled }));
  deps.logger.info('Alerts turned off from an e-mail link', { accountId: scope.accountId, sites: off.length });
  return off;
}
