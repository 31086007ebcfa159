import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { describe, expect, inject, it } from 'vitest';
import type { MailMessage } from '#shared/adapters/mailer.js';
import { loadConfig } from '#shared/config.js';
import { createDependencies } from '#shared/dependencies.js';
import { sendSignInMail } from '#shared/domain/accounts/sign-in.js';
import { itemsWhere, uniqueEmail } from '../support/accounts.js';

/** The mail worker's rules against DynamoDB Local, with the mail captured instead of sent. */
function workerDependencies() {
  const sent: MailMessage[] = [];
  const config = loadConfig({
    DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: inject('awsRegion'),
    KEY_PEPPER: 'integration-pepper-0123456789abcdefghij',
    PUBLIC_BASE_URL: 'https://readiness.example.com/base/ignored',
  });
  const deps = createDependencies(config, { mailer: { send: async (message) => void sent.push(message) }, logger: new Logger({ logLevel: 'SILENT' }) });
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

  it('mails one address at most 5 times an hour, whoever asks', async () => {
    const { deps, sent } = workerDependencies();
    const email = uniqueEmail('flood');
    const outcomes = [];
    for (let index = 0; index < 7; index += 1) outcomes.push(await sendSignInMail({ kind: 'sign-in', jobId: randomUUID(), email }, deps));
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'throttled', 'throttled']);
    expect(sent).toHaveLength(5);
  });
});
