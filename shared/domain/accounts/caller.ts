import type { Account } from '#shared/domain/accounts/account.js';
import type { Scope } from '#shared/domain/scopes.js';
import type { Tier } from '#shared/domain/tiers.js';

/** Who an authenticated request comes from: the key used and its account as read for this request. */
export interface Caller {
  accountId: string;
  keyId: string;
  tier: Tier;
  scopes: Scope[];
  account: Account;
}
