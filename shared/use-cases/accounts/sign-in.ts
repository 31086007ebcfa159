import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { runJobOnce } from '#shared/db/job-lease-store.js';
import { signInMailJobKey } from '#shared/db/sign-in-mail-ledger-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { admitSignInMailTo } from '#shared/use-cases/accounts/sign-in-mail-admission.js';
import { signInMail } from '#shared/model/mail/sign-in-mail.js';
import { workerTimeoutSeconds } from '#shared/model/worker-timeouts.js';

export const SignInMailJob = z.object({ kind: z.literal('sign-in'), jobId: z.uuid(), email: z.string().min(3).max(254) });
export type SignInMailJob = z.infer<typeof SignInMailJob>;

export const registerAccepted = {
  message: 'If the address can receive mail, a sign-in link is on its way. It is valid for a short time and works once.',
};

const mailJobRetentionSeconds = 86_400;
/** The mail sender's time-out: a job still marked running after it was abandoned. */
const mailJobLeaseSeconds = workerTimeoutSeconds.mailSender;

/**
 * POST /api/v1/auth/register. The same work for every address, known or not: the account is found or
 * created, and the mail sent, by the mail worker. So the response cannot tell them apart, not even by time.
 */
export async function requestSignIn(email: string, deps: Pick<Dependencies, 'queue'>): Promise<typeof registerAccepted> {
  const job: SignInMailJob = { kind: 'sign-in', jobId: randomUUID(), email };
  await deps.queue.send('mail', job);
  return registerAccepted;
}

/**
 * The mail worker's part: find or create the account, store a fresh token's digest, mail the link.
 * The job is marked as running before anything is sent, so a redelivered message sends nothing twice
 * (a delivery that finds it running elsewhere fails, and SQS offers it again later). Whether a mail
 * goes out at all is sign-in-mail-admission.ts's decision (per-mailbox caps).
 */
export async function sendSignInMail(
  job: SignInMailJob,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'mailer' | 'keyPepper'>,
): Promise<'sent' | 'duplicate' | 'throttled' | 'capped'> {
  const { table, clock } = deps;
  const jobKey = signInMailJobKey(job.jobId);
  const run = await runJobOnce(
    table,
    jobKey,
    { nowSeconds: Math.floor(clock.now() / 1000), leaseSeconds: mailJobLeaseSeconds, retentionSeconds: mailJobRetentionSeconds },
    () => mailSignInLink(job, deps),
  );
  if (run.kind === 'in_progress') throw new Error(`Sign-in mail job ${job.jobId} is being sent by another delivery`);
  return run.kind === 'done' ? 'duplicate' : run.result;
}

async function mailSignInLink(
  job: SignInMailJob,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'mailer' | 'keyPepper'>,
): Promise<'sent' | 'throttled' | 'capped'> {
  const { config } = deps;
  const admission = await admitSignInMailTo(job.email, deps);
  if (admission.kind !== 'admitted') return admission.kind;
  const { token } = admission;

  const link = new URL('/api/v1/auth/verify', config.publicBaseUrl);
  link.searchParams.set('token', token);
  const mail = signInMail({
    link: link.toString(),
    expiresInMinutes: config.signInLinkValidityMinutes,
    sessionHours: config.dashboardSessionHours,
    ...(admission.capping ? { lastLinkUntil: new Date(admission.linkExpiresAt).toISOString() } : {}),
  });
  try {
    await deps.mailer.send({ to: admission.to, ...mail });
  } catch (error) {
    // Best effort: the send's own error is what the queue needs to see.
    await admission.withdraw().catch(() => undefined);
    throw error;
  }
  return 'sent';
}
