import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { signUp } from '../support/accounts.js';

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
});
