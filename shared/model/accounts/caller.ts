import type { Account } from '#shared/model/accounts/account.js';
import type { Scope } from '#shared/model/scopes.js';
import type { Tier } from '#shared/model/tiers.js';

/**
 * Who an authenticated request comes from: the key used (or, on the routes that take one, a dashboard
 * session) and its account as read for this request.
 */
export interface Caller {
  accountId: string;
  /** The API key of the request; null for a dashboard session. */
  keyId: string | null;
  /** Set when the request carries a dashboard session instead of a key. */
  session?: { id: string; digest: string; expiresAt: number };
  tier: Tier;
  scopes: Scope[];
  account: Account;
}
