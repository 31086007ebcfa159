import { setAcpCredential } from '#shared/db/site-ownership-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isoNow } from '#shared/model/clock.js';
import { notFound } from '#shared/model/errors.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import { ownSite } from '#shared/use-cases/sites/manage-watched-sites.js';

/** Whether the site has the owner's ACP token, and since when; the token itself is never shown again. */
export interface AcpCredentialView {
  set: boolean;
  setAt: string | null;
}

type Parts = Pick<Dependencies, 'table' | 'config' | 'clock' | 'secretBox'>;

/** Bound to its site: a sealed token copied onto another site's item does not open. */
const sealedTo = (site: Pick<WatchedSite, 'accountId' | 'id'>) => ({
  accountId: site.accountId,
  siteId: site.id,
  purpose: 'acp-credential',
});

export function acpCredentialView(site: Pick<WatchedSite, 'acpCredential'>): AcpCredentialView {
  return { set: site.acpCredential !== undefined, setAt: site.acpCredential?.setAt ?? null };
}

/**
 * Stores the merchant's ACP bearer token for the caller's site, sealed, replacing any earlier one
 * (docs/decisions/117-acp-checkout-drive-credential.md). Only a proven site's checkout drive ever sends it, to the
 * ACP checkout the site's own discovery document declares. 404 for a site that is not the caller's.
 */
export async function putAcpCredential(
  caller: Pick<Caller, 'accountId'>,
  siteId: string,
  request: { token: string },
  deps: Parts,
): Promise<{ acpCredential: AcpCredentialView }> {
  const site = await ownSite(caller, siteId, deps);
  const credential = { sealed: await deps.secretBox.seal(request.token, sealedTo(site)), setAt: isoNow(deps.clock) };
  if (!(await setAcpCredential(deps.table, site, credential))) throw notFound('Watched site not found');
  return { acpCredential: acpCredentialView({ acpCredential: credential }) };
}

/** Forgets the site's ACP token: no drive sends it again. Answers the same whether one was set or not. */
export async function deleteAcpCredential(
  caller: Pick<Caller, 'accountId'>,
  siteId: string,
  deps: Pick<Parts, 'table' | 'config'>,
): Promise<{ acpCredential: AcpCredentialView }> {
  const site = await ownSite(caller, siteId, deps);
  if (!(await setAcpCredential(deps.table, site, null))) throw notFound('Watched site not found');
  return { acpCredential: { set: false, setAt: null } };
}

/**
 * The site's ACP token, opened for one drive; undefined when none was given, or when it no longer opens (the sealing
 * key replaced): the rescan then goes on without driving ACP rather than failing the owner's whole scan.
 */
export async function openAcpCredential(site: WatchedSite, deps: Pick<Dependencies, 'logger' | 'secretBox'>): Promise<string | undefined> {
  if (!site.acpCredential) return undefined;
  try {
    return await deps.secretBox.open(site.acpCredential.sealed, sealedTo(site));
  } catch (error) {
    deps.logger.warn('The ACP token of a site does not open: its checkout drive skips ACP', { siteId: site.id, error: String(error) });
    return undefined;
  }
}
