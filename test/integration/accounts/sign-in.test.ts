import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { load } from 'cheerio';
import { describe, expect, inject, it } from 'vitest';
import {
  accountIdOf,
  apiClient,
  itemsWhere,
  mailsTo,
  nextMailTo,
  requestSignInToken,
  signUp,
  testTable,
  tokenFrom,
  uniqueEmail,
} from '../support/accounts.js';

const unusable = { error: 'This sign-in link is invalid, used or expired; request a new one' };

describe('sign-in by e-mail link', () => {
  it('mails a link built from PUBLIC_BASE_URL, whose page does not consume it, and the POST returns a key once', async () => {
    const email = uniqueEmail('flow');
    const client = apiClient();
    const registered = await client.call('/api/v1/auth/register', { method: 'POST', body: { email: `  ${email.toUpperCase()} ` } });
    expect(registered.status).toBe(202);
    const mail = await nextMailTo(email, 0);
    expect(mail.from).toBe('Agent Readiness Scanner <no-reply@example.com>');
    expect(mail.body.text).toContain('15 minutes');
    const token = tokenFrom(mail);
    const link = new URL(/(http\S+token=[\w-]+)/.exec(mail.body.text)![1]!);
    expect(`${link.origin}`).toBe(new URL(inject('apiBaseUrl')).origin.replace('127.0.0.1', 'localhost'));
    expect(load(mail.body.html)(`a[href="${link.href}"]`).length).toBeGreaterThan(0);

    // Mail scanners open links: the page must leave the token usable.
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await client.call(`${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
      expect(page.text).not.toContain(token);
      expect(load(page.text)('button').first().text()).toBe('Finish signing in');
    }

    const verified = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.kind).toBe('apiKey');
    expect(verified.body.apiKey).toMatch(/^ars_[0-9A-Za-z]{49}$/);
    expect(verified.body.replacedKeyId).toBeNull();
    expect(verified.body.key).toMatchObject({ isActive: true, lastUsedAt: null, keyPrefix: expect.stringMatching(/^ars_.{8}…$/) });
    expect((verified.body.key as { scopes: string[] }).scopes).toHaveLength(7);

    const account = await client.call('/api/v1/account', { key: verified.body.apiKey as string });
    expect(account.status).toBe(200);
    expect(account.body.email).toBe(email);

    const again = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(unusable);
    await client.close();
  });

  it('gives one key when two requests exchange the same token at once', async () => {
    const token = await requestSignInToken(uniqueEmail('race'));
    const clients = Array.from({ length: 6 }, () => apiClient());
    const answers = await Promise.all(clients.map((client) => client.call('/api/v1/auth/verify', { method: 'POST', body: { token } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((candidate) => candidate.status === 400)) expect(answer.body).toEqual(unusable);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('refuses unknown, malformed and expired tokens alike, revealing nothing', async () => {
    const client = apiClient();
    const unknown = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token: 'A'.repeat(43) } });
    const malformed = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token: 'not a token' } });
    expect([unknown.status, malformed.status]).toEqual([400, 400]);
    expect(unknown.body).toEqual(unusable);
    expect(malformed.body).toEqual(unusable);

    const email = uniqueEmail('expiry');
    const token = await requestSignInToken(email);
    const [stored] = await itemsWhere('SignInToken', 'accountId', await accountIdOf(email));
    await testTable().client.send(
      new UpdateCommand({
        TableName: inject('tableName'),
        Key: { pk: stored!.pk, sk: stored!.sk },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(unusable);

    for (const body of [{}, { token: 42 }, { token: '' }, { token: 'x'.repeat(201) }, { token: null }]) {
      const answer = await client.call('/api/v1/auth/verify', { method: 'POST', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatch(/^token: /);
    }
    await client.close();
  });

  it('stores the token only as a digest, valid for 15 minutes', async () => {
    const email = uniqueEmail('digest');
    const before = Math.floor(Date.now() / 1000);
    const token = await requestSignInToken(email);
    const [stored] = await itemsWhere('SignInToken', 'accountId', await accountIdOf(email));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.pk).toMatch(/^SIGNIN#[0-9a-f]{64}$/);
    expect(stored!.expiresAt as number).toBeGreaterThanOrEqual(before + 15 * 60);
    expect(stored!.expiresAt as number).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 15 * 60);
  });

  it('never revokes a key: at the tier limit the mail says so, and signing in opens a dashboard session instead', async () => {
    const first = await signUp();
    const known = (await mailsTo(first.email)).length;
    const client = apiClient();
    await client.call('/api/v1/auth/register', { method: 'POST', body: { email: first.email } });
    const mail = await nextMailTo(first.email, known);
    expect(mail.body.text).toContain('Signing in never revokes a key.');
    expect(mail.body.text).not.toContain(first.apiKey.slice(0, 12));
    const second = await client.call('/api/v1/auth/verify', { method: 'POST', body: { token: tokenFrom(mail) } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      kind: 'session',
      sessionToken: expect.stringMatching(/^sess_[0-9A-Za-z]{49}$/),
      expiresAt: expect.any(String),
      message: expect.stringMatching(/keep working/),
    });
    expect((await client.call('/api/v1/account', { key: first.apiKey })).status).toBe(200);
    const listed = await client.call('/api/v1/account/api-keys', { key: first.apiKey });
    expect(listed.body).toMatchObject({ keyLimit: 1, keysUsed: 1, keys: [{ id: first.keyId }] });
    await client.close();
  });

  it('keeps giving keys under a growth plan until its five are used, then sessions', async () => {
    const user = await signUp({ tier: 'growth' });
    for (const label of ['two', 'three', 'four']) {
      expect((await user.client.call('/api/v1/account/api-keys', { method: 'POST', key: user.apiKey, body: { label } })).status).toBe(201);
    }
    const fifth = await user.client.call('/api/v1/auth/verify', { method: 'POST', body: { token: await requestSignInToken(user.email) } });
    expect(fifth.body).toMatchObject({ kind: 'apiKey', replacedKeyId: null });
    const sixth = await user.client.call('/api/v1/auth/verify', { method: 'POST', body: { token: await requestSignInToken(user.email) } });
    expect(sixth.body.kind).toBe('session');
    const listed = await user.client.call('/api/v1/account/api-keys', { key: user.apiKey });
    expect(listed.body).toMatchObject({ keyLimit: 5, keysUsed: 5 });
  });
});
