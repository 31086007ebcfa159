import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '#shared/config.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { accountKey, getAccount } from '#shared/db/account-store.js';
import { listApiKeys } from '#shared/db/api-key-store.js';
import { putSignInToken } from '#shared/db/sign-in-token-store.js';
import { newAccount } from '#shared/model/accounts/account.js';
import { authorize } from '#shared/use-cases/accounts/authenticate.js';
import { completeSignIn, type SignInResult } from '#shared/use-cases/accounts/complete-sign-in.js';
import { openSession } from '#shared/use-cases/accounts/dashboard-session.js';
import { generateSignInToken, secretDigest } from '#shared/model/accounts/secret-format.js';
import { AppError } from '#shared/model/errors.js';
import {
  apiClient,
  itemsWhere,
  mailsTo,
  nextMailTo,
  requestSignInToken,
  signUp,
  testTable,
  tokenFrom,
  uniqueEmail,
  type ApiClient,
} from '../support/accounts.js';

const hour = 3_600_000;
const pepper = 'dashboard-sessions-pepper-0123456789abcdef';

/** The domain against DynamoDB Local in this process, with its own pepper and a clock the test sets. */
function localDependencies(now: () => number = () => Date.now()) {
  const config = loadConfig({
    DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
    TABLE_NAME: inject('tableName'),
    AWS_REGION: inject('awsRegion'),
    KEY_PEPPER: pepper,
  });
  return createDependencies(config, { clock: { now }, logger: new Logger({ logLevel: 'SILENT' }) });
}

/** A free account with no key yet (as a first sign-in finds it), written straight into the table. */
async function keylessAccount(): Promise<string> {
  const account = newAccount(randomUUID(), uniqueEmail('keyless'), new Date().toISOString());
  await testTable().client.send(
    new PutCommand({ TableName: inject('tableName'), Item: { ...accountKey(account.id), type: 'Account', ...account } }),
  );
  return account.id;
}

async function mintToken(accountId: string): Promise<string> {
  const token = generateSignInToken();
  const deps = localDependencies();
  await putSignInToken(deps.table, secretDigest(token, pepper), {
    accountId,
    expiresAt: Math.floor(Date.now() / 1000) + 900,
  });
  return token;
}

async function signInAgain(client: ApiClient, email: string): Promise<Record<string, unknown>> {
  const answer = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token: await requestSignInToken(email) } });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('dashboard sessions', () => {
  it('a free account signing in twice keeps its key; the session reads the dashboard, rotates the key, and ends at sign-out', async () => {
    const user = await signUp();
    const { client } = user;
    const session = await signInAgain(client, user.email);
    expect(session.kind).toBe('session');
    const token = session.sessionToken as string;
    expect(Date.parse(session.expiresAt as string)).toBeGreaterThan(Date.now() + 11.9 * hour);
    expect(Date.parse(session.expiresAt as string)).toBeLessThanOrEqual(Date.now() + 12 * hour);

    // The first key still works; the session is no key: not counted, not listed.
    const before = await client.call('/api/v1/account', { key: user.apiKey });
    expect(before.status).toBe(200);
    const overview = await client.call('/api/v1/account/overview', { key: token });
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      account: { email: user.email, counts: { apiKeys: 1, apiKeysLimit: 1 } },
      scans: { total: 0 },
      sites: { used: 0 },
      webhooks: { limit: 0 },
    });
    expect((await client.call('/api/v1/account', { key: token })).status).toBe(200);
    const listed = await client.call('/api/v1/account/api-keys', { key: token });
    expect(listed.body).toMatchObject({ keyLimit: 1, keysUsed: 1, keys: [{ id: user.keyId }] });
    // The dashboard's other reads and its billing button take the session too (not a 401).
    expect((await client.call(`/api/v1/scan/${randomUUID()}/report`, { key: token, headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await client.call('/api/v1/account/manage', { method: 'POST', key: token })).status).toBe(404);
    // The watchlist is configuration the dashboard manages (docs/decisions/068-watched-sites-in-the-dashboard.md).
    expect((await client.call('/api/v1/watched-sites', { key: token })).body).toMatchObject({ sites: [], used: 0 });

    // Not the metered API, and the dashboard's reads spend none of the monthly allowance.
    for (const [path, method, body] of [
      ['/api/v1/scan', 'POST', { url: 'https://shop.example.com/' }],
      ['/api/v1/scans', 'GET'],
      ['/api/v1/batch/scans', 'GET'],
    ] as const) {
      const refused = await client.call(path, { method, key: token, ...(body ? { body } : {}) });
      expect(refused.status, path).toBe(401);
      expect(refused.body.error, path).toMatch(/^A dashboard session is not an API key/);
      expect(refused.headers.get('www-authenticate'), path).toMatch(/error="invalid_token"/);
    }
    const after = await client.call('/api/v1/account', { key: user.apiKey });
    expect((after.body.usage as { monthlyApiCalls: number }).monthlyApiCalls).toBe(
      (before.body.usage as { monthlyApiCalls: number }).monthlyApiCalls,
    );

    // Rotating is explicit: the new key is shown once, the old one stops at once, the count stays.
    const rotated = await client.call(`/api/v1/account/api-keys/${user.keyId}/rotate`, { method: 'POST', key: token });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ replacedKeyId: user.keyId, fullKey: expect.stringMatching(/^ars_/), key: { isActive: true } });
    expect((await client.call('/api/v1/account', { key: user.apiKey })).status).toBe(401);
    const fresh = rotated.body.fullKey as string;
    expect((await client.call('/api/v1/account', { key: fresh })).status).toBe(200);
    expect((await client.call('/api/v1/account/api-keys', { key: token })).body).toMatchObject({
      keysUsed: 1,
      keys: [{ id: (rotated.body.key as { id: string }).id }],
    });

    // Sign out takes the session only, ends it, and a second one finds nothing.
    expect((await client.call('/api/v1/auth/session', { method: 'DELETE', key: fresh })).status).toBe(401);
    const signedOut = await client.call('/api/v1/auth/session', { method: 'DELETE', key: token });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ signedOut: true });
    const ended = await client.call('/api/v1/account/overview', { key: token });
    expect(ended.status).toBe(401);
    expect(ended.body.error).toBe('Invalid or expired dashboard session: sign in again');
    expect((await client.call('/api/v1/auth/session', { method: 'DELETE', key: token })).status).toBe(401);
    expect((await client.call('/api/v1/account', { key: fresh })).status).toBe(200);
    await client.close();
  });

  it('stores a session only as a digest with its TTL, and refuses it once the table says it has expired', async () => {
    const user = await signUp();
    const session = await signInAgain(user.client, user.email);
    const token = session.sessionToken as string;
    const [stored] = await itemsWhere('DashboardSession', 'accountId', user.accountId);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.pk).toMatch(/^SESSION#[0-9a-f]{64}$/);
    expect(stored!.expiresAt).toBe(Date.parse(session.expiresAt as string) / 1000);
    expect(await itemsWhere('ApiKey', 'accountId', user.accountId)).toHaveLength(1);

    // TTL deletes lazily: an item past its time still in the table must not work.
    await testTable().client.send(
      new UpdateCommand({
        TableName: inject('tableName'),
        Key: { pk: stored!.pk, sk: stored!.sk },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await user.client.call('/api/v1/account/overview', { key: token })).status).toBe(401);
    expect((await user.client.call('/api/v1/account', { key: user.apiKey })).status).toBe(200);
    await user.client.close();
  });

  it('refuses a session once its 12 hours have passed on a skewed clock, and accepts it just before', async () => {
    const accountId = await keylessAccount();
    const opened = Date.now();
    const deps = localDependencies(() => opened);
    const account = (await getAccount(deps.table, accountId))!;
    const session = await openSession(account, [], deps);
    if (session.kind !== 'opened') throw new Error(`no session: ${session.kind}`);
    const route = { scope: 'account:read' as const, metered: false as const, session: 'accepted' as const };
    const header = `Bearer ${session.token}`;

    const justBefore = await authorize(
      header,
      route,
      localDependencies(() => opened + 12 * hour - 1_000),
    );
    expect(justBefore).toMatchObject({ accountId, keyId: null, tier: 'free' });
    const late = authorize(
      header,
      route,
      localDependencies(() => opened + 12 * hour),
    );
    await expect(late).rejects.toBeInstanceOf(AppError);
    await expect(late).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid or expired dashboard session: sign in again' });
    // A metered route refuses a session before reading anything.
    await expect(authorize(header, { scope: 'scanner:read' }, deps)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('ten sign-ins at once of a keyless free account give one key and nine sessions, and revoke nothing', async () => {
    const accountId = await keylessAccount();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => mintToken(accountId)));
    const deps = localDependencies();
    const results: SignInResult[] = await Promise.all(tokens.map((token) => completeSignIn(token, deps)));
    const issuedKeys = results.filter((result) => result.kind === 'apiKey');
    expect(issuedKeys).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'session')).toHaveLength(9);
    const stored = await listApiKeys(deps.table, accountId);
    expect(stored.map((key) => key.id)).toEqual([issuedKeys[0]!.key.id]);
    expect((await getAccount(deps.table, accountId))!.keyCount).toBe(1);
    expect(await itemsWhere('DashboardSession', 'accountId', accountId)).toHaveLength(9);

    // Ten more at the limit: sessions only; the key is untouched.
    const more = await Promise.all(Array.from({ length: 10 }, () => mintToken(accountId)));
    const later = await Promise.all(more.map((token) => completeSignIn(token, deps)));
    expect(later.every((result) => result.kind === 'session')).toBe(true);
    expect((await listApiKeys(deps.table, accountId)).map((key) => key.id)).toEqual([issuedKeys[0]!.key.id]);
  });

  it('over HTTP, three links of a keyless address exchanged at once give one key and two sessions', async () => {
    const email = uniqueEmail('race-limit');
    const clients = [apiClient(), apiClient(), apiClient()];
    const tokens: string[] = [];
    for (const client of clients) {
      const known = (await mailsTo(email)).length;
      expect((await client.call('/api/v1/auth/register', { method: 'POST', body: { email } })).status).toBe(202);
      tokens.push(tokenFrom(await nextMailTo(email, known)));
    }
    const answers = await Promise.all(
      clients.map((client, index) => client.call('/api/v1/auth/verify', { method: 'POST', body: { token: tokens[index] } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body.kind).sort()).toEqual(['apiKey', 'session', 'session']);
    const key = answers.find((answer) => answer.body.kind === 'apiKey')!.body.apiKey as string;
    expect((await clients[0]!.call('/api/v1/account/api-keys', { key })).body).toMatchObject({ keysUsed: 1, keyLimit: 1 });
    await Promise.all(clients.map((client) => client.close()));
  });

  it('ten rotations of one key at once: one replaces it, the others find it gone', async () => {
    const user = await signUp();
    const token = (await signInAgain(user.client, user.email)).sessionToken as string;
    const clients = Array.from({ length: 10 }, () => apiClient());
    const answers = await Promise.all(
      clients.map((client) => client.call(`/api/v1/account/api-keys/${user.keyId}/rotate`, { method: 'POST', key: token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(9).fill(404)]);
    const winner = answers.find((answer) => answer.status === 201)!;
    const listed = await user.client.call('/api/v1/account/api-keys', { key: token });
    expect(listed.body).toMatchObject({ keysUsed: 1, keys: [{ id: (winner.body.key as { id: string }).id }] });
    expect((await user.client.call('/api/v1/account', { key: winner.body.fullKey as string })).status).toBe(200);
    await Promise.all([...clients, user.client].map((client) => client.close()));
  });
});
