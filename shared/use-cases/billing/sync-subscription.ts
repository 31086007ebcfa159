import { billingMetrics, countBillingMetric } from '#shared/adapters/billing/billing-metrics.js';
import { accountIdForCustomer, linkCustomer, recordRefusedSubscription, saveSubscriptionState } from '#shared/db/billing-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { graceEndOf } from '#shared/model/billing/past-due.js';
import { billingStateOf, type SubscriptionSnapshot } from '#shared/model/billing/subscription-state.js';
import { rescanAtNewDepth } from '#shared/use-cases/rescans/rescan-at-new-depth.js';

/** What a provider event (or a local page) says changed: which subscription, and for whom. */
export interface SubscriptionChange {
  subscriptionId: string | null;
  customerId: string | null;
  /** The account a checkout was started for, when the event carries it. */
  accountId: string | null;
}

export type SyncOutcome =
  | { kind: 'applied'; account: Account }
  | { kind: 'stale' }
  | { kind: 'no_subscription' }
  | { kind: 'unknown_customer'; customerId: string }
  /** A second subscription in force for an account that has one: refunded and cancelled at once. */
  | { kind: 'refused'; subscriptionId: string; heldBy: string };

type SyncDependencies = Pick<Dependencies, 'table' | 'config' | 'billing' | 'clock' | 'logger' | 'queue'>;

// A holder found ended is replaced, and the replacement can meet one more racing holder.
const maxRounds = 3;

/**
 * Brings an account up to date with its subscription as the provider holds it now. The one path for
 * every state change: Stripe's events, the local provider's pages and immediate upgrades. `readAt` is
 * when the snapshot was asked for (before the call), so of two syncs the later read wins.
 *
 * One subscription in force per account (docs/decisions/041-one-subscription-per-account.md): a
 * subscription in force for an account held by another one that the provider confirms is in force is
 * refused (its payment refunded, itself cancelled); one that replaces an ended or lapsed holder takes
 * the account, and a lapsed holder still open at the provider is cancelled.
 */
export async function syncSubscription(
  change: SubscriptionChange,
  deps: SyncDependencies,
  known?: { snapshot: SubscriptionSnapshot; readAt: number },
): Promise<SyncOutcome> {
  const readAt = known?.readAt ?? deps.clock.now();
  const snapshot = known?.snapshot ?? (change.subscriptionId ? await deps.billing.getSubscription(change.subscriptionId) : null);
  if (!snapshot) return { kind: 'no_subscription' };
  const accountId = await accountOf(snapshot.customerId, change.accountId, deps);
  if (!accountId) {
    deps.logger.warn('A subscription of a customer with no account here', {
      customerId: snapshot.customerId,
      subscriptionId: snapshot.subscriptionId,
    });
    return { kind: 'unknown_customer', customerId: snapshot.customerId };
  }
  const update = {
    state: billingStateOf(snapshot),
    subscriptionId: snapshot.subscriptionId,
    customerId: snapshot.customerId,
    syncedAt: readAt,
    graceEndsAt: snapshot.status === 'past_due' ? graceEndOf(readAt, deps.config.pastDueGraceDays) : null,
  };
  let replacing: string | null = null;
  for (let round = 0; round < maxRounds; round += 1) {
    const saved = await saveSubscriptionState(deps.table, accountId, { ...update, replacing });
    if (saved.kind === 'no_account') return { kind: 'unknown_customer', customerId: snapshot.customerId };
    if (saved.kind === 'stale') return { kind: 'stale' };
    if (saved.kind === 'saved') {
      if (saved.displaced) await retireDisplaced(saved.displaced, accountId, snapshot.subscriptionId, deps);
      // Exactly one sync sees the stored tier change: the write that made it read the old one.
      if (saved.tierBefore !== update.state.tier) await rescanAtNewDepth(accountId, update.state.tier, deps);
      return { kind: 'applied', account: saved.account };
    }
    // The table says another subscription holds the account: the provider has the last word.
    const holder = await deps.billing.getSubscription(saved.holder);
    if (holder && billingStateOf(holder).live) return refuse(snapshot, saved.holder, accountId, deps);
    replacing = saved.holder;
  }
  throw new Error(`Subscription ${snapshot.subscriptionId} could not be applied to account ${accountId}: its holder kept changing`);
}

/** Refunds and cancels a second subscription; logged and counted (an alarm watches the metric) once. */
async function refuse(snapshot: SubscriptionSnapshot, heldBy: string, accountId: string, deps: SyncDependencies): Promise<SyncOutcome> {
  const now = deps.clock.now();
  // Recorded before the refund: a refund that fails throws, and the resent event refunds again.
  const first = await recordRefusedSubscription(deps.table, {
    subscriptionId: snapshot.subscriptionId,
    accountId,
    heldBy,
    refusedAt: new Date(now).toISOString(),
  });
  await deps.billing.cancelNow(snapshot.subscriptionId, { refund: true });
  if (first) {
    deps.logger.warn('Refused a second subscription for an account that has one: its payment was refunded and it was cancelled', {
      accountId,
      subscriptionId: snapshot.subscriptionId,
      customerId: snapshot.customerId,
      tier: snapshot.tier,
      heldBy,
    });
    countBillingMetric(billingMetrics.duplicateSubscriptionRefunded, now);
  }
  return { kind: 'refused', subscriptionId: snapshot.subscriptionId, heldBy };
}

/**
 * A holder replaced because it ended or lapsed past its grace: one still open at the provider (past
 * due, unpaid) would go on retrying its invoice, so it is cancelled, without a refund (it was not paid).
 */
async function retireDisplaced(displacedId: string, accountId: string, by: string, deps: SyncDependencies): Promise<void> {
  const displaced = await deps.billing.getSubscription(displacedId);
  if (!displaced || displaced.status === 'canceled' || displaced.status === 'incomplete_expired') return;
  if (displaced.status === 'active' || displaced.status === 'trialing') {
    deps.logger.error('A subscription in force was replaced by a newer one after a race: cancel one in the Stripe dashboard', {
      accountId,
      displaced: displacedId,
      by,
    });
    return;
  }
  await deps.billing.cancelNow(displacedId, { refund: false });
  deps.logger.info('Cancelled a lapsed subscription replaced by a new one', {
    accountId,
    displaced: displacedId,
    status: displaced.status,
    by,
  });
}

/** The customer's account; a checkout's account is linked to its customer if it was not yet. */
async function accountOf(customerId: string, checkoutAccountId: string | null, deps: Pick<Dependencies, 'table'>): Promise<string | null> {
  const known = await accountIdForCustomer(deps.table, customerId);
  if (known || !checkoutAccountId) return known;
  const linked = await linkCustomer(deps.table, checkoutAccountId, customerId);
  return linked === customerId ? checkoutAccountId : null;
}
