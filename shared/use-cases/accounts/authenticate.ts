import { getApiKeyByDigest, touchApiKey } from '#shared/db/api-key-store.js';
import type { StoredApiKey } from '#shared/model/accounts/api-key.js';
import { getAccount } from '#shared/db/account-store.js';
import { getSessionByDigest } from '#shared/db/dashboard-session-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Account } from '#shared/model/accounts/account.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { isWellFormedApiKey, isWellFormedSessionToken, secretDigest, sessionTokenPrefix } from '#shared/model/accounts/secret-format.js';
import { countApiCall } from '#shared/use-cases/accounts/usage.js';
import { AppError, forbidden } from '#shared/model/errors.js';
import { scopes as everyScope, type Scope } from '#shared/model/scopes.js';

const lastUsedResolutionMs = 60_000;

const missingKey = () => new AppError('unauthorized', 'Missing API key: send the header "Authorization: Bearer <API_KEY>"');
const invalidKey = () =>
  new AppError('unauthorized', 'Invalid API key', {
    challenge: 'Bearer realm="api", error="invalid_token", error_description="The API key is invalid or revoked"',
  });
const invalidSession = () =>
  new AppError('unauthorized', 'Invalid or expired dashboard session: sign in again', {
    challenge: 'Bearer realm="api", error="invalid_token", error_description="The dashboard session is invalid, ended or expired"',
  });
const sessionNotAccepted = () =>
  new AppError('unauthorized', 'A dashboard session is not an API key: this endpoint needs "Authorization: Bearer <API_KEY>"', {
    challenge:
      'Bearer realm="api", error="invalid_token", error_description="Dashboard sessions are accepted by the dashboard routes only"',
  });
const sessionOnly = () =>
  new AppError(
    'unauthorized',
    'This endpoint ends a dashboard session: send the session token; an API key is revoked with DELETE /api/v1/account/api-keys/{id}',
    {
      challenge: 'Bearer realm="api", error="invalid_token", error_description="This endpoint takes a dashboard session"',
    },
  );

/** What a route says about credentials (shared/http/route-types.ts). */
export interface RouteAuth {
  scope?: Scope | undefined;
  metered?: false | undefined;
  session?: 'accepted' | 'only' | undefined;
}

function bearerToken(authorization: string | undefined): string {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw missingKey();
  return match[1]!;
}

/** The stored key behind an Authorization header: one GetItem, after a checksum test that needs no read. */
export async function authenticate(
  authorization: string | undefined,
  deps: Pick<Dependencies, 'table' | 'keyPepper'>,
): Promise<StoredApiKey> {
  const presented = bearerToken(authorization);
  if (!isWellFormedApiKey(presented)) throw invalidKey();
  const key = await getApiKeyByDigest(deps.table, secretDigest(presented, await deps.keyPepper()));
  if (!key) throw invalidKey();
  return key;
}

/**
 * Authenticates, checks the route's scope, and counts a metered call against the monthly allowance
 * (which also reads the account); an unmetered call reads the account only. lastUsedAt is written at
 * most once a minute per key. A dashboard session is taken only where the route says so.
 */
export async function authorize(
  authorization: string | undefined,
  route: RouteAuth,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<Caller> {
  const presented = bearerToken(authorization);
  if (presented.startsWith(sessionTokenPrefix)) return authorizeSession(presented, route, deps);
  if (route.session === 'only') throw sessionOnly();
  const { scope } = route;
  const key = await authenticate(authorization, deps);
  if (scope && !key.scopes.includes(scope)) throw forbidden(`This API key lacks the scope ${scope}`);
  const now = deps.clock.now();
  const touched = key.lastUsedAt === null || Date.parse(key.lastUsedAt) <= now - lastUsedResolutionMs;
  const [account] = await Promise.all([
    route.metered === false ? accountOf(key.accountId, deps, invalidKey) : countApiCall(key.accountId, deps),
    touched
      ? touchApiKey(deps.table, key.digest, new Date(now).toISOString(), new Date(now - lastUsedResolutionMs).toISOString())
      : undefined,
  ]);
  return { accountId: key.accountId, keyId: key.id, tier: account.tier, scopes: key.scopes, account };
}

/**
 * A dashboard session: refused before any read on a route that does not take one; otherwise one GetItem
 * of the session and one of the account. It acts with every scope, but only on the dashboard's routes,
 * which are all outside the monthly allowance, so it never counts an API call.
 */
async function authorizeSession(
  presented: string,
  route: RouteAuth,
  deps: Pick<Dependencies, 'table' | 'clock' | 'keyPepper'>,
): Promise<Caller> {
  if (route.session === undefined || route.metered !== false) throw sessionNotAccepted();
  if (!isWellFormedSessionToken(presented)) throw invalidSession();
  const digest = secretDigest(presented, await deps.keyPepper());
  const session = await getSessionByDigest(deps.table, digest, Math.floor(deps.clock.now() / 1000));
  if (!session) throw invalidSession();
  const account = await accountOf(session.accountId, deps, invalidSession);
  return {
    accountId: session.accountId,
    keyId: null,
    session: { id: session.id, digest: session.digest, expiresAt: session.expiresAt },
    tier: account.tier,
    scopes: [...everyScope],
    account,
  };
}

async function accountOf(accountId: string, deps: Pick<Dependencies, 'table'>, refusal: () => AppError): Promise<Account> {
  const account = await getAccount(deps.table, accountId);
  if (!account) throw refusal();
  return account;
}
