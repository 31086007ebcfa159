import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import { putBatch } from '#shared/db/batch-store.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { signUp, testTable, type SignedIn } from '../support/accounts.js';
import type { z } from 'zod';
import type { BatchDetail as BatchDetailSchema } from '#shared/http/schemas/batch-schemas.js';

let agentReady: RunningShop;
let gaps: RunningShop;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [agentReady, gaps, receiver] = await Promise.all([startShop('agent-ready'), startShop('typical-gaps'), startWebhookReceiver()]);
});
afterAll(async () => {
  await Promise.all([agentReady.close(), gaps.close(), receiver.close()]);
});

type BatchDetail = z.output<typeof BatchDetailSchema>;

async function finished(user: SignedIn, batchId: string): Promise<BatchDetail> {
  let detail: BatchDetail | undefined;
  await waitUntil(
    async () => {
      const response = await user.client.call(`/api/v1/batch/scan/${batchId}`, { key: user.apiKey });
      if (response.status !== 200) throw new Error(`GET batch answered ${response.status}: ${response.text}`);
      detail = response.body as unknown as BatchDetail;
      return detail.status === 'completed' || detail.status === 'failed';
    },
    { timeoutMs: 90_000, intervalMs: 500, description: `batch ${batchId} to finish` },
  );
  return detail!;
}

describe('batch scans on the local stack', () => {
  it('accepts 10 URLs (8 pages, a duplicate, an invalid one), scans the 8 and fails the invalid one with its reason', async () => {
    const user = await signUp({ tier: 'growth' });
    const created = await user.client.call('/api/v1/webhooks', {
      method: 'POST',
      key: user.apiKey,
      body: { url: receiver.url, events: ['batch_complete'] },
    });
    expect(created.status).toBe(201);
    const products = [
      'alpine-down-sleeping-bag',
      'carbon-trekking-poles',
      'gift-card',
      'merino-crew-base-layer',
      'trailhead-gtx-hiking-boot',
      'vacuum-bottle-750',
    ];
    const pages = [
      `${agentReady.origin}/`,
      ...products.map((product) => `${agentReady.origin}/products/${product}.html`),
      `${gaps.origin}/`,
    ];
    const urls = [...pages, `${agentReady.origin}/#reviews`, 'javascript:alert(1)'];
    const before = (await user.client.call('/api/v1/account', { key: user.apiKey })).body as { usage: { dailyScans: number } };

    const accepted = await user.client.call('/api/v1/batch/scan', { method: 'POST', key: user.apiKey, body: { urls, label: 'Catalogue' } });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ batchId: expect.any(String), status: 'pending', totalUrls: 9 });
    const batchId = accepted.body.batchId as string;

    const detail = await finished(user, batchId);
    expect(detail).toMatchObject({
      id: batchId,
      status: 'completed',
      label: 'Catalogue',
      totalUrls: 9,
      completedUrls: 8,
      failedUrls: 1,
      completedAt: expect.any(String),
    });
    expect(detail.results.map((item) => item.url)).toEqual([...pages, 'javascript:alert(1)']);
    for (const item of detail.results.slice(0, 8))
      expect(item).toMatchObject({
        status: 'completed',
        scanId: expect.any(String),
        score: expect.any(Number),
        band: expect.any(String),
        error: null,
      });
    expect(detail.results[8]).toEqual({
      url: 'javascript:alert(1)',
      status: 'failed',
      scanId: null,
      score: null,
      band: null,
      error: expect.stringMatching(/http or https/),
    });

    const scan = await user.client.call(`/api/v1/scan/${detail.results[1]!.scanId}`, { key: user.apiKey });
    expect(scan.status).toBe(200);
    expect(scan.body.score).toBe(detail.results[1]!.score);
    const after = (await user.client.call('/api/v1/account', { key: user.apiKey })).body as { usage: { dailyScans: number } };
    expect(after.usage.dailyScans - before.usage.dailyScans).toBe(8);

    const listed = await user.client.call('/api/v1/batch/scans', { key: user.apiKey });
    expect(listed.body).toMatchObject({
      total: 1,
      batches: [{ id: batchId, label: 'Catalogue', status: 'completed', totalUrls: 9, completedUrls: 8, failedUrls: 1 }],
    });

    await waitUntil(async () => receiver.received.length > 0, { timeoutMs: 20_000, intervalMs: 100, description: 'batch_complete' });
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'batch_complete',
      data: { batchId, status: 'completed', totalUrls: 9, completedUrls: 8, failedUrls: 1 },
    });

    const other = await signUp({ tier: 'growth' });
    expect((await other.client.call(`/api/v1/batch/scan/${batchId}`, { key: other.apiKey })).status).toBe(404);
    expect((await other.client.call('/api/v1/batch/scans', { key: other.apiKey })).body).toMatchObject({ total: 0, batches: [] });
  }, 120_000);

  it('ends failed when nothing could be scanned (unreachable and blocked URLs)', async () => {
    const user = await signUp({ tier: 'growth' });
    const closed = await startShop('agent-ready');
    const unreachable = `${closed.origin}/`;
    await closed.close();
    const accepted = await user.client.call('/api/v1/batch/scan', {
      method: 'POST',
      key: user.apiKey,
      body: { urls: [unreachable, 'https://169.254.169.254/latest/meta-data'] },
    });
    expect(accepted.status).toBe(202);
    const detail = await finished(user, accepted.body.batchId as string);
    expect(detail).toMatchObject({ status: 'failed', completedUrls: 0, failedUrls: 2 });
    expect(detail.results.map((item) => item.error)).toEqual([expect.stringMatching(/unreachable/), expect.any(String)]);
  }, 120_000);

  it('refuses malformed requests with 400, pro with 403, and stores nothing', async () => {
    const user = await signUp({ tier: 'growth' });
    const bodies: unknown[] = [
      {},
      { urls: [] },
      { urls: 'https://a.example/' },
      { urls: [42] },
      { urls: Array.from({ length: 51 }, (_, index) => `https://shop.example/p${index}`) },
      { urls: ['https://a.example/'], label: 'x'.repeat(101) },
      { urls: ['https://a.example/'], extra: 1 },
    ];
    for (const body of bodies) {
      const response = await user.client.call('/api/v1/batch/scan', { method: 'POST', key: user.apiKey, body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await user.client.call('/api/v1/batch/scan', { method: 'POST', key: user.apiKey, rawBody: '{"urls": [' })).status).toBe(400);
    expect((await user.client.call('/api/v1/batch/scans', { key: user.apiKey })).body).toMatchObject({ total: 0 });
    const pro = await signUp({ tier: 'pro' });
    const refused = await pro.client.call('/api/v1/batch/scan', {
      method: 'POST',
      key: pro.apiKey,
      body: { urls: [`${agentReady.origin}/`] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/growth/);
    expect((await user.client.call('/api/v1/batch/scan/not-a-uuid', { key: user.apiKey })).status).toBe(400);
    expect((await user.client.call(`/api/v1/batch/scan/${crypto.randomUUID()}`, { key: user.apiKey })).status).toBe(404);
  });

  it("fails an item whose message reached the batch queue's dead-letter queue, and the batch ends", async () => {
    const user = await signUp({ tier: 'growth' });
    const batchId = crypto.randomUUID();
    const createdAt = new Date().toISOString();
    // A batch whose one item's scan kept failing: its message is in the DLQ, the item still processing.
    await putBatch(
      testTable(),
      {
        id: batchId,
        accountId: user.accountId,
        label: null,
        status: 'processing',
        totalUrls: 1,
        completedUrls: 0,
        failedUrls: 0,
        createdAt,
        completedAt: null,
      },
      [
        {
          batchId,
          index: 0,
          url: 'https://stuck.example/',
          status: 'processing',
          scanId: null,
          score: null,
          band: null,
          error: null,
          leaseUntil: Date.now() + 600_000,
        },
      ],
      { maxOutstanding: 5 },
    );
    const sqs = new SQSClient(localClientConfig(inject('sqsEndpoint'), inject('awsRegion')));
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: inject('queues').batch.deadLetterUrl,
        MessageBody: JSON.stringify({ kind: 'batch-item', accountId: user.accountId, batchId, index: 0 }),
      }),
    );
    sqs.destroy();
    const detail = await finished(user, batchId);
    expect(detail).toMatchObject({
      status: 'failed',
      failedUrls: 1,
      results: [{ status: 'failed', error: expect.stringMatching(/dead-letter queue/) }],
    });
  }, 60_000);
});
