import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { requestSignInToken, setAccount, signUp, type SignedIn } from '../support/accounts.js';

const receivers: WebhookReceiver[] = [];
let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(async () => {
  await Promise.all([shop.close(), ...receivers.map((receiver) => receiver.close())]);
});

/** A pro account at its one-key limit, signed in again: the dashboard session that sign-in gives. */
async function proSession(): Promise<{ user: SignedIn; session: string }> {
  const user = await signUp({ tier: 'pro' });
  const answer = await user.client.call('/api/v1/auth/verify', { method: 'POST', body: { token: await requestSignInToken(user.email) } });
  expect(answer.body.kind).toBe('session');
  return { user, session: answer.body.sessionToken as string };
}

async function monthlyApiCalls(user: SignedIn): Promise<number> {
  const account = await user.client.call('/api/v1/account', { key: user.apiKey });
  return (account.body.usage as { monthlyApiCalls: number }).monthlyApiCalls;
}

// docs/decisions/067-webhooks-in-the-dashboard.md
describe('webhooks from a dashboard session', () => {
  it('a session manages webhooks end to end, spends none of the allowance, and still cannot run scans or batches', async () => {
    const { user, session } = await proSession();
    const { client } = user;
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const before = await monthlyApiCalls(user);
    const base = '/api/v1/account/webhooks';

    const listed = await client.call(base, { key: session });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ webhooks: [], limit: 1, used: 0, allowedEvents: expect.arrayContaining(['score_change']) });

    const created = await client.call(base, {
      method: 'POST',
      key: session,
      body: { url: receiver.url, events: ['score_change'], label: 'CI' },
    });
    expect(created.status).toBe(201);
    const id = (created.body.webhook as { id: string }).id;
    const secret = created.body.secret as string;

    const tested = await client.call(`${base}/${id}/test`, { method: 'POST', key: session });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ success: true, statusCode: 200 });
    expect(receiver.received).toHaveLength(1);
    const signature = createHmac('sha256', Buffer.from(secret, 'utf8')).update(receiver.received[0]!.body).digest('hex');
    expect(receiver.received[0]!.headers['x-service-signature']).toBe(signature);

    const deleted = await client.call(`${base}/${id}`, { method: 'DELETE', key: session });
    expect(deleted.status).toBe(200);
    expect((await client.call(base, { key: session })).body).toMatchObject({ webhooks: [], used: 0 });

    // A real event (growth's scan_complete, from a scan the key runs) is in the log and redelivered by the session.
    await setAccount(user.accountId, { tier: 'growth' });
    const again = await client.call(base, { method: 'POST', key: session, body: { url: receiver.url, events: ['scan_complete'] } });
    expect(again.status).toBe(201);
    const growthId = (again.body.webhook as { id: string }).id;
    expect((await client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } })).status).toBe(200);
    await waitUntil(async () => receiver.received.length >= 2, {
      timeoutMs: 30_000,
      intervalMs: 50,
      description: 'the scan_complete delivery',
    });
    const log = await client.call(`${base}/${growthId}/deliveries`, { key: session });
    expect(log.status).toBe(200);
    const [event] = log.body.deliveries as Array<{ eventId: string; eventType: string; test: boolean }>;
    expect(event).toMatchObject({ eventType: 'scan_complete', test: false });
    const redelivered = await client.call(`${base}/${growthId}/deliveries/${event!.eventId}/redeliver`, { method: 'POST', key: session });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toMatchObject({ success: true, statusCode: 200 });
    expect(receiver.received).toHaveLength(3);
    // The legacy path family takes the session the same way.
    expect((await client.call(`/api/v1/webhooks/${growthId}/deliveries`, { key: session })).body.deliveries).toHaveLength(2);

    // The metered API stays closed to a session.
    for (const [path, method, body] of [
      ['/api/v1/scan', 'POST', { url: 'https://shop.example.com/' }],
      ['/api/v1/batch/scan', 'POST', { urls: ['https://shop.example.com/'] }],
    ] as const) {
      const refused = await client.call(path, { method, key: session, body });
      expect(refused.status, path).toBe(401);
      expect(refused.body.error, path).toMatch(/^A dashboard session is not an API key/);
    }
    // Nothing above but the key's scan counted against the monthly allowance.
    expect((await client.call(base, { key: user.apiKey })).status).toBe(200);
    expect(await monthlyApiCalls(user)).toBe(before + 1);
  });

  it('concurrent webhook calls by key and session count no API call, and only one webhook fits the pro limit', async () => {
    const { user, session } = await proSession();
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const before = await monthlyApiCalls(user);
    const creations = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        user.client.call('/api/v1/account/webhooks', {
          method: 'POST',
          key: index % 2 ? session : user.apiKey,
          body: { url: receiver.url, events: ['score_change'] },
        }),
      ),
    );
    expect(creations.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(creations.filter((answer) => answer.status === 403)).toHaveLength(9);
    const lists = await Promise.all(
      Array.from({ length: 10 }, (_, index) => user.client.call('/api/v1/webhooks', { key: index % 2 ? session : user.apiKey })),
    );
    expect(lists.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await monthlyApiCalls(user)).toBe(before);
  });
});
