import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queue, QueueName } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { getBatch, listOwnedBatches } from '#shared/db/batch-store.js';
import { accountKey } from '#shared/db/account-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { BatchItemMessage, BatchMessage } from '#shared/model/batches/batch-message.js';
import { createBatch } from '#shared/use-cases/batches/batch-requests.js';
import { failAbandonedItem, scanBatchItem, settleIfDone } from '#shared/use-cases/batches/scan-item.js';
import { AppError } from '#shared/model/errors.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { ensureTable } from '../../../bin/local/create-table.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { waitUntil } from '../../../bin/local/wait-until.js';
import { signUp, testTable } from '../support/accounts.js';
import { bindTable } from '#shared/db/table.js';
import { putGrowthAccount } from './growth-account.js';

// The domain's tests: a table of their own and a queue that only records (no worker takes the batches).
const tableName = `outstanding-${randomUUID().slice(0, 8)}`;
let client: DynamoDBClient;
let shop: RunningShop;
let deps: Dependencies;
const sent: Array<{ queue: QueueName; message: unknown }> = [];
const queue: Queue = {
  send: async (name, message) => void sent.push({ queue: name, message }),
  sendMany: async (name, messages) => void sent.push(...messages.map((message) => ({ queue: name, message }))),
  retryLater: async () => undefined,
  ping: async () => undefined,
};

function growthAccount(): Promise<Caller> {
  return putGrowthAccount(deps.table);
}

async function counts(accountId: string) {
  const { Item } = await deps.table.client.send(new GetCommand({ TableName: tableName, Key: accountKey(accountId), ConsistentRead: true }));
  return { batchCount: Item!.batchCount as number, batchesOutstanding: Item!.batchesOutstanding as number };
}

const messagesOf = (batchId: string) =>
  sent
    .filter((entry) => entry.queue === 'batch')
    .map((entry) => entry.message as BatchMessage)
    .filter((message) => message.batchId === batchId);

beforeAll(async () => {
  client = new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')));
  await ensureTable(client, tableName);
  const config = loadConfig({ TABLE_NAME: tableName, ALLOW_PRIVATE_TARGETS: '127.0.0.1' });
  expect(config.batchesOutstandingMax).toBe(5);
  deps = createDependencies(config, {
    table: bindTable(DynamoDBDocumentClient.from(client), tableName),
    queue,
    fetcher: createFetcher({ allowPrivateHosts: ['127.0.0.1'] }),
  });
  shop = await startShop('agent-ready');
}, 60_000);

afterAll(async () => {
  await shop.close();
  await deps.fetcher.close();
  client.destroy();
});

describe('outstanding batches per account (DynamoDB Local)', () => {
  it('accepts exactly 5 of 20 concurrent submissions, and refuses the rest with 429 and Retry-After', async () => {
    const caller = await growthAccount();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => createBatch(caller, { urls: [`${shop.origin}/?n=${index}`] }, deps)),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        kind: 'rate_limited',
        retryAfterSeconds: 30,
        message: expect.stringMatching(/at most 5 batches per account may be pending or processing/),
      });
    }
    expect(await counts(caller.accountId)).toEqual({ batchCount: 5, batchesOutstanding: 5 });
    const { batches } = await listOwnedBatches(deps.table, caller.accountId, { limit: 20, offset: 0 });
    expect(batches).toHaveLength(5);
    // Only the accepted batches were queued.
    expect(sent.filter((entry) => entry.queue === 'batch' && (entry.message as BatchMessage).accountId === caller.accountId)).toHaveLength(
      5,
    );
  }, 60_000);

  it('gives a place back when a batch ends, completed, failed or through the dead-letter queue, and only once', async () => {
    const caller = await growthAccount();
    const scanned = await createBatch(caller, { urls: [`${shop.origin}/`] }, deps);
    const nothingToScan = await createBatch(caller, { urls: ['not a url'] }, deps);
    const abandoned = await createBatch(caller, { urls: [`${shop.origin}/products/gift-card.html`] }, deps);
    await createBatch(caller, { urls: ['not a url either'] }, deps);
    await createBatch(caller, { urls: ['still not a url'] }, deps);
    await expect(createBatch(caller, { urls: ['one too many'] }, deps)).rejects.toMatchObject({ kind: 'rate_limited' });

    const [item] = messagesOf(scanned.batchId) as BatchItemMessage[];
    expect(await scanBatchItem(item!, deps, { leaseMs: 60_000, lastAttempt: false })).toEqual({ kind: 'done', outcome: 'scanned' });
    expect(await getBatch(deps.table, scanned.batchId)).toMatchObject({ status: 'completed' });
    expect(await counts(caller.accountId)).toEqual({ batchCount: 5, batchesOutstanding: 4 });

    // The settle message delivered four times at once: one transition, one place back.
    expect(
      (await Promise.all([1, 2, 3, 4].map(() => settleIfDone(nothingToScan.batchId, deps)))).filter((outcome) => outcome === 'settled'),
    ).toHaveLength(1);
    expect(await getBatch(deps.table, nothingToScan.batchId)).toMatchObject({ status: 'failed' });
    expect(await counts(caller.accountId)).toEqual({ batchCount: 5, batchesOutstanding: 3 });

    const [stuck] = messagesOf(abandoned.batchId) as BatchItemMessage[];
    expect(await failAbandonedItem(stuck!, deps)).toBe('failed');
    expect(await failAbandonedItem(stuck!, deps)).toBe('already_done');
    expect(await getBatch(deps.table, abandoned.batchId)).toMatchObject({ status: 'failed' });
    expect(await counts(caller.accountId)).toEqual({ batchCount: 5, batchesOutstanding: 2 });

    // The freed places take new batches, up to the cap again.
    for (const url of ['a new one', 'and another', 'and a third']) await createBatch(caller, { urls: [url] }, deps);
    await expect(createBatch(caller, { urls: ['one too many'] }, deps)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(await counts(caller.accountId)).toEqual({ batchCount: 8, batchesOutstanding: 5 });
  }, 60_000);

  it('keeps the count exact while batches end and new ones are submitted at once', async () => {
    const caller = await growthAccount();
    const first = await Promise.all(Array.from({ length: 5 }, (_, index) => createBatch(caller, { urls: [`invalid ${index}`] }, deps)));
    // Five batches end while twenty submissions race for the places they free.
    const [, submissions] = await Promise.all([
      Promise.all(first.map((batch) => settleIfDone(batch.batchId, deps))),
      Promise.allSettled(Array.from({ length: 20 }, (_, index) => createBatch(caller, { urls: [`another ${index}`] }, deps))),
    ]);
    const accepted = submissions.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(submissions.every((outcome) => outcome.status === 'fulfilled' || (outcome.reason as AppError).kind === 'rate_limited')).toBe(
      true,
    );
    expect(accepted).toBeLessThanOrEqual(5);
    expect(await counts(caller.accountId)).toEqual({ batchCount: 5 + accepted, batchesOutstanding: accepted });
  }, 60_000);

  it('takes back a batch whose messages could not be queued: no batch, no place held', async () => {
    const caller = await growthAccount();
    const failing: Dependencies = { ...deps, queue: { ...queue, sendMany: async () => Promise.reject(new Error('SQS is unavailable')) } };
    await expect(createBatch(caller, { urls: [`${shop.origin}/`] }, failing)).rejects.toThrow('SQS is unavailable');
    expect(await counts(caller.accountId)).toEqual({ batchCount: 0, batchesOutstanding: 0 });
    expect((await listOwnedBatches(deps.table, caller.accountId, { limit: 20, offset: 0 })).batches).toEqual([]);
  });
});

describe('POST /api/v1/batch/scan beyond the cap, on the local stack', () => {
  // Pages that hang up after 3 s without answering keep the batches processing while the submissions race.
  let stalling: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    stalling = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      setTimeout(() => socket.destroy(), 3_000).unref();
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => stalling.close(resolve));
  });

  it('answers 429 with Retry-After to all but 5 of 20 concurrent submissions, and takes a new batch once one has ended', async () => {
    const user = await signUp({ tier: 'growth' });
    const { port } = stalling.address() as { port: number };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        user.client.call('/api/v1/batch/scan', {
          method: 'POST',
          key: user.apiKey,
          body: { urls: [`http://127.0.0.1:${port}/stall-${index}`] },
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('30');
      expect(answer.body).toEqual({
        error: expect.stringMatching(/^Too many batches in progress: at most 5 batches/),
        retryAfterSeconds: 30,
      });
    }
    expect((await user.client.call('/api/v1/batch/scans', { key: user.apiKey })).body).toMatchObject({ total: 5 });

    // A batch whose target hung up has failed and given its place back.
    await waitUntil(
      async () => {
        const detail = await user.client.call(`/api/v1/batch/scan/${accepted[0]!.body.batchId as string}`, { key: user.apiKey });
        return detail.body.status === 'failed';
      },
      { timeoutMs: 90_000, intervalMs: 500, description: 'a stalled batch to fail' },
    );
    const again = await user.client.call('/api/v1/batch/scan', { method: 'POST', key: user.apiKey, body: { urls: ['not a url'] } });
    expect(again.status).toBe(202);
    const { Item } = await testTable().client.send(
      new GetCommand({ TableName: inject('tableName'), Key: accountKey(user.accountId), ConsistentRead: true }),
    );
    expect(Item!.batchesOutstanding).toBeLessThanOrEqual(5);
  }, 120_000);
});
