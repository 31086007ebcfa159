import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { MailMessage } from '#shared/adapters/mailer.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { accountKey, ensureAccount } from '#shared/db/account-store.js';
import { emailMarkerKey } from '#shared/db/mailbox-marker-store.js';
import { getSignInToken } from '#shared/db/sign-in-token-store.js';
import { newAccount } from '#shared/model/accounts/account.js';
import { claimMailboxes } from '#shared/use-cases/accounts/claim-mailboxes.js';
import { mailboxOf } from '#shared/model/accounts/email.js';
import { secretDigest } from '#shared/model/accounts/secret-format.js';
import { sendSignInMail } from '#shared/use-cases/accounts/sign-in.js';
import { itemsWhere, testTable } from '../support/accounts.js';

const pepper = 'integration-pepper-0123456789abcdefghij';

function mailWorker() {
  const sent: MailMessage[] = [];
  const config = loadConfig({
    DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: inject('awsRegion'),
    KEY_PEPPER: pepper,
    // Many workers in one process on a shared machine (see sign-in-mail-caps.test.ts).
    DYNAMODB_REQUEST_TIMEOUT_MS: '15000',
  });
  const deps = createDependencies(config, {
    mailer: { send: async (message: MailMessage) => void sent.push(message) },
    logger: new Logger({ logLevel: 'SILENT' }),
  });
  /** Sends a sign-in mail for `email` and returns the account its link signs in to and where it went. */
  const signIn = async (email: string) => {
    expect(await sendSignInMail({ kind: 'sign-in', jobId: randomUUID(), email }, deps)).toBe('sent');
    const mail = sent.at(-1)!;
    const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const stored = await getSignInToken(deps.table, secretDigest(token, pepper), Math.floor(Date.now() / 1000));
    return { to: mail.to, accountId: stored!.accountId };
  };
  return { deps, signIn };
}

/** An account as the service stored it before mailboxes: the account and the marker of its exact address. */
async function legacyAccount(email: string, createdAt = new Date().toISOString()): Promise<string> {
  const account = newAccount(randomUUID(), email, createdAt);
  const tableName = inject('tableName');
  await testTable().client.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName, Item: { ...emailMarkerKey(email), type: 'EmailMarker', accountId: account.id } } },
        { Put: { TableName: tableName, Item: { ...accountKey(account.id), type: 'Account', ...account } } },
      ],
    }),
  );
  return account.id;
}

async function markerOf(mailboxOrAddress: string): Promise<string | undefined> {
  const { Item } = await testTable().client.send(
    new GetCommand({ TableName: inject('tableName'), Key: emailMarkerKey(mailboxOrAddress), ConsistentRead: true }),
  );
  return Item?.accountId as string | undefined;
}

const name = (tag: string) => `${tag}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

describe('one account per mailbox', () => {
  it('creates exactly one account when 30 spellings of one new mailbox register at once', async () => {
    const { deps } = mailWorker();
    const local = name('many');
    const spellings = Array.from(
      { length: 30 },
      (_, index) =>
        `${local.slice(0, 1 + (index % 5))}.${local.slice(1 + (index % 5))}+${index}@${index % 3 ? 'gmail.com' : 'googlemail.com'}`,
    );
    const mailbox = mailboxOf(spellings[0]!);
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set([mailbox]));
    const results = await Promise.all(
      spellings.map((email) => ensureAccount(deps.table, newAccount(randomUUID(), email, new Date().toISOString()), mailbox)),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.accountId)).size).toBe(1);
    const accounts = (await Promise.all(spellings.map((email) => itemsWhere('Account', 'email', email)))).flat();
    expect(accounts.map((account) => account.id)).toEqual([results[0]!.accountId]);
    expect(await markerOf(mailbox)).toBe(results[0]!.accountId);
  });

  it('signs every spelling in to the account and mails the address the account was made with', async () => {
    const { signIn } = mailWorker();
    const local = name('spell');
    const first = await signIn(`${local}+shop@outlook.com`);
    const again = await signIn(`${local}+news@outlook.com`);
    expect(again).toEqual({ to: `${local}+shop@outlook.com`, accountId: first.accountId });
    // Dots are part of an Outlook name: another mailbox, another account.
    const dotted = await signIn(`${local.slice(0, 2)}.${local.slice(2)}@outlook.com`);
    expect(dotted.accountId).not.toBe(first.accountId);
  });

  it('keeps an account made before mailboxes working under its exact address, and its other spellings reach it once it signed in', async () => {
    const { signIn } = mailWorker();
    const local = name('legacy');
    const exact = `${local.slice(0, 3)}.${local.slice(3)}+old@gmail.com`;
    const legacyId = await legacyAccount(exact);
    expect(await signIn(exact)).toEqual({ to: exact, accountId: legacyId });
    expect(await markerOf(`${local}@gmail.com`)).toBe(legacyId);
    expect(await signIn(`${local}@gmail.com`)).toEqual({ to: exact, accountId: legacyId });
    expect(await signIn(`${local}+new@googlemail.com`)).toEqual({ to: exact, accountId: legacyId });
  });

  it('keeps two accounts made before mailboxes for one mailbox apart, each under its own address', async () => {
    const { signIn } = mailWorker();
    const local = name('pair');
    const [dotted, tagged] = [`${local.slice(0, 2)}.${local.slice(2)}@gmail.com`, `${local}+1@gmail.com`];
    const [dottedId, taggedId] = [await legacyAccount(dotted), await legacyAccount(tagged)];
    expect(await signIn(dotted)).toEqual({ to: dotted, accountId: dottedId });
    expect(await signIn(tagged)).toEqual({ to: tagged, accountId: taggedId });
    // The mailbox's marker went to the first that signed in; a new spelling reaches that one.
    expect(await signIn(`${local}+2@gmail.com`)).toEqual({ to: dotted, accountId: dottedId });
  });

  it('migration: gives each mailbox that only older accounts have the oldest of them, once, even run twice at once', async () => {
    const { deps, signIn } = mailWorker();
    const local = name('backfill');
    const older = await legacyAccount(`${local}+2020@gmail.com`, '2020-01-01T00:00:00.000Z');
    await legacyAccount(`${local.slice(0, 2)}.${local.slice(2)}@googlemail.com`, '2023-06-01T00:00:00.000Z');
    const own = `${name('own')}+x@outlook.com`;
    const ownId = await legacyAccount(own);
    const reports = await Promise.all([claimMailboxes(deps.table), claimMailboxes(deps.table)]);
    expect(await markerOf(`${local}@gmail.com`)).toBe(older);
    expect(await markerOf(mailboxOf(own))).toBe(ownId);
    for (const report of reports) expect(report.olderMarkers).toBeGreaterThanOrEqual(3);
    // Both runs saw the same mailboxes; this test's two were claimed by one run or the other, never both.
    expect(reports[0].claimed + reports[0].alreadyClaimed).toBe(reports[1].claimed + reports[1].alreadyClaimed);
    expect(reports[0].claimed + reports[1].claimed).toBeGreaterThanOrEqual(2);
    // A spelling never used before reaches the oldest account, before either signed in.
    expect(await signIn(`${local}@gmail.com`)).toEqual({ to: `${local}+2020@gmail.com`, accountId: older });
    const again = await claimMailboxes(deps.table);
    expect(again.claimed).toBe(0);
  });
});
