import { randomInt, randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { describe, expect, inject, it } from 'vitest';
import type { MailMessage } from '#shared/adapters/mailer.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { consumeSignInToken, getSignInToken } from '#shared/db/sign-in-token-store.js';
import { writeTransaction } from '#shared/db/transactions.js';
import type { Dependencies } from '#shared/dependencies.js';
import { secretDigest } from '#shared/model/accounts/secret-format.js';
import { sendSignInMail } from '#shared/use-cases/accounts/sign-in.js';
import { apiClient, itemsWhere, mailsTo } from '../support/accounts.js';
import { queueDrained } from '../support/queues.js';

const pepper = 'integration-pepper-0123456789abcdefghij';
const minute = 60_000;
const day = 1_440 * minute;

/** The mail worker's rules against DynamoDB Local, with the mail captured (or failing) instead of sent. */
function mailWorker(options: { failSends?: number } = {}) {
  const sent: MailMessage[] = [];
  let failures = options.failSends ?? 0;
  const config = loadConfig({
    DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: inject('awsRegion'),
    KEY_PEPPER: pepper,
    // Dozens of workers in one process on a shared machine: DynamoDB Local can take longer than the
    // deployed 2-second deadline, which is not what these tests are about.
    DYNAMODB_REQUEST_TIMEOUT_MS: '15000',
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
  const deps = createDependencies(config, { mailer, logger: new Logger({ logLevel: 'SILENT' }) });
  /** The worker with its clock at `now` (a fixed time, or one skewed from another). */
  const at = (now: number): Dependencies => ({ ...deps, clock: { now: () => now } });
  const send = (email: string, now: number) => sendSignInMail({ kind: 'sign-in', jobId: randomUUID(), email }, at(now));
  return { deps, sent, at, send, failNextSend: () => (failures += 1) };
}

const tokenOf = (mail: MailMessage) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
const digestOf = (mail: MailMessage) => secretDigest(tokenOf(mail), pepper);
const gmailbox = (tag: string) => `${tag}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

function count<T extends string>(outcomes: T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/** Sends the mailbox its 20 mails of the day, one every 5 minutes from `start`; returns the capping mail. */
async function fillTheDay(worker: ReturnType<typeof mailWorker>, email: string, start: number): Promise<MailMessage> {
  for (let index = 0; index < 20; index += 1) expect(await worker.send(email, start + index * 5 * minute)).toBe('sent');
  return worker.sent.at(-1)!;
}

describe('sign-in mails per mailbox, against DynamoDB Local', () => {
  it('sends exactly 3 of 40 concurrent requests for spellings of one mailbox, from workers whose clocks differ by up to a minute, all to one account', async () => {
    const worker = mailWorker();
    const name = gmailbox('race');
    const spellings = Array.from(
      { length: 40 },
      (_, index) => `${name.slice(0, 3)}.${name.slice(3)}+${index}@${index % 2 ? 'gmail.com' : 'googlemail.com'}`,
    );
    const base = Date.now();
    const outcomes = await Promise.all(spellings.map((email) => worker.send(email, base + randomInt(-30_000, 30_001))));
    expect(count(outcomes)).toEqual({ sent: 3, throttled: 37 });
    // One account, made with whichever spelling won; every mail goes to that account's own address.
    const accounts = (await Promise.all(spellings.map((email) => itemsWhere('Account', 'email', email)))).flat();
    expect(accounts).toHaveLength(1);
    expect(new Set(worker.sent.map((mail) => mail.to))).toEqual(new Set([accounts[0]!.email]));
    const owners = await Promise.all(worker.sent.map((mail) => getSignInToken(worker.deps.table, digestOf(mail), Math.floor(base / 1000))));
    expect(owners.map((token) => token?.accountId)).toEqual([accounts[0]!.id, accounts[0]!.id, accounts[0]!.id]);
  });

  it('lets a refused owner sign in with a link already in the mailbox: the short window is no longer than a link works', async () => {
    const worker = mailWorker();
    const email = `${gmailbox('window')}@gmail.com`;
    const start = Date.now();
    for (const offset of [0, 1, 2]) expect(await worker.send(email, start + offset * minute)).toBe('sent');
    expect(await worker.send(email, start + 14 * minute)).toBe('throttled');
    // The newest link a stranger caused still works when the owner is refused, and the window has room when it stops working.
    const newest = await getSignInToken(worker.deps.table, digestOf(worker.sent[2]!), Math.floor((start + 14 * minute) / 1000));
    expect(newest).not.toBeNull();
    expect(await worker.send(email, start + 15 * minute)).toBe('sent');
  });

  it('caps a day at 20 mails; the 20th keeps working until the day has room again, and nothing else is sent before then', async () => {
    const worker = mailWorker();
    const email = `${gmailbox('day')}@gmail.com`;
    const start = Date.now();
    const capping = await fillTheDay(worker, email, start);
    expect(capping.text).toMatch(/keeps working until .* UTC/);
    expect(worker.sent[18]!.text).toContain('valid for 15 minutes');
    for (const later of [2 * 60, 12 * 60, 23 * 60, 24 * 60 - 1]) expect(await worker.send(email, start + later * minute)).toBe('capped');
    expect(worker.sent).toHaveLength(20);
    const { table } = worker.deps;
    // The first mail leaves the day at start + 24 h; the capping link works 15 minutes beyond that.
    expect(await getSignInToken(table, digestOf(capping), Math.floor((start + day + 14 * minute) / 1000))).not.toBeNull();
    expect(await getSignInToken(table, digestOf(capping), Math.floor((start + day + 16 * minute) / 1000))).toBeNull();
    expect(await worker.send(email, start + day + 1)).toBe('sent');
  });

  it('sends exactly one more capping mail, of 12 concurrent requests, once the capping link has been used', async () => {
    const worker = mailWorker();
    const email = `${gmailbox('used')}@gmail.com`;
    const start = Date.now();
    const capping = await fillTheDay(worker, email, start);
    const signedInAt = start + 3 * 60 * minute;
    expect(await worker.send(email, signedInAt)).toBe('capped');
    // The owner signs in with it (what POST /api/v1/auth/verify does to the token).
    expect(
      await writeTransaction(worker.deps.table.client, [
        consumeSignInToken(worker.deps.table, digestOf(capping), Math.floor(signedInAt / 1000)),
      ]),
    ).toBeNull();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => worker.send(email, signedInAt + minute + randomInt(-30_000, 30_001))),
    );
    expect(count(outcomes)).toEqual({ sent: 1, capped: 11 });
    expect(worker.sent).toHaveLength(21);
    expect(worker.sent[20]!.text).toMatch(/keeps working until .* UTC/);
  });

  it('takes back a capping mail that could not be sent, so the next request sends one', async () => {
    const worker = mailWorker();
    const email = `${gmailbox('failed')}@gmail.com`;
    const start = Date.now();
    for (let index = 0; index < 19; index += 1) expect(await worker.send(email, start + index * 5 * minute)).toBe('sent');
    worker.failNextSend();
    await expect(worker.send(email, start + 100 * minute)).rejects.toThrow('SES is having a bad day');
    expect(await worker.send(email, start + 101 * minute)).toBe('sent');
    expect(worker.sent).toHaveLength(20);
    expect(worker.sent[19]!.text).toMatch(/keeps working until .* UTC/);
    expect(await worker.send(email, start + 102 * minute)).toBe('capped');
  });
});

describe('POST /api/v1/auth/register for spellings of one mailbox', () => {
  it('answers 12 concurrent registers from 12 addresses alike, and sends 3 mails, all to one account', async () => {
    const name = gmailbox('api');
    const spellings = Array.from({ length: 12 }, (_, index) => `${name.slice(0, 2)}.${name.slice(2)}+${index}@gmail.com`);
    const clients = spellings.map(() => apiClient());
    const answers = await Promise.all(
      clients.map((client, index) => client.call('/api/v1/auth/register', { method: 'POST', body: { email: spellings[index] } })),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(202);
    await queueDrained('mail');
    const mails = (await Promise.all(spellings.map((email) => mailsTo(email)))).flat();
    expect(mails).toHaveLength(3);
    const accounts = (await Promise.all(spellings.map((email) => itemsWhere('Account', 'email', email)))).flat();
    expect(accounts).toHaveLength(1);
    expect(new Set(mails.flatMap((mail) => mail.destination.to))).toEqual(new Set([accounts[0]!.email]));
    await Promise.all(clients.map((client) => client.close()));
  });
});
