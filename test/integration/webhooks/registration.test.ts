import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { itemsWhere, signUp } from '../support/accounts.js';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const families = ['/api/v1/webhooks', '/api/v1/account/webhooks'];

describe.each(families)('webhook registration under %s', (base) => {
  it('is closed to the free tier (403 naming pro)', async () => {
    const user = await signUp();
    for (const call of [
      user.client.call(base, { key: user.apiKey }),
      user.client.call(base, { method: 'POST', key: user.apiKey, body: { url: receiver.url, events: ['score_change'] } }),
    ]) {
      const response = await call;
      expect(response.status).toBe(403);
      expect(response.body.error).toMatch(/pro/);
    }
  });

  it('lists the tier’s allowed events and limit: pro score_change and 1, growth all four and 5', async () => {
    const pro = await signUp({ tier: 'pro' });
    expect((await pro.client.call(base, { key: pro.apiKey })).body).toEqual({
      webhooks: [],
      limit: 1,
      used: 0,
      allowedEvents: ['score_change'],
    });
    const growth = await signUp({ tier: 'growth' });
    const listed = (await growth.client.call(base, { key: growth.apiKey })).body;
    expect(listed).toMatchObject({ limit: 5, used: 0 });
    expect([...(listed.allowedEvents as string[])].sort()).toEqual(['batch_complete', 'scan_complete', 'score_change', 'threshold_alert']);
  });

  it('creates an endpoint, shows its secret once, lists it without the secret, and deletes it', async () => {
    const user = await signUp({ tier: 'pro' });
    const created = await user.client.call(base, {
      method: 'POST',
      key: user.apiKey,
      body: { url: receiver.url, events: ['score_change'], label: 'Ops ✓' },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const webhook = created.body.webhook as Record<string, unknown>;
    expect(webhook).toEqual({
      id: expect.any(String),
      url: receiver.url,
      label: 'Ops ✓',
      events: ['score_change'],
      isActive: true,
      lastTriggeredAt: null,
      lastStatusCode: null,
      failureCount: 0,
      createdAt: expect.any(String),
    });
    const listed = await user.client.call(base, { key: user.apiKey });
    expect(listed.body).toMatchObject({ webhooks: [webhook], used: 1 });
    expect(listed.text).not.toContain(created.body.secret as string);

    // Stored sealed: the secret appears nowhere in the item.
    const [stored] = await itemsWhere('Webhook', 'id', webhook.id);
    expect(JSON.stringify(stored)).not.toContain((created.body.secret as string).slice('whsec_'.length, 30));
    expect(stored!.sealedSecret).toMatch(/^v1:/);

    const other = await signUp({ tier: 'pro' });
    expect((await other.client.call(`${base}/${webhook.id as string}`, { method: 'DELETE', key: other.apiKey })).status).toBe(404);
    expect((await user.client.call(`${base}/${webhook.id as string}`, { method: 'DELETE', key: user.apiKey })).body).toEqual({
      deleted: true,
    });
    expect((await user.client.call(`${base}/${webhook.id as string}`, { method: 'DELETE', key: user.apiKey })).status).toBe(404);
    expect((await user.client.call(base, { key: user.apiKey })).body).toMatchObject({ webhooks: [], used: 0 });
  });

  it('checks events against the tier: 400 for an unknown event, 403 naming the tier for one above it', async () => {
    const pro = await signUp({ tier: 'pro' });
    const unknown = await pro.client.call(base, {
      method: 'POST',
      key: pro.apiKey,
      body: { url: receiver.url, events: ['score_change', 'price_drop'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/unknown event "price_drop"/);
    const above = await pro.client.call(base, { method: 'POST', key: pro.apiKey, body: { url: receiver.url, events: ['scan_complete'] } });
    expect(above.status).toBe(403);
    expect(above.body.error).toMatch(/pro tier cannot subscribe to scan_complete/);
    const growth = await signUp({ tier: 'growth' });
    const all = await growth.client.call(base, {
      method: 'POST',
      key: growth.apiKey,
      body: { url: receiver.url, events: ['scan_complete', 'batch_complete', 'threshold_alert', 'score_change', 'scan_complete'] },
    });
    expect(all.status).toBe(201);
    expect((all.body.webhook as { events: string[] }).events).toEqual([
      'scan_complete',
      'batch_complete',
      'threshold_alert',
      'score_change',
    ]);
  });

  it('rejects bad bodies with 400 and stores nothing', async () => {
    const user = await signUp({ tier: 'growth' });
    const bodies: unknown[] = [
      {},
      { url: receiver.url },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: 'score_change' },
      { url: 42, events: ['score_change'] },
      { url: receiver.url, events: ['score_change'], label: 'x'.repeat(101) },
      { url: receiver.url, events: ['score_change'], secret: 'mine' },
      { url: `https://example.com/${'a'.repeat(2100)}`, events: ['score_change'] },
    ];
    for (const body of bodies) {
      const response = await user.client.call(base, { method: 'POST', key: user.apiKey, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await user.client.call(base, { method: 'POST', key: user.apiKey, rawBody: '{"url": ' })).status).toBe(400);
    expect((await user.client.call(base, { key: user.apiKey })).body).toMatchObject({ used: 0 });
  });

  it('refuses URLs that are not https or point inside: http, private, loopback, metadata', async () => {
    const user = await signUp({ tier: 'pro' });
    const urls = [
      'http://hooks.example.com/in',
      'https://10.0.0.8/in',
      'https://192.168.1.1/in',
      'https://[::1]/in',
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://localhost/in',
      'https://user:pass@hooks.example.com/in',
      'https://127.0.0.2:8443/in',
    ];
    for (const url of urls) {
      const response = await user.client.call(base, { method: 'POST', key: user.apiKey, body: { url, events: ['score_change'] } });
      expect(response.status, url).toBe(400);
      expect(response.body.error, url).toMatch(/^url: /);
    }
  });
});

describe('the webhook limit', () => {
  it('holds under concurrent creates: growth gets exactly 5 of 12', async () => {
    const user = await signUp({ tier: 'growth' });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        user.client.call(families[index % 2]!, {
          method: 'POST',
          key: user.apiKey,
          body: { url: `${receiver.url}?n=${index}`, events: ['score_change'] },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(403);
      expect(response.body.error).toMatch(/limit reached/);
    }
    const listed = await user.client.call('/api/v1/webhooks', { key: user.apiKey });
    expect(listed.body).toMatchObject({ used: 5, limit: 5 });
    expect((await user.client.call('/api/v1/account', { key: user.apiKey })).body).toMatchObject({
      counts: { webhooks: 5, webhooksLimit: 5 },
    });
    const sixth = await user.client.call('/api/v1/webhooks', {
      method: 'POST',
      key: user.apiKey,
      body: { url: receiver.url, events: ['score_change'] },
    });
    expect(sixth.status).toBe(403);
  });
});
