import { getAccount } from '#shared/db/account-store.js';
import { allEmailMarkers, claimMailboxMarker } from '#shared/db/mailbox-marker-store.js';
import type { Table } from '#shared/db/table.js';
import { mailboxOf } from '#shared/model/accounts/email.js';

export interface ClaimReport {
  /** Markers of exact addresses that are not their own mailbox (accounts made before mailboxes). */
  olderMarkers: number;
  /** Mailboxes given to the oldest of their older accounts now. */
  claimed: number;
  /** Mailboxes that already had their account (a sign-in or an earlier run claimed them). */
  alreadyClaimed: number;
}

/**
 * The one-off migration to one account per mailbox (docs/decisions/008-one-account-per-mailbox.md): each
 * mailbox that only accounts made before it have gets the oldest of them, so new spellings of the
 * mailbox reach that account at once instead of at its first sign-in. Safe to run again and while the
 * service runs: every claim is conditional on the mailbox having no account yet.
 */
export async function claimMailboxes(table: Table): Promise<ClaimReport> {
  const olderByMailbox = new Map<string, string[]>();
  let olderMarkers = 0;
  for await (const { address, accountId } of allEmailMarkers(table)) {
    const mailbox = mailboxOf(address);
    if (mailbox === address) continue;
    olderMarkers += 1;
    olderByMailbox.set(mailbox, [...(olderByMailbox.get(mailbox) ?? []), accountId]);
  }
  const report: ClaimReport = { olderMarkers, claimed: 0, alreadyClaimed: 0 };
  for (const [mailbox, accountIds] of olderByMailbox) {
    const accounts = (await Promise.all(accountIds.map((id) => getAccount(table, id)))).filter((account) => account !== null);
    const oldest = accounts.sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
    if (!oldest) continue;
    if (await claimMailboxMarker(table, mailbox, oldest.id)) report.claimed += 1;
    else report.alreadyClaimed += 1;
  }
  return report;
}
