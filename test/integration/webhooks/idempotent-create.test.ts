import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookKey } from '#shared/db/webhook-store.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { signUp, testTable } from '../support/accounts.js';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

describe('POST /api/v1/webhooks with an Idempotency-Key', () => {
  it('makes one endpoint however often, and however concurrently, the request is repeated, and answers each with its secret', async () => {
    const user = await signUp({ tier: 'growth' });
    const body = { url: receiver.url, events: ['score_change', 'scan_complete'], label: 'CI' };
    const create = (key: string, payload: unknown = body, base = '/api/v1/webhooks') =>
      user.client.call(base, { method: 'POST', key: user.apiKey, body: payload, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => create('hook-1')),
      create('hook-1', body, '/api/v1/account/webhooks'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 6 }, () => 201));
    expect(new Set(answers.map((answer) => (answer.body.webhook as { id: string }).id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.secret)).size).toBe(1);
    expect(answers[0].body.secret).toMatch(/^whsec_/);
    expect((await user.client.call('/api/v1/webhooks', { key: user.apiKey })).body).toMatchObject({ used: 1 });

    const different = await create('hook-1', { ...body, label: 'Other' });
    expect(different.status).toBe(409);
    expect(different.body).toEqual({ error: 'This Idempotency-Key was used for a different webhook' });
    expect((await create('hook-2')).status).toBe(201);
    expect((await user.client.call('/api/v1/webhooks', { key: user.apiKey })).body).toMatchObject({ used: 2 });
  });

  it('shows the secret again only to the API key that created it, and only for 24 hours', async () => {
    const user = await signUp({ tier: 'growth' });
    const second = await user.client.call('/api/v1/account/api-keys', {
      method: 'POST',
      key: user.apiKey,
      body: { label: 'second', scopes: ['webhooks:write'] },
    });
    expect(second.status).toBe(201);
    const otherKey = second.body.fullKey as string;
    const body = { url: receiver.url, events: ['score_change'], label: 'Deploy hook' };
    const create = (key: string) =>
      user.client.call('/api/v1/webhooks', { method: 'POST', key, body, headers: { 'idempotency-key': 'deploy-hook' } });

    const first = await create(user.apiKey);
    expect(first.status).toBe(201);
    const { id } = first.body.webhook as { id: string };
    const secret = first.body.secret as string;

    const fromOtherKey = await create(otherKey);
    expect(fromOtherKey.status).toBe(409);
    expect(fromOtherKey.body).toEqual({
      error: `This Idempotency-Key created webhook ${id} with another API key or dashboard session; its secret is shown only to that one. Send a new Idempotency-Key to create another webhook`,
    });
    expect(fromOtherKey.text).not.toContain(secret);
    // The key that created it still gets its answer, secret included, within the day.
    expect((await create(user.apiKey)).body).toEqual(first.body);

    // A day later (the stored creation time moved back 24 hours and a second), no one gets the secret.
    const dayAgo = new Date(Date.now() - 86_401_000).toISOString();
    await testTable().client.send(
      new UpdateCommand({
        TableName: inject('tableName'),
        Key: webhookKey(user.accountId, id),
        UpdateExpression: 'SET createdAt = :at',
        ExpressionAttributeValues: { ':at': dayAgo },
      }),
    );
    for (const key of [user.apiKey, otherKey]) {
      const late = await create(key);
      expect(late.status).toBe(409);
      expect(late.text).not.toContain(secret);
    }
    expect((await create(user.apiKey)).body).toEqual({
      error: `This Idempotency-Key created webhook ${id} more than 24 hours ago; its secret is not shown again (delete the webhook and create another for a new one). Send a new Idempotency-Key to create another webhook`,
    });
    expect((await user.client.call('/api/v1/webhooks', { key: user.apiKey })).body).toMatchObject({ used: 1 });
  });
});
