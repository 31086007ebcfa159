import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { describe, expect, inject, it } from 'vitest';
import type { MailMessage } from '#shared/adapters/mailer.js';
import { loadConfig } from '#shared/config.js';
import { claimJob } from '#shared/db/job-lease-store.js';
import { signInMailJobKey } from '#shared/db/sign-in-mail-ledger-store.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { sendSignInMail } from '#shared/use-cases/accounts/sign-in.js';
import { itemsWhere, uniqueEmail } from '../support/accounts.js';

/** The mail worker's rules against DynamoDB Local, with the mail captured instead of sent. */
function workerDependencies(options: { failSends?: number; now?: () => number } = {}) {
  const sent: MailMessage[] = [];
  let failures = options.failSends ?? 0;
  const config = loadConfig({
    DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: inject('awsRegion'),
    KEY_PEPPER: 'integration-pepper-0123456789abcdefghij',
    PUBLIC_BASE_URL: 'https://readiness.example.com/base/ignored',
  });
  const mailer = {
    send: async (message: MailMessage) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SES is having a bad day');
      }
      sent.push(message);
    },
  };
  const clock = { now: options.now ?? (() => Date.now()) };
  const deps = createDependencies(config, { mailer, clock, logger: new Logger({ logLevel: 'SILENT' }) });
  return { deps, sent };
}

describe('sign-in mail job', () => {
  it('sends nothing twice for a redelivered job', async () => {
    const { deps, sent } = workerDependencies();
    const job = { kind: 'sign-in' as const, jobId: randomUUID(), email: uniqueEmail('redelivery') };
    expect(await sendSignInMail(job, deps)).toBe('sent');
    expect(await sendSignInMail(job, deps)).toBe('duplicate');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('https://readiness.example.com/api/v1/auth/verify?token=');
    expect(await itemsWhere('Account', 'email', job.email)).toHaveLength(1);
  });

  it('sends one mail when four deliveries of one job run at once', async () => {
    const { deps, sent } = workerDependencies();
    const job = { kind: 'sign-in' as const, jobId: randomUUID(), email: uniqueEmail('concurrent') };
    const settled = await Promise.allSettled([1, 2, 3, 4].map(() => sendSignInMail(job, deps)));
    expect(sent).toHaveLength(1);
    const outcomes = settled.map((result) => (result.status === 'fulfilled' ? result.value : 'retried later'));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    // Those that found it running fail, so SQS offers them again; by then the job is done.
    expect(await sendSignInMail(job, deps)).toBe('duplicate');
    expect(sent).toHaveLength(1);
  });

  it('lets the next delivery send when sending failed', async () => {
    const { deps, sent } = workerDependencies({ failSends: 1 });
    const job = { kind: 'sign-in' as const, jobId: randomUUID(), email: uniqueEmail('retry') };
    await expect(sendSignInMail(job, deps)).rejects.toThrow('SES is having a bad day');
    expect(await sendSignInMail(job, deps)).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('takes over a job whose worker died mid-way once its lease ran out', async () => {
    let now = Date.now();
    const { deps, sent } = workerDependencies({ now: () => now });
    const job = { kind: 'sign-in' as const, jobId: randomUUID(), email: uniqueEmail('lease') };
    // A worker claimed the job and died before sending.
    await claimJob(deps.table, signInMailJobKey(job.jobId), {
      nowSeconds: Math.floor(now / 1000),
      leaseSeconds: 60,
      retentionSeconds: 86_400,
    });
    await expect(sendSignInMail(job, deps)).rejects.toThrow(/being sent by another delivery/);
    now += 61_000;
    expect(await sendSignInMail(job, deps)).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('mails one address at most 3 times in 15 minutes, whoever asks (the daily cap: sign-in-mail-caps.test.ts)', async () => {
    const { deps, sent } = workerDependencies();
    const email = uniqueEmail('flood');
    const outcomes = [];
    for (let index = 0; index < 5; index += 1) outcomes.push(await sendSignInMail({ kind: 'sign-in', jobId: randomUUID(), email }, deps));
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'throttled', 'throttled']);
    expect(sent).toHaveLength(3);
  });
});
