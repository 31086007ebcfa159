import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queue, QueueName } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { getBatchWithItems } from '#shared/db/batch-store.js';
import { bindTable } from '#shared/db/table.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { BatchItemMessage } from '#shared/model/batches/batch-message.js';
import { createBatch, unansweredBatchDelaySeconds } from '#shared/use-cases/batches/batch-requests.js';
import { scanBatchItem, settleIfDone } from '#shared/use-cases/batches/scan-item.js';
import type { EventMessage } from '#shared/model/events.js';
import { idempotentId } from '#shared/model/idempotency-key.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { ensureTable } from '../../../bin/local/create-table.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { faultyTable } from '../webhooks/faulty-table.js';
import { putGrowthAccount } from './growth-account.js';

// A table of its own behind a fault switch, and a queue that only records (with each message's delay).
const tableName = `unanswered-batches-${randomUUID().slice(0, 8)}`;
let client: DynamoDBClient;
let shop: RunningShop;
let table: ReturnType<typeof faultyTable>;
let deps: Dependencies;
const sent: Array<{ queue: QueueName; message: unknown; delaySeconds: number | undefined }> = [];

const queue: Queue = {
  send: async (name, message, options) => void sent.push({ queue: name, message, delaySeconds: options?.delaySeconds }),
  sendMany: async (name, messages) => void sent.push(...messages.map((message) => ({ queue: name, message, delaySeconds: undefined }))),
  retryLater: async () => undefined,
  ping: async () => undefined,
};

function growthAccount(): Promise<Caller> {
  return putGrowthAccount(deps.table);
}

const messagesOf = (accountId: string) =>
  sent.filter((entry) => entry.queue === 'batch' && (entry.message as BatchItemMessage).accountId === accountId);

beforeAll(async () => {
  client = new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')));
  await ensureTable(client, tableName);
  table = faultyTable(bindTable(DynamoDBDocumentClient.from(client), tableName));
  deps = createDependencies(loadConfig({ TABLE_NAME: tableName, ALLOW_PRIVATE_TARGETS: '127.0.0.1' }), {
    table: table.table,
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

describe('a batch whose store got no answer', () => {
  it('stored after all (the answer was lost): its messages are queued delayed anyway, so it is scanned and ends', async () => {
    const caller = await growthAccount();
    table.fail('TransactWriteCommand', 1, { lands: true });
    await expect(createBatch(caller, { urls: [`${shop.origin}/`, `${shop.origin}/products/gift-card.html`] }, deps)).rejects.toMatchObject({
      kind: 'unavailable',
    });
    table.heal();
    const queued = messagesOf(caller.accountId);
    expect(queued.map((entry) => entry.delaySeconds)).toEqual([unansweredBatchDelaySeconds, unansweredBatchDelaySeconds]);
    const batchId = (queued[0]!.message as BatchItemMessage).batchId;
    expect((await getBatchWithItems(deps.table, batchId))!.batch.status).toBe('pending');
    for (const { message } of queued) await scanBatchItem(message as BatchItemMessage, deps, { leaseMs: 60_000, lastAttempt: false });
    expect((await getBatchWithItems(deps.table, batchId))!.batch).toMatchObject({
      status: 'completed',
      completedUrls: 2,
      failedUrls: 0,
    });
  }, 60_000);

  it('not stored: the same messages find no item and are dropped, leaving nothing behind', async () => {
    const caller = await growthAccount();
    table.fail('TransactWriteCommand', 1);
    await expect(createBatch(caller, { urls: [`${shop.origin}/`] }, deps)).rejects.toMatchObject({ kind: 'unavailable' });
    table.heal();
    const queued = messagesOf(caller.accountId);
    expect(queued).toHaveLength(1);
    const steps = await Promise.all(
      queued.map(({ message }) => scanBatchItem(message as BatchItemMessage, deps, { leaseMs: 60_000, lastAttempt: false })),
    );
    expect(steps).toEqual([{ kind: 'done', outcome: 'unknown_item' }]);
    expect(await getBatchWithItems(deps.table, (queued[0]!.message as BatchItemMessage).batchId)).toBeNull();
  }, 60_000);

  it("a final transition that landed with its answer lost: the redelivered message raises batch_complete again with the same id; a first delivery's duplicate does not", async () => {
    const caller = await growthAccount();
    const { batchId } = await createBatch(caller, { urls: ['ftp://nope.example/'] }, deps);
    const raised = () =>
      sent
        .filter((entry) => entry.queue === 'webhook')
        .map((entry) => (entry.message as EventMessage).event)
        .filter((event) => event.data.batchId === batchId);
    table.fail('TransactWriteCommand', 1, { lands: true });
    await expect(settleIfDone(batchId, deps)).rejects.toMatchObject({ kind: 'unavailable' });
    table.heal();
    expect(raised()).toEqual([]);
    expect(await settleIfDone(batchId, deps)).toBe('already_settled');
    expect(raised()).toEqual([]);
    expect(await settleIfDone(batchId, deps, { reraise: true })).toBe('already_settled');
    expect(raised()).toEqual([
      expect.objectContaining({
        id: idempotentId(caller.accountId, 'batch_complete', batchId),
        type: 'batch_complete',
        data: expect.objectContaining({ status: 'failed', totalUrls: 1, failedUrls: 1 }),
      }),
    ]);
  }, 60_000);
});
