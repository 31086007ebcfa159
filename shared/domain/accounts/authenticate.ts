import { getApiKeyByDigest, touchApiKey, type StoredApiKey } from '#shared/db/api-keys.js';
import { getAccount } from '#shared/db/accounts.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/domain/accounts/account.js';
import type { Caller } from '#shared/domain/accounts/caller.js';
import { isWellFormedApiKey, secretDigest } from '#shared/domain/accounts/secret-format.js';
import { countApiCall } from '#shared/domain/accounts/usage.js';
import { AppError, forbidden } from '#shared/domain/errors.js';
import type { Scope } from '#shared/domain/scopes.js';

const lastUsedResolutionMs = 60_000;

const missingKey = () => new AppError('unauthorized', 'Missing API key: send the header "Authorization: Bearer <API_KEY>"');
const invalidKey = () =>
  new AppError('unauthorized', 'Invalid API key', { challenge: 'Bearer realm="api", error="invalid_token", error_description="The API key is invalid or revoked"' });

function bearerToken(authorization: string | undefined): string {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw missingKey();
  return match[1]!;
}

/** The stored key behind an Authorization header: one GetItem, after a checksum test that needs no read. */
export async function authenticate(authorization: string | undefined, deps: Dependencies): Promise<StoredApiKey> {
  const presented = bearerToken(authorization);
  if (!isWellFormedApiKey(presented)) throw invalidKey();
  const key = await getApiKeyByDigest(deps.db, deps.config.tableName, secretDigest(presented, await deps.keyPepper()));
  if (!key) throw invalidKey();
  return key;
}

/**
 * Authenticates, checks the route's scope, and counts a metered call against the monthly allowance
 * (which also reads the account); an unmetered call reads the account only. lastUsedAt is written at
 * most once a minute per key.
 */
export async function authorize(
  authorization: string | undefined,
  route: { scope?: Scope | undefined; metered?: false | undefined },
  deps: Dependencies,
): Promise<Caller> {
  const { scope } = route;
  const key = await authenticate(authorization, deps);
  if (scope && !key.scopes.includes(scope)) throw forbidden(`This API key lacks the scope ${scope}`);
  const now = deps.clock.now();
  const touched = key.lastUsedAt === null || Date.parse(key.lastUsedAt) <= now - lastUsedResolutionMs;
  const [account] = await Promise.all([
    route.metered === false ? accountOf(key.accountId, deps) : countApiCall(key.accountId, deps),
    touched
      ? touchApiKey(deps.db, deps.config.tableName, key.digest, new Date(now).toISOString(), new Date(now - lastUsedResolutionMs).toISOString())
      : undefined,
  ]);
  return { accountId: key.accountId, keyId: key.id, tier: account.tier, scopes: key.scopes, account };
}

async function accountOf(accountId: string, deps: Dependencies): Promise<Account> {
  const account = await getAccount(deps.db, deps.config.tableName, accountId);
  if (!account) throw invalidKey();
  return account;
}
