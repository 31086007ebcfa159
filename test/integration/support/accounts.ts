import { randomInt, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Agent, fetch } from 'undici';
import { inject } from 'vitest';
import { accountKey } from '#shared/db/account-store.js';
import { emailMarkerKey } from '#shared/db/mailbox-marker-store.js';
import { bindTable, type Table } from '#shared/db/table.js';
import type { Tier } from '#shared/model/tiers.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { waitUntil } from '../../../bin/local/wait-until.js';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  key?: string;
  headers?: Record<string, string>;
}

/**
 * A client calling the local API from its own loopback address (127.x.y.z all reach 127.0.0.1 on
 * Linux), so per-IP rate limits of one test never spend another's allowance.
 */
export function apiClient() {
  const address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const dispatcher = new Agent({ localAddress: address });
  return {
    address,
    async call(path: string, options: RequestOptions = {}): Promise<ApiAnswer> {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
      if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
      const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      const response = await fetch(`${inject('apiBaseUrl')}${path}`, { method: options.method ?? 'GET', headers, body, dispatcher });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // HTML pages and empty bodies
      }
      return { status: response.status, headers: response.headers as unknown as Headers, body: parsed, text };
    },
    close: () => dispatcher.close(),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

export interface StoredMail {
  subject: string;
  from: string;
  destination: { to: string[] };
  body: { text: string; html: string };
  at: number;
}

export async function mailsTo(address: string): Promise<StoredMail[]> {
  const response = await fetch(`${inject('sesBaseUrl')}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(address));
}

/** Waits until `address` has received more than `known` mails, and returns the newest. */
export async function nextMailTo(address: string, known: number): Promise<StoredMail> {
  let mails: StoredMail[] = [];
  await waitUntil(
    async () => {
      mails = await mailsTo(address);
      return mails.length > known;
    },
    { timeoutMs: 15_000, intervalMs: 50, description: `mail number ${known + 1} to ${address}` },
  );
  return mails[mails.length - 1]!;
}

export function tokenFrom(mail: StoredMail): string {
  const match = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail.body.text);
  if (!match) throw new Error(`No sign-in link in the mail: ${mail.body.text}`);
  return match[1]!;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@shop.example.com`;
}

/** Registers from a fresh address and returns the token of the mail that arrives. */
export async function requestSignInToken(email: string): Promise<string> {
  const client = apiClient();
  try {
    const known = (await mailsTo(email)).length;
    const answer = await client.call('/api/v1/auth/register', { method: 'POST', body: { email } });
    if (answer.status !== 202) throw new Error(`register answered ${answer.status}: ${answer.text}`);
    return tokenFrom(await nextMailTo(email, known));
  } finally {
    await client.close();
  }
}

export interface SignedIn {
  email: string;
  accountId: string;
  apiKey: string;
  keyId: string;
  client: ApiClient;
}

let table: Table | undefined;

/** The stack's table, for arranging what the API cannot (a paid tier before billing exists, an expired token). */
export function testTable(): Table {
  table ??= bindTable(
    DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')))),
    inject('tableName'),
  );
  return table;
}

export async function accountIdOf(email: string): Promise<string> {
  const { Items } = await testTable().client.send(
    new QueryCommand({
      TableName: inject('tableName'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': emailMarkerKey(email).pk },
    }),
  );
  const accountId = Items?.[0]?.accountId as string | undefined;
  if (!accountId) throw new Error(`No account for ${email}`);
  return accountId;
}

export async function setAccount(accountId: string, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  await testTable().client.send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: accountKey(accountId),
      UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
    }),
  );
}

/** Every item of a type whose attribute has a value (tests only: the API never scans). */
export async function itemsWhere(type: string, attribute: string, value: unknown): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await testTable().client.send(
      new ScanCommand({
        TableName: inject('tableName'),
        FilterExpression: '#type = :type AND #attribute = :value',
        ExpressionAttributeNames: { '#type': 'type', '#attribute': attribute },
        ExpressionAttributeValues: { ':type': type, ':value': value },
        ExclusiveStartKey: cursor,
      }),
    );
    found.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}

/** A new account signed in through the real flow (register, mail, verify), optionally moved to a paid tier. */
export async function signUp(options: { tier?: Tier; email?: string } = {}): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail();
  const token = await requestSignInToken(email);
  const client = apiClient();
  const verified = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token } });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${verified.text}`);
  const accountId = await accountIdOf(email);
  if (options.tier && options.tier !== 'free') await setAccount(accountId, { tier: options.tier });
  const key = verified.body.key as { id: string };
  return { email, accountId, apiKey: verified.body.apiKey as string, keyId: key.id, client };
}
