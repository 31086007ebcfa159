import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createQueue, type Queue } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { getBatchWithItems } from '#shared/db/batch-store.js';
import { accountKey } from '#shared/db/account-store.js';
import { listOwnedScans } from '#shared/db/scan-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { BatchItemMessage } from '#shared/model/batches/batch-message.js';
import { createBatch } from '#shared/use-cases/batches/batch-requests.js';
import { failAbandonedItem, scanBatchItem } from '#shared/use-cases/batches/scan-item.js';
import type { EventMessage } from '#shared/model/events.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { ensureTable } from '../../../bin/local/create-table.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { createQueueWithDeadLetters, type LocalQueue } from '../../../bin/local/sqs-local.js';
import { bindTable } from '#shared/db/table.js';
import { putGrowthAccount } from './growth-account.js';

// The batch queue is a real one on the stack's SQS stand-in, hiding a received message for 1 second: a
// worker that dies leaves its message to come back, as SQS hands it back after the visibility timeout.
const tableName = `batch-crashes-${randomUUID().slice(0, 8)}`;
const leaseMs = 60_000;
let dynamo: DynamoDBClient;
let sqs: SQSClient;
let batchQueue: LocalQueue;
let shop: RunningShop;
let deps: Dependencies;
let now = Date.now();
const events: EventMessage[] = [];

class Crash extends Error {}

/** Which write the worker dies at: before it is sent, or once it has committed. */
type CrashPoint = { write: 'count' | 'store' | 'finish'; when: 'before' | 'after' };

function writeOf(command: unknown): CrashPoint['write'] | null {
  if (!(command instanceof TransactWriteCommand)) return null;
  const updates = (command.input.TransactItems ?? []).map((item) => item.Update?.UpdateExpression ?? '').join(' | ');
  if (/SET counted(CallMonth|ScanDay) = /.test(updates)) return 'count';
  if (updates.includes('SET scanId = :scanId')) return 'store';
  if (updates.includes('REMOVE leaseUntil')) return 'finish';
  return null;
}

/** The worker's dependencies, with a database connection that dies at `point`: nothing after it is written. */
function dyingAt(point: CrashPoint): Dependencies {
  let dead = false;
  const send = async (command: never) => {
    if (dead) throw new Crash('the worker is gone');
    const write = writeOf(command);
    if (write === point.write && point.when === 'before') {
      dead = true;
      throw new Crash(`died before the ${write} write`);
    }
    const answer = await deps.table.client.send(command);
    if (write === point.write) {
      dead = true;
      throw new Crash(`died after the ${write} write`);
    }
    return answer;
  };
  const client = new Proxy(deps.table.client, {
    get: (target, property): unknown => (property === 'send' ? send : Reflect.get(target, property)),
  });
  return { ...deps, table: { ...deps.table, client } };
}

async function receive(): Promise<Message> {
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: batchQueue.url,
        MaxNumberOfMessages: 1,
        WaitTimeSeconds: 5,
        MessageSystemAttributeNames: ['ApproximateReceiveCount'],
      }),
    );
    if (Messages[0]) return Messages[0];
  }
}

const itemOf = (message: Message) => BatchItemMessage.parse(JSON.parse(message.Body!));

function growthAccount(): Promise<Caller> {
  return putGrowthAccount(deps.table);
}

async function accountOf(accountId: string) {
  return (await deps.table.client.send(new GetCommand({ TableName: tableName, Key: accountKey(accountId), ConsistentRead: true }))).Item!;
}

const eventsOf = (type: string, batchId: string) =>
  events.filter((message) => message.event.type === type && message.event.data.batchId === batchId);

/**
 * A batch of one page whose first delivery dies at `point`; the message comes back from the queue
 * (its second receive) once the item's lease has run out, and is handled by a healthy worker.
 */
async function crashThenRedeliver(point: CrashPoint, redelivery: { lastAttempt: boolean } = { lastAttempt: false }) {
  const caller = await growthAccount();
  const { batchId } = await createBatch(caller, { urls: [`${shop.origin}/`] }, deps);
  const first = await receive();
  expect(itemOf(first).batchId).toBe(batchId);
  await expect(scanBatchItem(itemOf(first), dyingAt(point), { leaseMs, lastAttempt: false })).rejects.toThrow(Crash);
  now += leaseMs + 1_000;
  const second = await receive();
  expect(second.Body).toBe(first.Body);
  expect(second.Attributes?.ApproximateReceiveCount).toBe('2');
  const step = await scanBatchItem(itemOf(second), deps, { leaseMs, ...redelivery });
  await sqs.send(new DeleteMessageCommand({ QueueUrl: batchQueue.url, ReceiptHandle: second.ReceiptHandle! }));
  const { batch, items } = (await getBatchWithItems(deps.table, batchId))!;
  const { scans } = await listOwnedScans(deps.table, caller.accountId, { limit: 10, offset: 0, maxJsonBytes: 10_000_000 });
  return { step, batch, item: items[0]!, account: await accountOf(caller.accountId), scans, batchId };
}

beforeAll(async () => {
  dynamo = new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')));
  await ensureTable(dynamo, tableName);
  sqs = new SQSClient(localClientConfig(inject('sqsEndpoint'), inject('awsRegion')));
  batchQueue = await createQueueWithDeadLetters(sqs, `it-batch-crashes-${randomUUID().slice(0, 8)}`, 1, 5);
  const config = loadConfig({
    TABLE_NAME: tableName,
    ALLOW_PRIVATE_TARGETS: '127.0.0.1',
    SQS_ENDPOINT: inject('sqsEndpoint'),
    AWS_REGION: inject('awsRegion'),
    BATCH_QUEUE_URL: batchQueue.url,
  });
  const sqsQueue = createQueue(config, sqs);
  // Batch messages go to the real queue; events are recorded.
  const queue: Queue = {
    ...sqsQueue,
    send: async (name, message, options) =>
      name === 'webhook' ? void events.push(message as EventMessage) : sqsQueue.send(name, message, options),
  };
  deps = createDependencies(config, {
    table: bindTable(DynamoDBDocumentClient.from(dynamo), tableName),
    queue,
    fetcher: createFetcher({ allowPrivateHosts: ['127.0.0.1'] }),
    clock: { now: () => now },
  });
  shop = await startShop('agent-ready');
}, 60_000);

afterAll(async () => {
  await shop.close();
  await deps.fetcher.close();
  sqs.destroy();
  dynamo.destroy();
});

describe('a batch item whose worker dies, redelivered by the queue', () => {
  const points: Array<[string, CrashPoint]> = [
    ['before counting', { write: 'count', when: 'before' }],
    ['after counting, before scanning', { write: 'count', when: 'after' }],
    ['after scanning, before storing', { write: 'store', when: 'before' }],
    ['after storing, before finishing', { write: 'store', when: 'after' }],
    ['after raising scan_complete, before finishing', { write: 'finish', when: 'before' }],
    ['after finishing, before settling the batch', { write: 'finish', when: 'after' }],
  ];
  it.each(points)(
    'dies %s: counted once, one scan stored, the batch completed once',
    async (_name, point) => {
      const { step, batch, item, account, scans, batchId } = await crashThenRedeliver(point);
      expect(step).toEqual({ kind: 'done', outcome: point.write === 'finish' && point.when === 'after' ? 'already_done' : 'scanned' });
      expect(account).toMatchObject({ monthlyApiCalls: 1, dailyScans: 1, scanCount: 1, batchCount: 1, batchesOutstanding: 0 });
      expect(scans.map((scan) => scan.id)).toEqual([item.scanId]);
      expect(item).toMatchObject({ status: 'completed', scanId: expect.any(String), score: scans[0]!.score, error: null });
      expect(batch).toMatchObject({ status: 'completed', completedUrls: 1, failedUrls: 0 });
      expect(eventsOf('batch_complete', batchId)).toHaveLength(1);
      // scan_complete is raised at least once: twice only when the worker died between raising it and finishing.
      const raised = eventsOf('scan_complete', batchId).map((message) => message.event.data.scanId);
      expect(raised).toEqual(point.write === 'finish' && point.when === 'before' ? [item.scanId, item.scanId] : [item.scanId]);
    },
    60_000,
  );

  it("fails an item counted by a worker that died, on the message's last delivery, and gives its scan back (not its API call)", async () => {
    const { step, batch, item, account, scans } = await crashThenRedeliver({ write: 'count', when: 'after' }, { lastAttempt: true });
    expect(step).toEqual({ kind: 'done', outcome: 'failed' });
    expect(account).toMatchObject({ monthlyApiCalls: 1, dailyScans: 0, scanCount: 0, batchesOutstanding: 0 });
    expect(scans).toEqual([]);
    expect(item).toMatchObject({ status: 'failed', scanId: null, error: expect.stringMatching(/every attempt ended without a result/) });
    expect(item.countedScanDay).toBeUndefined();
    expect(batch).toMatchObject({ status: 'failed', failedUrls: 1 });
  }, 60_000);

  it('completes an item whose scan was stored before its worker died with that scan, on the last delivery or from the dead-letter queue', async () => {
    const last = await crashThenRedeliver({ write: 'store', when: 'after' }, { lastAttempt: true });
    expect(last.step).toEqual({ kind: 'done', outcome: 'scanned' });
    expect(last.item).toMatchObject({ status: 'completed', scanId: last.scans[0]!.id, score: last.scans[0]!.score });
    expect(last.account).toMatchObject({ monthlyApiCalls: 1, dailyScans: 1, scanCount: 1, batchesOutstanding: 0 });

    const caller = await growthAccount();
    const { batchId } = await createBatch(caller, { urls: [`${shop.origin}/`] }, deps);
    const message = await receive();
    await expect(
      scanBatchItem(itemOf(message), dyingAt({ write: 'store', when: 'after' }), { leaseMs, lastAttempt: false }),
    ).rejects.toThrow(Crash);
    await sqs.send(new DeleteMessageCommand({ QueueUrl: batchQueue.url, ReceiptHandle: message.ReceiptHandle! }));
    // Its worker still holds the lease; the dead-letter queue's consumer finishes the item anyway.
    expect(await failAbandonedItem(itemOf(message), deps)).toBe('scanned');
    expect((await getBatchWithItems(deps.table, batchId))!.batch).toMatchObject({ status: 'completed', completedUrls: 1 });
    expect(await accountOf(caller.accountId)).toMatchObject({ monthlyApiCalls: 1, dailyScans: 1, scanCount: 1, batchesOutstanding: 0 });
  }, 60_000);

  it('counts once when a redelivery and the crashed delivery’s duplicates arrive together', async () => {
    now += leaseMs + 1_000; // past the host slots that workers dead in earlier tests still hold
    const caller = await growthAccount();
    const { batchId } = await createBatch(caller, { urls: [`${shop.origin}/`, `${shop.origin}/products/gift-card.html`] }, deps);
    const first = [await receive(), await receive()];
    await Promise.all(
      first.map((message) =>
        expect(scanBatchItem(itemOf(message), dyingAt({ write: 'count', when: 'after' }), { leaseMs, lastAttempt: false })).rejects.toThrow(
          Crash,
        ),
      ),
    );
    now += leaseMs + 1_000;
    const again = [await receive(), await receive()];
    // Each message three times at once; a copy that found the shop's two slots taken is handed back until done.
    let round = again.flatMap((message) => [message, message, message]);
    const steps: Awaited<ReturnType<typeof scanBatchItem>>[] = [];
    while (round.length > 0) {
      const results = await Promise.all(round.map((message) => scanBatchItem(itemOf(message), deps, { leaseMs, lastAttempt: false })));
      steps.push(...results);
      round = round.filter((_, index) => results[index]!.kind === 'retry');
    }
    await Promise.all(
      again.map((message) => sqs.send(new DeleteMessageCommand({ QueueUrl: batchQueue.url, ReceiptHandle: message.ReceiptHandle! }))),
    );
    expect(steps.filter((step) => step.kind === 'done' && step.outcome === 'scanned')).toHaveLength(2);
    expect((await getBatchWithItems(deps.table, batchId))!.batch).toMatchObject({ status: 'completed', completedUrls: 2 });
    expect(await accountOf(caller.accountId)).toMatchObject({ monthlyApiCalls: 2, dailyScans: 2, scanCount: 2, batchesOutstanding: 0 });
  }, 60_000);
});
