import { getAccount } from '#shared/db/account-store.js';
import { deleteApiKey, findApiKey, listApiKeys } from '#shared/db/api-key-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { toApiKeyInfo, type ApiKeyInfo } from '#shared/model/accounts/api-key-info.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { issueKey } from '#shared/use-cases/accounts/issue-key.js';
import { AppError, conflict, forbidden, notFound } from '#shared/model/errors.js';
import { allowanceFor } from '#shared/model/plans.js';
import { defaultScopes, scopesBeyond, type Scope } from '#shared/model/scopes.js';

const maxAttempts = 5;

export async function listKeys(
  caller: Caller,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<{ keys: ApiKeyInfo[]; keyLimit: number; keysUsed: number }> {
  const keys = await listApiKeys(deps.table, caller.accountId);
  return { keys: keys.map(toApiKeyInfo), keyLimit: allowanceFor(caller.tier, deps.config).apiKeysMax, keysUsed: keys.length };
}

/** A new key, shown once. The limit is checked in the same transaction that writes the key. */
export async function createKey(
  caller: Caller,
  request: { label: string; scopes?: Scope[] | undefined },
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<{ key: ApiKeyInfo; fullKey: string }> {
  const scopes = request.scopes ? [...new Set(request.scopes)] : defaultScopes;
  const beyond = scopesBeyond(caller.scopes, scopes);
  if (beyond.length > 0) {
    throw forbidden(
      `This API key lacks the scope${beyond.length === 1 ? '' : 's'} ${beyond.join(', ')}; a key can only grant scopes it holds itself`,
    );
  }
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const account = attempt === 0 ? caller.account : await getAccount(deps.table, caller.accountId);
    if (!account) throw notFound('Account not found');
    const outcome = await issueKey(account, { label: request.label, scopes }, deps);
    if (outcome.kind === 'issued') return { key: toApiKeyInfo(outcome.key), fullKey: outcome.fullKey };
    if (outcome.kind === 'limit_reached') {
      const limit = allowanceFor(account.tier, deps.config).apiKeysMax;
      throw forbidden(`API key limit reached: the ${account.tier} plan allows ${limit} key${limit === 1 ? '' : 's'}; revoke one first`);
    }
  }
  throw new AppError('unavailable', 'Could not create the key; try again');
}

/** Revokes (deletes) a key of the caller's account; never the key making the request (a dashboard session uses none). */
export async function revokeKey(
  caller: Caller,
  keyId: string,
  deps: Pick<Dependencies, 'table'>,
): Promise<{ revoked: boolean; id: string }> {
  if (caller.keyId !== null && keyId === caller.keyId)
    throw conflict('The API key used for this request cannot be revoked; use another key');
  const key = await findApiKey(deps.table, caller.accountId, keyId);
  if (!key) throw notFound('API key not found');
  const revoked = await deleteApiKey(deps.table, key);
  if (!revoked) throw notFound('API key not found');
  return { revoked: true, id: keyId };
}

/**
 * Rotates a key of the caller's account: its replacement (same label and scopes) is written and the key
 * deleted in one transaction, so the account never holds more keys than its limit, nor none in between.
 * This is the only way a key is replaced; the key making the request may rotate itself (the answer
 * carries its successor), which is how an account at a one-key limit gets a fresh key without a second.
 */
export async function rotateKey(
  caller: Caller,
  keyId: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<{ key: ApiKeyInfo; fullKey: string; replacedKeyId: string }> {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const key = await findApiKey(deps.table, caller.accountId, keyId);
    if (!key) throw notFound('API key not found');
    const beyond = scopesBeyond(caller.scopes, key.scopes);
    if (beyond.length > 0)
      throw forbidden(`This API key lacks the scope${beyond.length === 1 ? '' : 's'} ${beyond.join(', ')} of the key to rotate`);
    const account = attempt === 0 ? caller.account : await getAccount(deps.table, caller.accountId);
    if (!account) throw notFound('Account not found');
    const outcome = await issueKey(account, { label: key.label, scopes: key.scopes, replacing: key }, deps);
    if (outcome.kind === 'issued') return { key: toApiKeyInfo(outcome.key), fullKey: outcome.fullKey, replacedKeyId: key.id };
    // Revoked or rotated by another request meanwhile: the next read finds it gone (404).
  }
  throw new AppError('unavailable', 'Could not rotate the key; try again');
}
