import { createHash } from 'node:crypto';
import type { Caller } from '#shared/model/accounts/caller.js';
import { invalidInput } from '#shared/model/errors.js';

/** The request header that makes a create safe to repeat (as Stripe's): same key, same resource. */
export const idempotencyKeyHeader = 'idempotency-key';

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * The id of the resource a create with this key makes: a UUID derived from the account, the operation
 * and the key, so a repeat of the request (after a 5xx or a lost answer) names the resource the first
 * one made, if it made one, instead of making another. Null without a key (a random id is used).
 */
export function idempotentId(accountId: string, operation: string, key: string | undefined): string | null {
  if (key === undefined) return null;
  if (!keyPattern.test(key)) throw invalidInput('Idempotency-Key: 1 to 255 visible ASCII characters');
  const hex = createHash('sha256').update(`${operation}\n${accountId}\n${key}`).digest('hex');
  // Shaped as a version-4 UUID, so it passes every id check a random one does.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** How long a create's first answer is given again to a repeat with its key (Stripe keeps keys as long). */
export const idempotencyWindowHours = 24;

/**
 * The credential of a request, as stored with what a create made (`key:<API key id>` or
 * `session:<dashboard session id>`): only the same credential has the first answer again.
 */
export function credentialOf(caller: Pick<Caller, 'keyId' | 'session'>): string {
  if (caller.keyId !== null) return `key:${caller.keyId}`;
  if (caller.session) return `session:${caller.session.id}`;
  throw new Error('A caller with neither an API key nor a dashboard session');
}

/**
 * Whether a repeat of a create may have the first answer again (docs/decisions/096-idempotent-answers-per-credential.md):
 * only from the credential that made it, within idempotencyWindowHours of it. Otherwise why not: another
 * credential (also any create stored before its credential was), or too late.
 */
export function replayRefusal(
  first: { createdBy?: string | undefined; createdAt: string },
  caller: Pick<Caller, 'keyId' | 'session'>,
  nowMs: number,
): 'another_credential' | 'expired' | null {
  if (first.createdBy !== credentialOf(caller)) return 'another_credential';
  if (nowMs - Date.parse(first.createdAt) >= idempotencyWindowHours * 3_600_000) return 'expired';
  return null;
}
