import { getScan, listOwnedScans } from '#shared/db/scan-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { invalidInput, notFound } from '#shared/model/errors.js';
import type { ScanResult } from '#shared/scanner/engine.js';

/*
 * Reading stored scan results. Apart from running scans (scans.ts) so that the functions that only
 * read them (web pages, result lookups) do not load the scanner.
 */

/** GET /api/results/{id}: public results only; an account's scans are not readable here. */
export async function getPublicResult(id: string, deps: Pick<Dependencies, 'table' | 'clock'>): Promise<ScanResult> {
  const stored = await getScan(deps.table, id, deps.clock.now());
  if (!stored || stored.ownerId !== null) throw notFound('Result not found or expired');
  return stored.result;
}

/** GET /api/v1/scan/{id}: the caller's own scans only; anyone else's, or a public one, is not found. */
export async function getAccountScan(id: string, caller: Caller, deps: Pick<Dependencies, 'table' | 'clock'>): Promise<ScanResult> {
  const stored = await getScan(deps.table, id, deps.clock.now());
  if (!stored || stored.ownerId !== caller.accountId) throw notFound('Scan not found');
  return stored.result;
}

/** Well under the 6 MB a Lambda response may carry, whatever the client's Accept-Encoding. */
export const listPageMaxJsonBytes = 4 * 1024 * 1024;

/**
 * GET /api/v1/scans: newest first; `total` is the account's exact scan count. Pages by `offset` (capped)
 * or by the `nextCursor` of the previous page, not both. A page holds at most 4 MiB of results: a
 * shorter page than `limit` with a nextCursor means more follow.
 */
export async function listAccountScans(
  caller: Caller,
  page: { limit: number; offset: number; cursor?: string | undefined },
  deps: Pick<Dependencies, 'table'>,
): Promise<{ scans: ScanResult[]; total: number; limit: number; offset: number; nextCursor: string | null }> {
  if (page.cursor !== undefined && page.offset > 0) throw invalidInput('Page by offset or by cursor, not both');
  const { scans, nextCursor } = await listOwnedScans(deps.table, caller.accountId, {
    ...page,
    maxJsonBytes: listPageMaxJsonBytes,
  });
  return { scans, total: caller.account.scanCount, limit: page.limit, offset: page.offset, nextCursor };
}
