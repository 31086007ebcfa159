import { getAccount } from '#shared/db/account-store.js';
import { consumeSignInToken, getSignInToken } from '#shared/db/sign-in-token-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { toApiKeyInfo, type ApiKeyInfo } from '#shared/model/accounts/api-key-info.js';
import { openSession } from '#shared/use-cases/accounts/dashboard-session.js';
import { issueKey } from '#shared/use-cases/accounts/issue-key.js';
import { isWellFormedSignInToken, secretDigest } from '#shared/model/accounts/secret-format.js';
import { isoNow } from '#shared/model/clock.js';
import { AppError, invalidInput } from '#shared/model/errors.js';
import { allowanceFor } from '#shared/model/plans.js';
import { scopes } from '#shared/model/scopes.js';
import type { Tier } from '#shared/model/tiers.js';

/** A sign-in below the key limit: a new key carrying every scope, shown once. */
export interface KeySignIn {
  kind: 'apiKey';
  apiKey: string;
  key: ApiKeyInfo;
  /** Always null: signing in never revokes a key (kept for clients of the earlier answer). */
  replacedKeyId: null;
  message: string;
}

/** A sign-in at the key limit: a dashboard session, shown once; every key keeps working. */
export interface SessionSignIn {
  kind: 'session';
  sessionToken: string;
  expiresAt: string;
  message: string;
}

export type SignInResult = KeySignIn | SessionSignIn;

const maxAttempts = 5;

/**
 * What a sign-in at the key limit says: the keys keep working, and what the session may do, which is
 * what the route table lets it (the routes marked `session: 'accepted'`; everything else needs a key).
 * test/unit/http/session-sign-in-message.test.ts holds these words to that table.
 */
export function sessionSignInMessage(at: { tier: Tier; keyLimit: number; keyCount: number; hours: number }): string {
  return (
    `Your ${at.tier} plan allows ${at.keyLimit} API key${at.keyLimit === 1 ? '' : 's'} and your account has ${at.keyCount}: ` +
    `they keep working. You are signed in to the dashboard for ${at.hours} hours. With this session you can see your account, ` +
    "manage API keys, webhooks and billing, see, change, compare or stop watching your watched sites, and read your scans' reports. " +
    'Running or reading scans through the API, batches, watching a new site or rescanning one, threshold records and MCP need an API key.'
  );
}

const unusableLink = () => invalidInput('This sign-in link is invalid, used or expired; request a new one');

/**
 * POST /api/v1/auth/verify. Below the tier's key limit the token becomes a new key; at the limit (or
 * over it, after a downgrade) it becomes a dashboard session instead, and no key is ever revoked. The
 * token is deleted in the transaction that writes the key or the session, so one token yields one of
 * them however many requests race, and racing sign-ins of one account never exceed its key limit: the
 * key's write is conditional on the account's count, and one that loses opens a session.
 */
export async function completeSignIn(
  token: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'keyPepper'>,
): Promise<SignInResult> {
  if (!isWellFormedSignInToken(token)) throw unusableLink();
  const { table, config, clock } = deps;
  const digest = secretDigest(token, await deps.keyPepper());
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const nowSeconds = Math.floor(clock.now() / 1000);
    const stored = await getSignInToken(table, digest, nowSeconds);
    const account = stored ? await getAccount(table, stored.accountId) : null;
    if (!account) throw unusableLink();
    const consume = consumeSignInToken(table, digest, nowSeconds);
    const keyLimit = allowanceFor(account.tier, config).apiKeysMax;

    if (account.keyCount < keyLimit) {
      const label = `Sign-in ${isoNow(clock).slice(0, 16).replace('T', ' ')} UTC`;
      const outcome = await issueKey(account, { label, scopes, preconditions: [consume] }, deps);
      if (outcome.kind === 'precondition_failed') throw unusableLink();
      if (outcome.kind === 'issued') {
        return {
          kind: 'apiKey',
          apiKey: outcome.fullKey,
          key: toApiKeyInfo(outcome.key),
          replacedKeyId: null,
          message: 'Store this key now; it is shown only once.',
        };
      }
      continue; // A racing sign-in took the last place: read the account again (this one opens a session).
    }

    const opened = await openSession(account, [consume], deps);
    if (opened.kind === 'precondition_failed') throw unusableLink();
    if (opened.kind === 'opened') {
      return {
        kind: 'session',
        sessionToken: opened.token,
        expiresAt: opened.expiresAt,
        message: sessionSignInMessage({ tier: account.tier, keyLimit, keyCount: account.keyCount, hours: config.dashboardSessionHours }),
      };
    }
  }
  throw new AppError('unavailable', 'Could not complete the sign-in; try the link again');
}
