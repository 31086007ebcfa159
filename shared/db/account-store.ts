import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '#shared/db/conditional-write.js';
import { claimMailboxMarker, emailMarkerItem, emailMarkerKey } from '#shared/db/mailbox-marker-store.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { Account } from '#shared/model/accounts/account.js';
import { withGraceApplied } from '#shared/model/billing/past-due.js';
import {
  stepAfterCountRefused,
  stepAfterOpenRefused,
  tiersAllowingOne,
  type AllowanceCounter,
  type TierLimits,
} from '#shared/model/accounts/allowance.js';
import type { ItemKey, Table } from '#shared/db/table.js';

export const accountKey = (accountId: string): ItemKey => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' });

const maxAttempts = 5;

export function toAccount(item: Record<string, unknown>): Account {
  const { pk: _pk, sk: _sk, type: _type, ...account } = item;
  // Accounts written before billing have no billing attributes. A past-due tier past its grace reads as free.
  return withGraceApplied(
    { customerId: null, subscriptionId: null, subscriptionSyncedAt: null, ...account } as unknown as Account,
    Date.now(),
  );
}

export async function getAccount(table: Table, accountId: string): Promise<Account | null> {
  const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: accountKey(accountId), ConsistentRead: true }));
  return Item ? toAccount(Item) : null;
}

async function accountIdAtMarker(table: Table, mailboxOrAddress: string): Promise<string | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: emailMarkerKey(mailboxOrAddress), ConsistentRead: true }),
  );
  return (Item?.accountId as string | undefined) ?? null;
}

/**
 * The account an address signs in to: the one made with exactly this address before accounts were
 * kept per mailbox, else the mailbox's. An older account found by its exact address also takes the
 * mailbox's marker when that is still free, so the address's other spellings reach it from then on.
 */
export async function findAccountId(table: Table, address: string, mailbox: string): Promise<string | null> {
  const exact = await accountIdAtMarker(table, address);
  if (exact && address !== mailbox) await claimMailboxMarker(table, mailbox, exact);
  if (exact || address === mailbox) return exact;
  return accountIdAtMarker(table, mailbox);
}

/**
 * The account of a mailbox (email.ts `mailboxOf`), created when new with the address as typed. The
 * account and the mailbox's marker are written in one transaction conditional on the marker not
 * existing, so racing registrations of any spellings of one mailbox create one account.
 */
export async function ensureAccount(table: Table, candidate: Account, mailbox: string): Promise<{ accountId: string; created: boolean }> {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const existing = await findAccountId(table, candidate.email, mailbox);
    if (existing) return { accountId: existing, created: false };
    const cancelled = await writeTransaction(table.client, [
      { Put: { TableName: table.name, Item: emailMarkerItem(mailbox, candidate.id), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: table.name,
          Item: { ...accountKey(candidate.id), type: 'Account', ...candidate },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    if (!cancelled) return { accountId: candidate.id, created: true };
    // The marker appeared meanwhile (another registration won) or the transactions collided: read again.
  }
  throw new Error('Could not create or find the account after repeated conflicts');
}

export type AllowanceOutcome = { kind: 'counted'; account: Account } | { kind: 'exhausted'; account: Account } | { kind: 'no_account' };

/**
 * The account's tier allows one more use: `#count` (or the named count) below that tier's limit. A paid
 * tier whose past-due grace has ended (`graceEndsAt`, past-due.ts) counts as free, as toAccount reads it.
 */
export function tierClauses(
  limits: TierLimits,
  countingFromZero: boolean,
  count = '#count',
): { expression: string; values: Record<string, unknown> } {
  const clauses: string[] = [];
  const values: Record<string, unknown> = { ':grace_now': Date.now() };
  for (const { tier, below } of tiersAllowingOne(limits, countingFromZero)) {
    values[`:tier_${tier}`] = tier;
    const isTier =
      tier === 'free'
        ? `(#tier = :tier_${tier} OR graceEndsAt <= :grace_now)`
        : `(#tier = :tier_${tier} AND (attribute_not_exists(graceEndsAt) OR graceEndsAt > :grace_now))`;
    if (below === null) {
      clauses.push(isTier);
    } else {
      const limitName = `:limit_${tier}_${count.slice(1)}`;
      values[limitName] = below;
      clauses.push(`(${isTier} AND ${count} < ${limitName})`);
    }
  }
  if (clauses.length === 0) return { expression: '#tier = :no_tier', values: { ':no_tier': '' } };
  return { expression: `(${clauses.join(' OR ')})`, values };
}

/**
 * Counts one use against a per-window allowance held on the account item, in one conditional update:
 * the condition compares the count with the limit of the account's own tier, so concurrent requests
 * can never exceed it and no read comes first. A new window restarts the count at 1.
 */
export async function consumeAllowance(
  table: Table,
  request: { accountId: string; counter: AllowanceCounter; windowId: string; limits: TierLimits },
): Promise<AllowanceOutcome> {
  const names = { '#tier': 'tier', '#count': request.counter.count, '#window': request.counter.window };
  const key = accountKey(request.accountId);
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const sameWindow = tierClauses(request.limits, false);
    try {
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: `#window = :window AND ${sameWindow.expression}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':one': 1, ':window': request.windowId, ...sameWindow.values },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { kind: 'counted', account: toAccount(Attributes!) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const current = await getAccount(table, request.accountId);
    if (!current) return { kind: 'no_account' };
    const step = stepAfterCountRefused(current, request);
    if (step === 'exhausted') return { kind: 'exhausted', account: current };
    if (step === 'count_again') continue;
    const newWindow = tierClauses(request.limits, true);
    try {
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: key,
          UpdateExpression: 'SET #window = :window, #count = :one',
          ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(#window) OR #window <> :window) AND ${newWindow.expression}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':one': 1, ':window': request.windowId, ...newWindow.values },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { kind: 'counted', account: toAccount(Attributes!) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Either another request opened the window first (count again) or the tier allows nothing.
      const latest = await getAccount(table, request.accountId);
      if (!latest) return { kind: 'no_account' };
      if (stepAfterOpenRefused(latest, request) === 'exhausted') return { kind: 'exhausted', account: latest };
    }
  }
  throw new Error('Usage counter kept conflicting');
}

/**
 * Gives back one use counted in `windowId` (a scan that failed on the target's side); nothing when the
 * window has moved on since, or the count is already 0. True when it gave one back.
 */
export function returnAllowance(
  table: Table,
  request: { accountId: string; counter: AllowanceCounter; windowId: string },
): Promise<boolean> {
  return conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: accountKey(request.accountId),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#window = :window AND #count > :zero',
        ExpressionAttributeNames: { '#count': request.counter.count, '#window': request.counter.window },
        ExpressionAttributeValues: { ':minusOne': -1, ':window': request.windowId, ':zero': 0 },
      }),
    ),
  );
}
