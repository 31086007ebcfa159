import { noSubscription, type Account } from '#shared/model/accounts/account.js';

const dayMs = 86_400_000;

/** When a subscription first seen past due at `pastDueSince` (epoch ms) stops granting its tier. */
export function graceEndOf(pastDueSince: number, graceDays: number): number {
  return pastDueSince + graceDays * dayMs;
}

/** The grace period of a past-due subscription is over: the account counts as free. */
export function graceLapsed(account: Pick<Account, 'graceEndsAt'>, now: number): boolean {
  return typeof account.graceEndsAt === 'number' && now >= account.graceEndsAt;
}

/**
 * The account as it stands at `now` (docs/decisions/042-past-due-grace.md): the stored paid tier of a
 * past-due subscription holds until its grace end, then the account reads as free without anything
 * being written, so no scheduler is needed and a late or lost event cannot keep the tier. The
 * subscription and customer stay linked, so paying the invoice in the portal restores the tier.
 */
export function withGraceApplied(account: Account, now: number): Account {
  return graceLapsed(account, now) ? { ...account, tier: 'free', subscription: noSubscription } : account;
}
