import { createHash } from 'node:crypto';
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
