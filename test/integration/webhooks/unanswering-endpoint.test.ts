import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { itemsWhere, signUp } from '../support/accounts.js';

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

describe('a webhook test or redelivery to an endpoint that accepts the connection and never answers', () => {
  it('answers 200 {success: false} before the function deadline (a 504 otherwise), logs each attempt as a timeout, and leaves the endpoint on', async () => {
    const user = await signUp({ tier: 'growth' });
    const target = await startWebhookReceiver(200);
    receivers.push(target);
    const created = await user.client.call('/api/v1/webhooks', {
      method: 'POST',
      key: user.apiKey,
      body: { url: target.url, events: ['scan_complete'] },
    });
    expect(created.status).toBe(201);
    const id = (created.body.webhook as { id: string }).id;

    // An event delivered while the endpoint still answered, to redeliver once it no longer does.
    const sqs = new SQSClient(localClientConfig(inject('sqsEndpoint'), inject('awsRegion')));
    const eventId = randomUUID();
    const event = {
      id: eventId,
      type: 'scan_complete',
      accountId: user.accountId,
      occurredAt: new Date().toISOString(),
      data: {
        scanId: randomUUID(),
        url: 'https://shop.example/',
        score: 70,
        band: 'partially_ready',
        tier: 'growth',
        siteId: null,
        batchId: null,
      },
    };
    await sqs.send(
      new SendMessageCommand({ QueueUrl: inject('queues').webhook.url, MessageBody: JSON.stringify({ kind: 'event', event }) }),
    );
    sqs.destroy();
    await waitUntil(async () => (await itemsWhere('WebhookDelivery', 'webhookId', id)).some((item) => item.state === 'delivered'), {
      timeoutMs: 30_000,
      intervalMs: 100,
      description: 'the event to be delivered',
    });

    target.hang();
    const started = Date.now();
    const [tested, redelivered] = await Promise.all([
      user.client.call(`/api/v1/webhooks/${id}/test`, { method: 'POST', key: user.apiKey }),
      user.client.call(`/api/v1/account/webhooks/${id}/deliveries/${eventId}/redeliver`, { method: 'POST', key: user.apiKey }),
    ]);
    const tookMs = Date.now() - started;
    // The local stack answers 504 when a handler outlives its function's time-out, and 500 when it throws.
    // How long it waits depends on the time left after the DynamoDB deadlines (the test stack's are long).
    const timedOut = {
      success: false,
      statusCode: null,
      message: expect.stringMatching(/^Timed out: the endpoint did not answer within [\d.]+ seconds$/),
    };
    expect([tested.status, tested.body]).toEqual([200, timedOut]);
    expect([redelivered.status, redelivered.body]).toEqual([200, timedOut]);
    expect(target.received).toHaveLength(3);
    console.info(`test and redelivery to a silent endpoint answered after ${tookMs} ms`);

    const log = (await user.client.call(`/api/v1/webhooks/${id}/deliveries`, { key: user.apiKey })).body.deliveries as Array<
      Record<string, unknown>
    >;
    const testEntry = log.find((entry) => entry.test === true);
    expect(testEntry).toMatchObject({ attempt: 1, success: false, statusCode: null, error: 'timeout', eventType: 'scan_complete' });
    expect(log.filter((entry) => entry.eventId === eventId).map((entry) => [entry.attempt, entry.success, entry.error])).toEqual([
      [2, false, 'timeout'],
      [1, true, null],
    ]);
    const listed = await user.client.call('/api/v1/webhooks', { key: user.apiKey });
    expect((listed.body.webhooks as Array<Record<string, unknown>>).find((webhook) => webhook.id === id)).toMatchObject({
      isActive: true,
      lastStatusCode: null,
      failureCount: 2,
    });
    // The redelivery's hold on the event is over: it can be redelivered again (once the endpoint answers).
    target.answer(200);
    const again = await user.client.call(`/api/v1/webhooks/${id}/deliveries/${eventId}/redeliver`, { method: 'POST', key: user.apiKey });
    expect([again.status, again.body.success]).toEqual([200, true]);
  }, 60_000);
});
