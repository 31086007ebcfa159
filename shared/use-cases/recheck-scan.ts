import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { RecheckResult } from '#shared/model/scans/recheck-result.js';
import { checksToFix, recheckChecks } from '#shared/scanner/recheck.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import { countScan, refundScan } from '#shared/use-cases/accounts/usage.js';
import { getAccountScan } from '#shared/use-cases/scan-results.js';
import { checkScanTarget, isTargetFailure, scanFailure, scanRunOptions } from '#shared/use-cases/scans.js';

/**
 * POST /api/v1/scan/{id}/recheck: judges the given checks (by default those the scan warned about or
 * failed) again on the caller's own scan's pages, fetching only what they read. Counts as one scan,
 * refunded when the site fails as a failed scan is; the stored result stays as it was
 * (docs/decisions/089-recheck-a-fix.md). It runs at the caller's tier now, not the scan's. `checks` come as `recheckRequest` accepts them: known ids, each once.
 */
export async function recheckScan(
  scanId: string,
  checks: string[] | undefined,
  caller: Caller,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'fetcher' | 'lookup' | 'markupCache' | 'webBotAuthKey'>,
): Promise<RecheckResult> {
  const started = deps.clock.now();
  const stored = await getAccountScan(scanId, caller, deps);
  const checkIds = checks ?? checksToFix(stored);
  if (checkIds.length === 0)
    return { scanId: stored.id, url: stored.url, checkedAt: new Date(started).toISOString(), pages: [], checks: [] };

  await checkScanTarget(stored.url, deps);
  const account = await countScan(caller.accountId, deps);
  try {
    // The caller's tier now, not the scan's: a downgraded account re-checks with its new page budget.
    return await recheckChecks(stored, checkIds, { tier: caller.tier, ...(await scanRunOptions(caller.tier, deps, started)) });
  } catch (error) {
    const failure = error instanceof ScanError ? scanFailure(error) : error;
    if (isTargetFailure(failure)) await refundScan(account, deps);
    throw failure;
  }
}
