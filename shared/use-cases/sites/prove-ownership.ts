import { ensureOwnershipToken, recordOwnershipCheck } from '#shared/db/site-ownership-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isoNow } from '#shared/model/clock.js';
import { notFound, unprocessable } from '#shared/model/errors.js';
import {
  judgeOwnership,
  newOwnershipToken,
  nextOwnership,
  ownershipFilePath,
  ownershipMetaName,
  type OwnershipCheck,
  type OwnershipStatus,
  type ProofMethod,
} from '#shared/model/sites/site-ownership.js';
import type { WatchedSite } from '#shared/model/sites/watched-site.js';
import { ownSite } from '#shared/use-cases/sites/manage-watched-sites.js';
import { readOwnershipProof } from '#shared/use-cases/sites/read-ownership-proof.js';
import { acpCredentialView, type AcpCredentialView } from '#shared/use-cases/sites/acp-credential.js';

/** A site's ownership as its owner sees it: where to put the token, and what the last check found. */
export interface OwnershipView {
  status: OwnershipStatus;
  method: ProofMethod | null;
  token: string;
  /** The tag to add to the site's page, its token included. */
  metaTag: string;
  /** The file to serve instead: this URL, with the token on a line of its own. */
  fileUrl: string;
  checkedAt: string | null;
  provenAt: string | null;
  detail: string | null;
  weeklyCheckoutDrive: boolean;
  /** Whether the owner gave the merchant's ACP token for checkout drives (PUT …/acp-credential). */
  acpCredential: AcpCredentialView;
}

type Parts = Pick<Dependencies, 'table' | 'config' | 'clock' | 'fetcher'>;

function ownershipView(site: WatchedSite, token: string, check: OwnershipCheck | undefined): OwnershipView {
  return {
    status: check?.status ?? 'unproven',
    method: check?.method ?? null,
    token,
    metaTag: `<meta name="${ownershipMetaName}" content="${token}">`,
    fileUrl: `${new URL(site.url).origin}${ownershipFilePath}`,
    checkedAt: check?.checkedAt ?? null,
    provenAt: check?.provenAt ?? null,
    detail: check?.detail ?? null,
    weeklyCheckoutDrive: site.weeklyCheckoutDrive ?? false,
    acpCredential: acpCredentialView(site),
  };
}

/** The caller's site with its token, issued on the first ask; 404 for a site that is not the caller's. */
async function siteWithToken(
  caller: Pick<Caller, 'accountId'>,
  siteId: string,
  deps: Parts,
): Promise<WatchedSite & { ownershipToken: string }> {
  const site = await ownSite(caller, siteId, deps);
  if (site.ownershipToken) return { ...site, ownershipToken: site.ownershipToken };
  const token = await ensureOwnershipToken(deps.table, caller.accountId, siteId, newOwnershipToken());
  if (token === null) throw notFound('Watched site not found');
  return { ...site, ownershipToken: token };
}

export async function getOwnership(caller: Pick<Caller, 'accountId'>, siteId: string, deps: Parts): Promise<{ ownership: OwnershipView }> {
  const site = await siteWithToken(caller, siteId, deps);
  return { ownership: ownershipView(site, site.ownershipToken, site.ownership) };
}

/** Reads the site's page and well-known file now and stores what they show; 422 with what was found when not proven. */
export async function verifyOwnership(
  caller: Pick<Caller, 'accountId'>,
  siteId: string,
  deps: Parts,
): Promise<{ ownership: OwnershipView }> {
  const site = await siteWithToken(caller, siteId, deps);
  const check = await checkOwnership(site, deps);
  if (!(await recordOwnershipCheck(deps.table, site, check))) throw notFound('Watched site not found');
  if (check.status !== 'proven') throw unprocessable(`Ownership not proven: ${check.detail}`);
  return { ownership: ownershipView(site, site.ownershipToken, check) };
}

/** A rescan checks again a site whose owner asked for a token; null for a site that never had one. */
export async function recheckOwnership(site: WatchedSite, deps: Parts): Promise<OwnershipCheck | null> {
  if (!site.ownershipToken) return null;
  const check = await checkOwnership({ ...site, ownershipToken: site.ownershipToken }, deps);
  return (await recordOwnershipCheck(deps.table, { ...site, ownershipToken: site.ownershipToken }, check)) ? check : null;
}

async function checkOwnership(site: WatchedSite & { ownershipToken: string }, deps: Parts): Promise<OwnershipCheck> {
  const { meta, file } = await readOwnershipProof(site.url, deps.fetcher);
  return nextOwnership(site.ownership ?? null, judgeOwnership(site.ownershipToken, meta, file), isoNow(deps.clock));
}
