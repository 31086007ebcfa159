import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';

interface KeyInfo {
  id: string;
  keyPrefix: string;
  label: string;
  scopes: string[];
  lastUsedAt: string | null;
  createdAt: string;
  isActive: boolean;
}

describe('API keys', () => {
  it('creates keys up to the growth limit under concurrency, lists them masked, revokes them', async () => {
    const user = await signUp({ tier: 'growth' });
    const { client, apiKey } = user;
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        client.call('/api/v1/account/api-keys', { method: 'POST', key: apiKey, body: { label: `ci ${index}` } }),
      ),
    );
    const created = attempts.filter((answer) => answer.status === 201);
    const refused = attempts.filter((answer) => answer.status === 403);
    expect([created.length, refused.length]).toEqual([4, 4]);
    expect(refused[0]!.body.error).toMatch(/API key limit reached: the growth plan allows 5 keys/);
    for (const answer of created) {
      expect(answer.body.fullKey).toMatch(/^ars_[0-9A-Za-z]{49}$/);
      expect((answer.body.key as KeyInfo).scopes).toEqual(['scanner:read']);
      expect((answer.body.fullKey as string).startsWith((answer.body.key as KeyInfo).keyPrefix.slice(0, -1))).toBe(true);
    }

    const listed = await client.call('/api/v1/account/api-keys', { key: apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ keyLimit: 5, keysUsed: 5 });
    const keys = listed.body.keys as KeyInfo[];
    expect(keys).toHaveLength(5);
    for (const key of keys) {
      expect(key.keyPrefix).toMatch(/^ars_[0-9A-Za-z]{8}…$/);
      expect(Object.keys(key).sort()).toEqual(['createdAt', 'id', 'isActive', 'keyPrefix', 'label', 'lastUsedAt', 'scopes']);
    }
    for (const answer of created) expect(listed.text).not.toContain(answer.body.fullKey as string);
    expect(keys.find((key) => key.id === user.keyId)?.lastUsedAt).not.toBeNull();

    const victim = created[0]!;
    const victimId = (victim.body.key as KeyInfo).id;
    expect((await client.call('/api/v1/scans', { key: victim.body.fullKey as string })).status).toBe(200);
    const revoked = await client.call(`/api/v1/account/api-keys/${victimId}`, { method: 'DELETE', key: apiKey });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revoked: true, id: victimId });
    expect((await client.call('/api/v1/scans', { key: victim.body.fullKey as string })).status).toBe(401);
    expect((await client.call(`/api/v1/account/api-keys/${victimId}`, { method: 'DELETE', key: apiKey })).status).toBe(404);

    const own = await client.call(`/api/v1/account/api-keys/${user.keyId}`, { method: 'DELETE', key: apiKey });
    expect(own.status).toBe(409);
    expect(own.body.error).toMatch(/cannot be revoked/);
    const after = await client.call('/api/v1/account/api-keys', { key: apiKey });
    expect(after.body).toMatchObject({ keysUsed: 4 });
    const account = await client.call('/api/v1/account', { key: apiKey });
    expect(account.body.counts).toMatchObject({ apiKeys: 4, apiKeysLimit: 5 });
  });

  it('answers 20 concurrent key creations on one account with 201, 403 or 503 and keeps the count true', async () => {
    const user = await signUp({ tier: 'growth' });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        user.client.call('/api/v1/account/api-keys', { method: 'POST', key: user.apiKey, body: { label: `burst ${index}` } }),
      ),
    );
    const statuses = attempts.map((answer) => answer.status);
    expect(
      statuses.every((status) => [201, 403, 503].includes(status)),
      statuses.join(','),
    ).toBe(true);
    for (const busy of attempts.filter((answer) => answer.status === 503)) expect(busy.headers.get('retry-after')).toBe('1');
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBeLessThanOrEqual(4);
    const listed = await user.client.call('/api/v1/account/api-keys', { key: user.apiKey });
    expect(listed.body).toMatchObject({ keysUsed: 1 + created });
    expect(listed.body.keys).toHaveLength(1 + created);
    const account = await user.client.call('/api/v1/account', { key: user.apiKey });
    expect(account.body.counts).toMatchObject({ apiKeys: 1 + created });
  });

  it('revokes a key created a moment ago, and the very next request with it is 401', async () => {
    const user = await signUp({ tier: 'growth' });
    const created = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: user.apiKey,
      body: { label: 'short-lived' },
    });
    const id = (created.body.key as KeyInfo).id;
    expect((await user.client.call(`/api/v1/account/api-keys/${id}`, { method: 'DELETE', key: user.apiKey })).status).toBe(200);
    expect((await user.client.call('/api/v1/scans', { key: created.body.fullKey as string })).status).toBe(401);
  });

  it('refuses a key past the free limit with 403', async () => {
    const user = await signUp();
    const answer = await user.client.call('/api/v1/account/api-keys', { method: 'POST', key: user.apiKey, body: { label: 'second' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: 'API key limit reached: the free plan allows 1 key; revoke one first' });
  });

  it('gives a key only the scopes asked for, and refuses routes outside them with 403 naming the scope', async () => {
    const user = await signUp({ tier: 'growth' });
    const readOnly = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: user.apiKey,
      body: { label: 'reader', scopes: ['account:read', 'account:read'] },
    });
    expect(readOnly.status).toBe(201);
    expect((readOnly.body.key as KeyInfo).scopes).toEqual(['account:read']);
    const key = readOnly.body.fullKey as string;
    expect((await user.client.call('/api/v1/account', { key })).status).toBe(200);
    const write = await user.client.call('/api/v1/account/api-keys', { method: 'POST', key, body: { label: 'nope' } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: 'This API key lacks the scope account:write' });
    const scan = await user.client.call('/api/v1/scans', { key });
    expect(scan.body).toEqual({ error: 'This API key lacks the scope scanner:read' });
  });

  it('lets a key grant only the scopes it holds itself (403 naming the others)', async () => {
    const user = await signUp({ tier: 'growth' });
    const writer = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: user.apiKey,
      body: { label: 'writer', scopes: ['account:write'] },
    });
    expect(writer.status).toBe(201);
    const key = writer.body.fullKey as string;
    const everything = ['scanner:read', 'sites:read', 'sites:write', 'webhooks:read', 'webhooks:write', 'account:read', 'account:write'];
    const escalation = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key,
      body: { label: 'all', scopes: everything },
    });
    expect(escalation.status).toBe(403);
    expect(escalation.body).toEqual({
      error:
        'This API key lacks the scopes scanner:read, sites:read, sites:write, webhooks:read, webhooks:write, account:read; a key can only grant scopes it holds itself',
    });
    const byDefault = await user.client.call('/api/v1/account/api-keys', { method: 'POST', key, body: { label: 'default' } });
    expect(byDefault.status).toBe(403);
    expect(byDefault.body.error).toMatch(/^This API key lacks the scope scanner:read;/);
    const same = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key,
      body: { label: 'same', scopes: ['account:write'] },
    });
    expect(same.status).toBe(201);
    const listed = await user.client.call('/api/v1/account/api-keys', { key: user.apiKey });
    expect((listed.body.keys as KeyInfo[]).map((k) => k.label).sort()).toEqual(['same', 'writer', expect.any(String)].sort());
  });

  it('validates labels and scopes and answers a malformed id with 400', async () => {
    const user = await signUp({ tier: 'growth' });
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^label: /],
      [{ label: '' }, /^label: must not be empty/],
      [{ label: '   ' }, /^label: must not be empty/],
      [{ label: 'é'.repeat(101) }, /^label: must be at most 100 characters/],
      [{ label: 7 }, /^label: /],
      [{ label: 'ok', scopes: ['admin'] }, /^scopes\.0: must each be one of scanner:read, /],
      [{ label: 'ok', scopes: 'scanner:read' }, /^scopes: /],
      [{ label: 'ok', scopes: [] }, /^scopes: must not be empty/],
    ];
    for (const [body, message] of cases) {
      const answer = await user.client.call('/api/v1/account/api-keys', { method: 'POST', key: user.apiKey, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatch(message);
    }
    const unicode = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: user.apiKey,
      body: { label: '🛒 Shop-Bot ✓' },
    });
    expect((unicode.body.key as KeyInfo).label).toBe('🛒 Shop-Bot ✓');
    const badId = await user.client.call('/api/v1/account/api-keys/not-a-uuid', { method: 'DELETE', key: user.apiKey });
    expect(badId.status).toBe(400);
  });

  it("answers 404 for another account's key", async () => {
    const [owner, stranger] = await Promise.all([signUp(), signUp()]);
    const answer = await stranger.client.call(`/api/v1/account/api-keys/${owner.keyId}`, { method: 'DELETE', key: stranger.apiKey });
    expect(answer.status).toBe(404);
    expect((await owner.client.call('/api/v1/account', { key: owner.apiKey })).status).toBe(200);
  });
});
