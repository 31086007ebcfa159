import { createHmac, timingSafeEqual } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { buyBasisOf } from '#shared/model/scans/exercised-buys.js';
import type { AssistantRecord } from '#shared/model/scans/scan-result.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { itemsWhere, mailsTo, setAccount, signUp, type SignedIn } from '../support/accounts.js';
import { callApi } from '../support/http.js';
import { changeShopWhileNoRescan } from '../support/host-lease.js';

const receivers: WebhookReceiver[] = [];
let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(async () => {
  await Promise.all([shop.close(), ...receivers.map((receiver) => receiver.close())]);
});

async function receiver(status = 200): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(status);
  receivers.push(started);
  return started;
}

async function register(user: SignedIn, url: string, events: string[], base = '/api/v1/webhooks'): Promise<{ id: string; secret: string }> {
  const created = await user.client.call(base, { method: 'POST', key: user.apiKey, body: { url, events } });
  expect(created.status).toBe(201);
  return { id: (created.body.webhook as { id: string }).id, secret: created.body.secret as string };
}

async function webhookRecord(user: SignedIn, id: string): Promise<Record<string, unknown>> {
  const listed = await user.client.call('/api/v1/webhooks', { key: user.apiKey });
  return (listed.body.webhooks as Array<Record<string, unknown>>).find((webhook) => webhook.id === id)!;
}

async function deliveryLog(user: SignedIn, id: string, base = '/api/v1/webhooks'): Promise<Array<Record<string, unknown>>> {
  const response = await user.client.call(`${base}/${id}/deliveries`, { key: user.apiKey });
  expect(response.status).toBe(200);
  return response.body.deliveries as Array<Record<string, unknown>>;
}

/** Fails saying what did arrive, and when, so a slow retry shows which gap ran long. */
async function receivedCount(target: WebhookReceiver, count: number, description: string, timeoutMs = 30_000): Promise<void> {
  const startedAt = Date.now();
  await waitUntil(async () => target.received.length >= count, { timeoutMs, intervalMs: 50, description }).catch((error: Error) => {
    const arrivals = target.received.map((delivery) => `${((delivery.at - startedAt) / 1000).toFixed(1)} s`);
    throw new Error(`${error.message}; ${arrivals.length} arrived${arrivals.length > 0 ? ` at ${arrivals.join(', ')}` : ''}`);
  });
}

/** Both signatures check out with the secret shown at creation. */
function expectSigned(delivery: ReceivedDelivery, secret: string): void {
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(delivery.body).digest();
  const given = Buffer.from(String(delivery.headers['x-service-signature']), 'hex');
  expect(given.length).toBe(32);
  expect(timingSafeEqual(given, expected)).toBe(true);
  const headers = {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  };
  expect(new Webhook(secret).verify(delivery.body, headers)).toEqual(JSON.parse(delivery.body));
}

describe('webhook deliveries on the local stack', () => {
  it.each(['/api/v1/webhooks', '/api/v1/account/webhooks'])(
    'sends a signed test delivery (%s) and answers with its outcome',
    async (base) => {
      const user = await signUp({ tier: 'pro' });
      const target = await receiver();
      const { id, secret } = await register(user, target.url, ['score_change'], base);
      const tested = await user.client.call(`${base}/${id}/test`, { method: 'POST', key: user.apiKey });
      expect(tested.status).toBe(200);
      expect(tested.body).toEqual({ success: true, statusCode: 200, message: expect.stringMatching(/200/) });
      expect(target.received).toHaveLength(1);
      const [delivery] = target.received;
      expectSigned(delivery!, secret);
      expect(JSON.parse(delivery!.body)).toMatchObject({
        id: delivery!.headers['webhook-id'],
        type: 'score_change',
        createdAt: expect.any(String),
        test: true,
        data: { score: expect.any(Number) },
      });
      expect(await webhookRecord(user, id)).toMatchObject({ lastStatusCode: 200, lastTriggeredAt: expect.any(String), failureCount: 0 });
      expect(await deliveryLog(user, id, base)).toEqual([
        {
          eventId: delivery!.headers['webhook-id'],
          eventType: 'score_change',
          attempt: 1,
          test: true,
          success: true,
          statusCode: 200,
          error: null,
          durationMs: expect.any(Number),
          attemptedAt: expect.any(String),
        },
      ]);
    },
  );

  it('says why a test failed, and allows 5 tests per hour per webhook (429 with Retry-After after that)', async () => {
    const user = await signUp({ tier: 'pro' });
    const target = await receiver(503);
    const { id } = await register(user, target.url, ['score_change']);
    const failed = await user.client.call(`/api/v1/webhooks/${id}/test`, { method: 'POST', key: user.apiKey });
    expect(failed.body).toEqual({ success: false, statusCode: 503, message: expect.stringMatching(/503/) });
    await target.close();
    const refused = await user.client.call(`/api/v1/webhooks/${id}/test`, { method: 'POST', key: user.apiKey });
    expect(refused.body).toEqual({ success: false, statusCode: null, message: expect.stringMatching(/refused/i) });
    for (let test = 3; test <= 5; test += 1)
      expect((await user.client.call(`/api/v1/account/webhooks/${id}/test`, { method: 'POST', key: user.apiKey })).status).toBe(200);
    const limited = await user.client.call(`/api/v1/webhooks/${id}/test`, { method: 'POST', key: user.apiKey });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await webhookRecord(user, id)).toMatchObject({ isActive: true, lastStatusCode: null });
    const other = await signUp({ tier: 'pro' });
    expect((await other.client.call(`/api/v1/webhooks/${id}/test`, { method: 'POST', key: other.apiKey })).status).toBe(404);
    expect((await other.client.call(`/api/v1/webhooks/${id}/deliveries`, { key: other.apiKey })).status).toBe(404);
  });

  it("delivers a growth account's scan_complete, signed, to its subscribed endpoint only", async () => {
    const user = await signUp({ tier: 'growth' });
    const subscribed = await receiver();
    const other = await receiver();
    const { id, secret } = await register(user, subscribed.url, ['scan_complete']);
    await register(user, other.url, ['score_change']);
    const scanned = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    expect(scanned.status).toBe(200);
    await receivedCount(subscribed, 1, 'the scan_complete delivery');
    const [delivery] = subscribed.received;
    expectSigned(delivery!, secret);
    const event = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(event).toEqual({
      id: delivery!.headers['webhook-id'],
      type: 'scan_complete',
      createdAt: expect.any(String),
      data: {
        scanId: scanned.body.id,
        url: scanned.body.url,
        score: scanned.body.score,
        band: scanned.body.band,
        tier: 'growth',
        siteId: null,
        batchId: null,
        assistants: (scanned.body.assistants as AssistantRecord[]).map((assistant) => ({
          id: assistant.id,
          verdict: assistant.verdict,
          ...buyBasisOf(assistant),
        })),
      },
    });
    // The shop's UCP and ACP checkout endpoints answered the scan's probes: those two buy steps were exercised.
    const exercised = (event.data as { assistants: Array<{ id: string; buyBasis: string }> }).assistants.filter(
      (assistant) => assistant.buyBasis === 'exercised',
    );
    expect(exercised.map((assistant) => assistant.id).sort()).toEqual(['chatgpt', 'google']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(other.received).toHaveLength(0);
    expect(subscribed.received).toHaveLength(1);
    expect(await webhookRecord(user, id)).toMatchObject({ lastStatusCode: 200, failureCount: 0 });
  });

  it('retries a failing endpoint with growing gaps and the same webhook-id, counts failures, disables it after the run and mails the owner', async () => {
    const user = await signUp({ tier: 'growth' });
    const target = await receiver(500);
    const { id } = await register(user, target.url, ['scan_complete']);
    expect((await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } })).status).toBe(
      200,
    );
    // The stack retries after about 1, 2, 4 s and disables after 4 failures in a row (global setup).
    await receivedCount(target, 4, 'four attempts', 45_000);
    const ids = new Set(target.received.map((delivery) => delivery.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(target.received.map((delivery) => delivery.body)).size).toBe(1);
    const gaps = target.received.slice(1).map((delivery, index) => delivery.at - target.received[index]!.at);
    // Waits of 1, 2 and 3-5 s (base x 2^(n-1), ±20 %, in whole seconds as SQS delays are). Each attempt is seen up
    // to a queue poll (1 s) after its wait, so neighbouring gaps can cross; the waits themselves cannot shrink.
    expect(
      gaps.map((gap, index) => gap >= [1_000, 2_000, 3_000][index]!),
      JSON.stringify(gaps),
    ).toEqual([true, true, true]);
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!);

    await waitUntil(async () => (await webhookRecord(user, id)).isActive === false, {
      timeoutMs: 10_000,
      intervalMs: 200,
      description: 'the endpoint to be disabled',
    });
    expect(await webhookRecord(user, id)).toMatchObject({ isActive: false, failureCount: 4, lastStatusCode: 500 });
    await waitUntil(async () => (await mailsTo(user.email)).some((mail) => mail.subject.startsWith('Webhook disabled')), {
      timeoutMs: 15_000,
      intervalMs: 200,
      description: 'the disabled-webhook mail',
    });
    const mail = (await mailsTo(user.email)).find((entry) => entry.subject.startsWith('Webhook disabled'))!;
    expect(mail.body.text).toContain(target.url);
    expect(mail.body.text).toContain('4 deliveries in a row failed');

    const log = await deliveryLog(user, id);
    expect(log.map((entry) => entry.attempt)).toEqual([4, 3, 2, 1]);
    for (const entry of log)
      expect(entry).toMatchObject({ success: false, statusCode: 500, error: 'status 500', eventType: 'scan_complete', test: false });

    // The delivery is settled (no attempt follows a disabling); a successful test turns the endpoint back on.
    expect((await itemsWhere('WebhookDelivery', 'webhookId', id)).map((item) => [item.state, item.attempts])).toEqual([['failed', 4]]);
    target.answer(200);
    expect((await user.client.call(`/api/v1/webhooks/${id}/test`, { method: 'POST', key: user.apiKey })).body).toMatchObject({
      success: true,
    });
    expect(await webhookRecord(user, id)).toMatchObject({ isActive: true, failureCount: 0 });
  }, 90_000);

  it('disables an endpoint that answers 410 at once, and mails its owner once', async () => {
    const user = await signUp({ tier: 'growth' });
    const target = await receiver(410);
    const { id } = await register(user, target.url, ['scan_complete']);
    await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    await receivedCount(target, 1, 'the delivery');
    await waitUntil(async () => (await mailsTo(user.email)).some((mail) => mail.subject.startsWith('Webhook disabled')), {
      timeoutMs: 15_000,
      intervalMs: 200,
      description: 'the disabled-webhook mail',
    });
    expect(await webhookRecord(user, id)).toMatchObject({ isActive: false, failureCount: 1, lastStatusCode: 410 });
    await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(target.received).toHaveLength(1);
    expect((await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Webhook disabled'))).toHaveLength(1);
  });

  it('sends an event once however often its delivery message is delivered, and redelivers it at once on request', async () => {
    const user = await signUp({ tier: 'growth' });
    const target = await receiver();
    const { id, secret } = await register(user, target.url, ['scan_complete']);
    await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    await receivedCount(target, 1, 'the delivery');
    const eventId = String(target.received[0]!.headers['webhook-id']);

    // The same delivery message, as SQS might hand it back, five times at once.
    const sqs = new SQSClient(localClientConfig(inject('sqsEndpoint'), inject('awsRegion')));
    const message = JSON.stringify({ kind: 'delivery', accountId: user.accountId, webhookId: id, eventId });
    await Promise.all(
      Array.from({ length: 5 }, () => sqs.send(new SendMessageCommand({ QueueUrl: inject('queues').webhook.url, MessageBody: message }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(target.received).toHaveLength(1);

    const redelivered = await user.client.call(`/api/v1/webhooks/${id}/deliveries/${eventId}/redeliver`, {
      method: 'POST',
      key: user.apiKey,
    });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toEqual({ success: true, statusCode: 200, message: expect.any(String) });
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.body).toBe(target.received[0]!.body);
    expect(target.received[1]!.headers['webhook-id']).toBe(eventId);
    expectSigned(target.received[1]!, secret);
    const log = await deliveryLog(user, id);
    expect(log.map((entry) => [entry.eventId, entry.attempt, entry.success])).toEqual([
      [eventId, 2, true],
      [eventId, 1, true],
    ]);
    const unknown = await user.client.call(`/api/v1/webhooks/${id}/deliveries/${crypto.randomUUID()}/redeliver`, {
      method: 'POST',
      key: user.apiKey,
    });
    expect(unknown.status).toBe(404);
    sqs.destroy();
  });

  it('after a drop to pro, delivers only what pro allows, to the oldest endpoint within its limit', async () => {
    const user = await signUp({ tier: 'growth' });
    const oldest = await receiver();
    const newer = await receiver();
    await register(user, oldest.url, ['scan_complete', 'score_change']);
    await register(user, newer.url, ['score_change']);
    await setAccount(user.accountId, { tier: 'pro' });
    await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    // A score_change as a rescan raises it, straight onto the webhook queue.
    const sqs = new SQSClient(localClientConfig(inject('sqsEndpoint'), inject('awsRegion')));
    const event = {
      id: crypto.randomUUID(),
      type: 'score_change',
      accountId: user.accountId,
      occurredAt: new Date().toISOString(),
      data: { siteId: crypto.randomUUID(), score: 50 },
    };
    await sqs.send(
      new SendMessageCommand({ QueueUrl: inject('queues').webhook.url, MessageBody: JSON.stringify({ kind: 'event', event }) }),
    );
    await receivedCount(oldest, 1, 'the score_change delivery');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(oldest.received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type)).toEqual(['score_change']);
    expect(newer.received).toHaveLength(0);
    sqs.destroy();
  });

  it("delivers a rescan's score_change, threshold_alert and scan_complete, and mails no digest for what the webhook covers", async () => {
    const changing = await startShop('agent-ready');
    try {
      const user = await signUp({ tier: 'growth' });
      const target = await receiver();
      const added = await user.client.call('/api/v1/watched-sites', {
        method: 'POST',
        key: user.apiKey,
        body: { url: `${changing.origin}/`, label: 'Hooked shop' },
      });
      const siteId = (added.body.site as { id: string }).id;
      const site = async () =>
        (await user.client.call(`/api/v1/watched-sites/${siteId}`, { key: user.apiKey })).body.site as { lastScore: number | null };
      await waitUntil(async () => (await site()).lastScore !== null, { timeoutMs: 60_000, intervalMs: 500, description: 'the first scan' });
      const first = (await site()) as { lastScore: number };
      await user.client.call(`/api/v1/watched-sites/${siteId}/thresholds`, {
        method: 'POST',
        key: user.apiKey,
        body: { condition: 'drops_below', value: first.lastScore - 1 },
      });
      const { secret } = await register(user, target.url, ['score_change', 'threshold_alert', 'scan_complete']);
      await changeShopWhileNoRescan(changing.origin, () => changing.serve('typical-gaps'));
      expect(
        (await callApi('/_local/rescan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"all": true}' }))
          .status,
      ).toBe(202);
      await waitUntil(
        async () => new Set(target.received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type)).size >= 3,
        { timeoutMs: 60_000, intervalMs: 200, description: 'the three events of the rescan' },
      );
      const byType = new Map(target.received.map((delivery) => [(JSON.parse(delivery.body) as { type: string }).type, delivery]));
      for (const delivery of byType.values()) expectSigned(delivery, secret);
      const change = JSON.parse(byType.get('score_change')!.body) as { data: Record<string, unknown> };
      expect(change.data).toMatchObject({ siteId, label: 'Hooked shop', previousScore: first.lastScore, scanId: expect.any(String) });
      expect(change.data.change).toBe((change.data.score as number) - first.lastScore);
      const alert = JSON.parse(byType.get('threshold_alert')!.body) as { data: Record<string, unknown> };
      expect(alert.data).toMatchObject({ siteId, threshold: { condition: 'drops_below', value: first.lastScore - 1, isActive: true } });
      expect(JSON.parse(byType.get('scan_complete')!.body)).toMatchObject({ data: { siteId, batchId: null, tier: 'growth' } });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await mailsTo(user.email)).filter((mail) => mail.subject.startsWith('Hooked shop'))).toEqual([]);
    } finally {
      await changing.close();
    }
  }, 120_000);
});
