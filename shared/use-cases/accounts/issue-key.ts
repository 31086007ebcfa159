import { randomUUID } from 'node:crypto';
import { insertApiKey, type InsertOutcome } from '#shared/db/api-key-store.js';
import type { StoredApiKey } from '#shared/model/accounts/api-key.js';
import type { TransactItem } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import { generateApiKey, maskApiKey, secretDigest } from '#shared/model/accounts/secret-format.js';
import { isoNow } from '#shared/model/clock.js';
import { allowanceFor } from '#shared/model/plans.js';
import type { Scope } from '#shared/model/scopes.js';

export interface KeyRequest {
  label: string;
  scopes: readonly Scope[];
  /**
   * Rotation: this key is deleted in the same transaction, so the count stays. Only an explicit rotation
   * passes one; nothing else (signing in included) ever revokes a key.
   */
  replacing?: StoredApiKey;
  /** Items that must hold for the key to be issued, written in the same transaction. */
  preconditions?: TransactItem[];
}

export type IssueOutcome =
  { kind: 'issued'; fullKey: string; key: StoredApiKey } | { kind: 'retry' | Exclude<InsertOutcome, 'inserted' | 'conflict'> };

/** One attempt at issuing a key for an account as it was read; the caller re-reads and retries on 'retry'. */
export async function issueKey(
  account: Account,
  request: KeyRequest,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<IssueOutcome> {
  const { table, config } = deps;
  const keyLimit = allowanceFor(account.tier, config).apiKeysMax;
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
  const outcome = await insertApiKey(table, key, {
    keyLimit,
    ...(request.replacing ? { replacing: request.replacing } : {}),
    ...(request.preconditions ? { preconditions: request.preconditions } : {}),
  });
  switch (outcome) {
    case 'inserted':
      return { kind: 'issued', fullKey, key };
    case 'limit_reached':
    case 'precondition_failed':
    case 'replaced_key_gone':
      return { kind: outcome };
    case 'conflict':
      return { kind: 'retry' };
  }
}
