import { getAccount } from '#shared/db/account-store.js';
import { countItemUsage, type AllowanceStep, type UsageMarks } from '#shared/db/batch-item-usage-store.js';
import { busy } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { apiCalls, requestFor, scans, type Allowance } from '#shared/use-cases/accounts/usage.js';
import { secondsUntilReset } from '#shared/model/accounts/usage-window.js';
import type { StoredBatchItem } from '#shared/model/batches/batch.js';
import { AppError, rateLimited } from '#shared/model/errors.js';

/** A claimed item: whose it is, the claim's lease, and what was counted for it before. */
export interface ItemClaim extends Pick<StoredBatchItem, 'batchId' | 'index' | 'countedCallMonth' | 'countedScanDay'> {
  accountId: string;
  leaseUntil: number;
}

export type ItemCount = { kind: 'counted'; scanDay: string } | { kind: 'claim_lost' };

const attempts = 5;

/**
 * Counts a batch item once: one API call of the month and one scan of the day, each written with its
 * mark on the item in one transaction (db/batch-item-usage.ts), and skipped when the claim shows it was
 * counted by an earlier delivery. First tried as one write assuming both windows open (the usual
 * case); otherwise planned from the account as read. Throws rate_limited when an allowance is used up:
 * with no call left nothing is counted; with calls but no scan left, the call is (as a request would be).
 */
export async function countItem(claim: ItemClaim, deps: Dependencies): Promise<ItemCount> {
  const now = deps.clock.now();
  const call = requestFor(apiCalls, now, deps);
  const scan = requestFor(scans, now, deps);
  if (claim.countedCallMonth !== undefined && claim.countedScanDay !== undefined) return { kind: 'counted', scanDay: claim.countedScanDay };
  if (claim.countedCallMonth === undefined && claim.countedScanDay === undefined) {
    const steps = [
      { request: call, windowOpen: true },
      { request: scan, windowOpen: true },
    ];
    const outcome = await countItemUsage(deps.db, deps.config.tableName, claim, steps, {
      countedCallMonth: call.windowId,
      countedScanDay: scan.windowId,
    });
    if (outcome === 'counted') return { kind: 'counted', scanDay: scan.windowId };
    if (outcome === 'item_changed') return { kind: 'claim_lost' };
  }
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const account = await getAccount(deps.db, deps.config.tableName, claim.accountId);
    if (!account) throw new AppError('unauthorized', "The batch's account no longer exists");
    const steps: AllowanceStep[] = [];
    const marks: UsageMarks = {};
    if (claim.countedCallMonth === undefined) {
      const open = account.apiCallsMonth === call.windowId;
      if (usedUp(apiCalls, account, open, deps)) throw exhausted(apiCalls, account, now, deps);
      steps.push({ request: call, windowOpen: open });
      marks.countedCallMonth = call.windowId;
    }
    let noScanLeft = false;
    if (claim.countedScanDay === undefined) {
      const open = account.scansDay === scan.windowId;
      noScanLeft = usedUp(scans, account, open, deps);
      if (!noScanLeft) {
        steps.push({ request: scan, windowOpen: open });
        marks.countedScanDay = scan.windowId;
      }
    }
    if (steps.length === 0) throw exhausted(scans, account, now, deps);
    const outcome = await countItemUsage(deps.db, deps.config.tableName, claim, steps, marks);
    if (outcome === 'item_changed') return { kind: 'claim_lost' };
    if (outcome === 'counted') {
      if (noScanLeft) throw exhausted(scans, account, now, deps);
      return { kind: 'counted', scanDay: claim.countedScanDay ?? scan.windowId };
    }
  }
  throw busy();
}

function usedUp(allowance: Allowance, account: Account, windowOpen: boolean, deps: Dependencies): boolean {
  const limit = allowance.limitOf(account.tier, deps);
  return limit !== 'unlimited' && (windowOpen ? account[allowance.counter.count] : 0) >= limit;
}

function exhausted(allowance: Allowance, account: Account, now: number, deps: Dependencies): AppError {
  const limit = allowance.limitOf(account.tier, deps);
  return rateLimited(secondsUntilReset(allowance.window, now), allowance.describe(limit === 'unlimited' ? 0 : limit, account.tier));
}
