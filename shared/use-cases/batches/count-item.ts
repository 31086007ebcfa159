import { getAccount } from '#shared/db/account-store.js';
import { countItemUsage, type AllowanceStep, type UsageMarks } from '#shared/db/batch-item-usage-store.js';
import { busy } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { allowanceUse, limitShown } from '#shared/model/accounts/allowance.js';
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
 * mark on the item in one transaction (shared/db/batch-item-usage-store.ts), and skipped when the claim shows it was
 * counted by an earlier delivery. First tried as one write assuming both windows open (the usual
 * case); otherwise planned from the account as read. Throws rate_limited when an allowance is used up:
 * with no call left nothing is counted; with calls but no scan left, the call is (as a request would be).
 */
export async function countItem(claim: ItemClaim, deps: Pick<Dependencies, 'config' | 'table' | 'clock'>): Promise<ItemCount> {
  const now = deps.clock.now();
  const call = requestFor(apiCalls, now, deps);
  const scan = requestFor(scans, now, deps);
  if (claim.countedCallMonth !== undefined && claim.countedScanDay !== undefined) return { kind: 'counted', scanDay: claim.countedScanDay };
  if (claim.countedCallMonth === undefined && claim.countedScanDay === undefined) {
    const steps = [
      { request: call, windowOpen: true },
      { request: scan, windowOpen: true },
    ];
    const outcome = await countItemUsage(deps.table, claim, steps, {
      countedCallMonth: call.windowId,
      countedScanDay: scan.windowId,
    });
    if (outcome === 'counted') return { kind: 'counted', scanDay: scan.windowId };
    if (outcome === 'item_changed') return { kind: 'claim_lost' };
  }
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const account = await getAccount(deps.table, claim.accountId);
    if (!account) throw new AppError('unauthorized', "The batch's account no longer exists");
    const steps: AllowanceStep[] = [];
    const marks: UsageMarks = {};
    if (claim.countedCallMonth === undefined) {
      const use = allowanceUse(account, call);
      if (!use.allowsOne) throw exhausted(apiCalls, account, now, deps);
      steps.push({ request: call, windowOpen: use.windowOpen });
      marks.countedCallMonth = call.windowId;
    }
    let noScanLeft = false;
    if (claim.countedScanDay === undefined) {
      const use = allowanceUse(account, scan);
      noScanLeft = !use.allowsOne;
      if (!noScanLeft) {
        steps.push({ request: scan, windowOpen: use.windowOpen });
        marks.countedScanDay = scan.windowId;
      }
    }
    if (steps.length === 0) throw exhausted(scans, account, now, deps);
    const outcome = await countItemUsage(deps.table, claim, steps, marks);
    if (outcome === 'item_changed') return { kind: 'claim_lost' };
    if (outcome === 'counted') {
      if (noScanLeft) throw exhausted(scans, account, now, deps);
      return { kind: 'counted', scanDay: claim.countedScanDay ?? scan.windowId };
    }
  }
  throw busy();
}

function exhausted(allowance: Allowance, account: Account, now: number, deps: Pick<Dependencies, 'config'>): AppError {
  return rateLimited(
    secondsUntilReset(allowance.window, now),
    allowance.describe(limitShown(allowance.limitOf(account.tier, deps)), account.tier),
  );
}
