import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ensureAccount, getAccount } from '#shared/db/accounts.js';
import { listApiKeys } from '#shared/db/api-keys.js';
import { dynamoRateSlotStore } from '#shared/db/rate-limits.js';
import { consumeRateLimit } from '#shared/domain/rate-limiter.js';
import { runJobOnce } from '#shared/db/job-leases.js';
import { keys } from '#shared/db/keys.js';
import { consumeSignInToken, getSignInToken, putSignInToken } from '#shared/db/sign-in-tokens.js';
import type { Dependencies } from '#shared/dependencies.js';
import { newAccount } from '#shared/domain/accounts/account.js';
import { toApiKeyInfo, type ApiKeyInfo } from '#shared/domain/accounts/api-key-info.js';
import { issueKey } from '#shared/domain/accounts/issue-key.js';
import { generateSignInToken, isWellFormedSignInToken, secretDigest } from '#shared/domain/accounts/secret-format.js';
import { isoNow } from '#shared/domain/clock.js';
import { AppError, invalidInput } from '#shared/domain/errors.js';
import { signInMail } from '#shared/domain/mail/sign-in-mail.js';
import { allowanceFor } from '#shared/domain/plans.js';
import { scopes } from '#shared/domain/scopes.js';

export const SignInMailJob = z.object({ kind: z.literal('sign-in'), jobId: z.uuid(), email: z.string().min(3).max(254) });
export type SignInMailJob = z.infer<typeof SignInMailJob>;

export const registerAccepted = {
  message: 'If the address can receive mail, a sign-in link is on its way. It is valid for a short time and works once.',
};

const mailJobRetentionSeconds = 86_400;
/** The mail sender's time-out (lib/function-catalog.ts): a job still marked running after it was abandoned. */
const mailJobLeaseSeconds = 60;
const maxAttempts = 5;

/**
 * POST /api/v1/auth/register. The same work for every address, known or not: the account is found or
 * created, and the mail sent, by the mail worker. So the response cannot tell them apart, not even by time.
 */
export async function requestSignIn(email: string, deps: Dependencies): Promise<typeof registerAccepted> {
  const job: SignInMailJob = { kind: 'sign-in', jobId: randomUUID(), email };
  await deps.queue.send('mail', job);
  return registerAccepted;
}

/**
 * The mail worker's part: find or create the account, store a fresh token's digest, mail the link.
 * The job is marked as running before anything is sent, so a redelivered message sends nothing twice
 * (a delivery that finds it running elsewhere fails, and SQS offers it again later); an address gets
 * at most SIGN_IN_MAILS_PER_HOUR_PER_ADDRESS.
 */
export async function sendSignInMail(job: SignInMailJob, deps: Dependencies): Promise<'sent' | 'duplicate' | 'throttled'> {
  const { db, config, clock } = deps;
  const jobKey = keys.signInMailJob(job.jobId);
  const run = await runJobOnce(
    db,
    config.tableName,
    jobKey,
    { nowSeconds: Math.floor(clock.now() / 1000), leaseSeconds: mailJobLeaseSeconds, retentionSeconds: mailJobRetentionSeconds },
    () => mailSignInLink(job, deps),
  );
  if (run.kind === 'in_progress') throw new Error(`Sign-in mail job ${job.jobId} is being sent by another delivery`);
  return run.kind === 'done' ? 'duplicate' : run.result;
}

async function mailSignInLink(job: SignInMailJob, deps: Dependencies): Promise<'sent' | 'throttled'> {
  const { db, config, clock } = deps;
  const throttle = await consumeRateLimit(dynamoRateSlotStore(db, config.tableName), {
    rule: 'sign-in-mail',
    subject: job.email,
    limit: config.signInMailsPerHourPerAddress,
    windowSeconds: 3_600,
    now: clock.now(),
  });
  if (!throttle.allowed) return 'throttled';

  const { accountId } = await ensureAccount(db, config.tableName, newAccount(randomUUID(), job.email, isoNow(clock)));
  const account = await getAccount(db, config.tableName, accountId);
  if (!account) throw new Error(`Account ${accountId} vanished while sending its sign-in mail`);
  const keyLimit = allowanceFor(account.tier, config).apiKeysMax;
  const oldest = account.keyCount >= keyLimit ? (await listApiKeys(db, config.tableName, accountId))[0] : undefined;

  const token = generateSignInToken();
  const nowSeconds = Math.floor(clock.now() / 1000);
  await putSignInToken(db, config.tableName, secretDigest(token, await deps.keyPepper()), {
    accountId,
    expiresAt: nowSeconds + config.signInLinkValidityMinutes * 60,
  });
  const link = new URL('/api/v1/auth/verify', config.publicBaseUrl);
  link.searchParams.set('token', token);
  const mail = signInMail({
    link: link.toString(),
    expiresInMinutes: config.signInLinkValidityMinutes,
    keyLimit,
    replacesKey: oldest ? { label: oldest.label, keyPrefix: oldest.keyPrefix } : null,
  });
  await deps.mailer.send({ to: job.email, ...mail });
  return 'sent';
}

export interface SignInResult {
  apiKey: string;
  key: ApiKeyInfo;
  replacedKeyId: string | null;
  message: string;
}

const unusableLink = () => invalidInput('This sign-in link is invalid, used or expired; request a new one');

/**
 * POST /api/v1/auth/verify: exchanges a token for a new key carrying every scope. The token is deleted in
 * the transaction that writes the key, so one token yields one key however many requests race.
 */
export async function completeSignIn(token: string, deps: Dependencies): Promise<SignInResult> {
  if (!isWellFormedSignInToken(token)) throw unusableLink();
  const { db, config, clock } = deps;
  const digest = secretDigest(token, await deps.keyPepper());
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const nowSeconds = Math.floor(clock.now() / 1000);
    const stored = await getSignInToken(db, config.tableName, digest, nowSeconds);
    const account = stored ? await getAccount(db, config.tableName, stored.accountId) : null;
    if (!account) throw unusableLink();
    const outcome = await issueKey(
      account,
      {
        label: `Sign-in ${isoNow(clock).slice(0, 16).replace('T', ' ')} UTC`,
        scopes,
        replaceOldestAtLimit: true,
        preconditions: [consumeSignInToken(config.tableName, digest, nowSeconds)],
      },
      deps,
    );
    if (outcome.kind === 'precondition_failed') throw unusableLink();
    if (outcome.kind === 'issued') {
      const replaced = outcome.replaced;
      return {
        apiKey: outcome.fullKey,
        key: toApiKeyInfo(outcome.key),
        replacedKeyId: replaced?.id ?? null,
        message: replaced
          ? `Your plan allows ${allowanceFor(account.tier, config).apiKeysMax} API key(s): the oldest key "${replaced.label}" (${replaced.keyPrefix}) was revoked and replaced by this one. Store this key now; it is shown only once.`
          : 'Store this key now; it is shown only once.',
      };
    }
  }
  throw new AppError('unavailable', 'Could not complete the sign-in; try the link again');
}
