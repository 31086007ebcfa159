import { randomUUID } from 'node:crypto';
import { insertApiKey, listApiKeys, type InsertOutcome, type StoredApiKey } from '#shared/db/api-keys.js';
import type { TransactItem } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/domain/accounts/account.js';
import { generateApiKey, maskApiKey, secretDigest } from '#shared/domain/accounts/secret-format.js';
import { isoNow } from '#shared/domain/clock.js';
import { allowanceFor } from '#shared/domain/plans.js';
import type { Scope } from '#shared/domain/scopes.js';

export interface KeyRequest {
  label: string;
  scopes: readonly Scope[];
  /** At the tier's limit: replace the oldest key (sign-in) instead of refusing (key creation). */
  replaceOldestAtLimit: boolean;
  /** Items that must hold for the key to be issued, written in the same transaction. */
  preconditions?: TransactItem[];
}

export type IssueOutcome =
  | { kind: 'issued'; fullKey: string; key: StoredApiKey; replaced: StoredApiKey | null }
  | { kind: 'retry' | Exclude<InsertOutcome, 'inserted' | 'conflict' | 'replaced_key_gone'> };

/** One attempt at issuing a key for an account as it was read; the caller re-reads and retries on 'retry'. */
export async function issueKey(account: Account, request: KeyRequest, deps: Dependencies): Promise<IssueOutcome> {
  const { db, config } = deps;
  const keyLimit = allowanceFor(account.tier, config).apiKeysMax;
  let replacing: StoredApiKey | undefined;
  if (request.replaceOldestAtLimit && account.keyCount >= keyLimit) {
    replacing = (await listApiKeys(db, config.tableName, account.id))[0];
  }
  const fullKey = generateApiKey();
  const key: StoredApiKey = {
    id: randomUUID(),
    digest: secretDigest(fullKey, await deps.keyPepper()),
    accountId: account.id,
    label: request.label,
    keyPrefix: maskApiKey(fullKey),
    scopes: [...request.scopes],
    createdAt: isoNow(deps.clock),
    lastUsedAt: null,
  };
  const outcome = await insertApiKey(db, config.tableName, key, {
    keyLimit,
    ...(replacing ? { replacing } : {}),
    ...(request.preconditions ? { preconditions: request.preconditions } : {}),
  });
  switch (outcome) {
    case 'inserted':
      return { kind: 'issued', fullKey, key, replaced: replacing ?? null };
    case 'limit_reached':
      return { kind: request.replaceOldestAtLimit ? 'retry' : 'limit_reached' };
    case 'precondition_failed':
      return { kind: 'precondition_failed' };
    case 'replaced_key_gone':
    case 'conflict':
      return { kind: 'retry' };
  }
}
