import { randomUUID } from 'node:crypto';
import { deleteSession, putSessionItem } from '#shared/db/dashboard-session-store.js';
import { writeTransaction, type TransactItem } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { generateSessionToken, secretDigest } from '#shared/model/accounts/secret-format.js';
import { isoNow } from '#shared/model/clock.js';
import { AppError } from '#shared/model/errors.js';

export type OpenSessionOutcome = { kind: 'opened'; token: string; expiresAt: string } | { kind: 'precondition_failed' | 'retry' };

/**
 * One attempt at opening a dashboard session for an account: a random secret shown once, stored only as
 * its HMAC with a fixed lifetime (DASHBOARD_SESSION_HOURS, never extended), in one transaction with
 * `preconditions` (the sign-in token it is exchanged for). It is no API key: not counted, not listed.
 */
export async function openSession(
  account: Account,
  preconditions: TransactItem[],
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<OpenSessionOutcome> {
  const { table, config, clock } = deps;
  const token = generateSessionToken();
  const expiresAt = Math.floor(clock.now() / 1000) + config.dashboardSessionHours * 3_600;
  const session = {
    id: randomUUID(),
    digest: secretDigest(token, await deps.keyPepper()),
    accountId: account.id,
    createdAt: isoNow(clock),
    expiresAt,
  };
  const codes = await writeTransaction(table.client, [...preconditions, putSessionItem(table, session)]);
  if (!codes) return { kind: 'opened', token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  if (codes.slice(0, preconditions.length).includes('ConditionalCheckFailed')) return { kind: 'precondition_failed' };
  return { kind: 'retry' };
}

/** DELETE /api/v1/auth/session: ends the session making the request; it answers 401 from then on. */
export async function signOut(caller: Caller, deps: Pick<Dependencies, 'table'>): Promise<{ signedOut: true }> {
  if (!caller.session) throw new AppError('unauthorized', 'Only a dashboard session can be signed out');
  // Already gone (a sign-out racing this one) is the same outcome: the session no longer works.
  await deleteSession(deps.table, { digest: caller.session.digest, accountId: caller.accountId });
  return { signedOut: true };
}
