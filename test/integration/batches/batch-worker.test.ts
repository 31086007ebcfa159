import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Queue, QueueName } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig } from '#shared/config.js';
import { claimBatchItem, getBatchItem } from '#shared/db/batch-item-store.js';
import { getBatchWithItems, putBatch } from '#shared/db/batch-store.js';
import { claimHostSlot } from '#shared/db/host-slot-store.js';
import { accountKey } from '#shared/db/account-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { BatchItemMessage, BatchMessage } from '#shared/model/batches/batch-message.js';
import { countItem } from '#shared/use-cases/batches/count-item.js';
import { createBatch } from '#shared/use-cases/batches/batch-requests.js';
import { scanBatchItem, settleIfDone } from '#shared/use-cases/batches/scan-item.js';
import type { EventMessage } from '#shared/model/events.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { ensureTable } from '../../../bin/local/create-table.js';
import { localClientConfig } from '../../../bin/local/local-aws.js';
import { bindTable } from '#shared/db/table.js';
import { putGrowthAccount } from './growth-account.js';

// A table of its own and a queue that only records: these tests drive the worker's use case directly.
const tableName = `batches-${randomUUID().slice(0, 8)}`;
let client: DynamoDBClient;
let shops: RunningShop[];
// Real time as the base: the scanner's deadline is measured on the clock, its fetches on the real one.
let now = Date.now();
const sent: Array<{ queue: QueueName; message: unknown }> = [];
let deps: Dependencies;

const queue: Queue = {
  send: async (name, message) => void sent.push({ queue: name, message }),
  sendMany: async (name, messages) => void sent.push(...messages.map((message) => ({ queue: name, message }))),
  retryLater: async () => undefined,
  ping: async () => undefined,
};

function growthAccount(values: Record<string, unknown> = {}): Promise<Caller> {
  return putGrowthAccount(deps.table, values);
}

function messagesOf(batchId: string): BatchMessage[] {
  return sent
    .filter((entry) => entry.queue === 'batch')
    .map((entry) => entry.message as BatchMessage)
    .filter((message) => message.batchId === batchId);
}

function eventsOf(type: string, batchId: string): EventMessage[] {
  return sent
    .filter((entry) => entry.queue === 'webhook')
    .map((entry) => entry.message as EventMessage)
    .filter((message) => message.event.type === type && message.event.data.batchId === batchId);
}

beforeAll(async () => {
  client = new DynamoDBClient(localClientConfig(inject('dynamodbEndpoint'), inject('awsRegion')));
  await ensureTable(client, tableName);
  const config = loadConfig({ TABLE_NAME: tableName, ALLOW_PRIVATE_TARGETS: '127.0.0.1' });
  deps = createDependencies(config, {
    table: bindTable(DynamoDBDocumentClient.from(client), tableName),
    queue,
    fetcher: createFetcher({ allowPrivateHosts: ['127.0.0.1'] }),
    clock: { now: () => now },
  });
  shops = await Promise.all([startShop('agent-ready'), startShop('typical-gaps'), startShop('shopify-like')]);
}, 60_000);

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
  await deps.fetcher.close();
  client.destroy();
});

describe('the batch worker on DynamoDB Local', () => {
  it('counts every item once and makes the final transition once, under concurrent and repeated deliveries', async () => {
    const caller = await growthAccount();
    const urls = [...shops.map((shop) => `${shop.origin}/`), `${shops[0]!.origin}/products/gift-card.html`, 'ftp://nope.example/'];
    const accepted = await createBatch(caller, { urls }, deps);
    expect(accepted).toEqual({ batchId: expect.any(String), status: 'pending', totalUrls: 5 });
    const messages = messagesOf(accepted.batchId) as BatchItemMessage[];
    expect(messages).toHaveLength(4);
    // Every message three times at once, as redeliveries and a crashed worker's retry might.
    // A copy that found its host's two slots taken is handed back (as SQS would after the delay) until done.
    let round = messages.flatMap((message) => [message, message, message]);
    const steps: Awaited<ReturnType<typeof scanBatchItem>>[] = [];
    while (round.length > 0) {
      const results = await Promise.all(round.map((message) => scanBatchItem(message, deps, { leaseMs: 60_000, lastAttempt: false })));
      steps.push(...results);
      round = round.filter((_, index) => results[index]!.kind === 'retry');
    }
    expect(steps.filter((step) => step.kind === 'done' && step.outcome === 'scanned')).toHaveLength(4);
    expect(steps.filter((step) => step.kind === 'retry').every((step) => step.outcome === 'host_busy')).toBe(true);
    const { batch, items } = (await getBatchWithItems(deps.table, accepted.batchId))!;
    expect(batch).toMatchObject({ status: 'completed', totalUrls: 5, completedUrls: 4, failedUrls: 1, completedAt: expect.any(String) });
    expect(items.map((item) => item.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'failed']);
    expect(items[4]).toMatchObject({ url: 'ftp://nope.example/', error: expect.stringMatching(/http or https/), scanId: null });
    for (const item of items.slice(0, 4))
      expect(item).toMatchObject({ scanId: expect.any(String), score: expect.any(Number), band: expect.any(String), error: null });
    expect(eventsOf('batch_complete', accepted.batchId).map((message) => message.event.data)).toEqual([
      { batchId: accepted.batchId, status: 'completed', totalUrls: 5, completedUrls: 4, failedUrls: 1 },
    ]);
    expect(eventsOf('scan_complete', accepted.batchId)).toHaveLength(4);
    // Redelivered after the end: nothing changes, nothing is raised again.
    await Promise.all(messages.map((message) => scanBatchItem(message, deps, { leaseMs: 60_000, lastAttempt: false })));
    expect((await getBatchWithItems(deps.table, accepted.batchId))!.batch).toMatchObject({ completedUrls: 4, failedUrls: 1 });
    expect(eventsOf('batch_complete', accepted.batchId)).toHaveLength(1);
  }, 60_000);

  it('counts each scanned item in the usage, and fails the items past the monthly allowance with the reason', async () => {
    const month = new Date(now).toISOString().slice(0, 7);
    const caller = await growthAccount({ apiCallsMonth: month, monthlyApiCalls: 9_998 });
    const urls = shops.map((shop) => `${shop.origin}/`);
    const { batchId } = await createBatch(caller, { urls }, deps);
    for (const message of messagesOf(batchId) as BatchItemMessage[])
      await scanBatchItem(message, deps, { leaseMs: 60_000, lastAttempt: false });
    const { batch, items } = (await getBatchWithItems(deps.table, batchId))!;
    expect(items.map(({ status, error }) => ({ status, error }))).toEqual([
      { status: 'completed', error: null },
      { status: 'completed', error: null },
      { status: 'failed', error: expect.stringMatching(/^Not scanned: Monthly API call limit reached/) },
    ]);
    expect(batch).toMatchObject({ status: 'completed', completedUrls: 2, failedUrls: 1 });
  }, 60_000);

  it('retries an item whose worker died once its lease has run out, and counts it once', async () => {
    const caller = await growthAccount();
    const { batchId } = await createBatch(caller, { urls: [`${shops[1]!.origin}/`] }, deps);
    const [message] = messagesOf(batchId) as BatchItemMessage[];
    // A worker took the item and died: its claim (and host slot) stay until the lease ends.
    expect(await claimBatchItem(deps.table, { batchId, index: 0, url: message!.url! }, { now, until: now + 60_000 })).toMatchObject({
      status: 'processing',
      leaseUntil: now + 60_000,
    });
    expect(await scanBatchItem(message!, deps, { leaseMs: 60_000, lastAttempt: false })).toEqual({ kind: 'done', outcome: 'in_progress' });
    now += 61_000;
    expect(await scanBatchItem(message!, deps, { leaseMs: 60_000, lastAttempt: false })).toEqual({ kind: 'done', outcome: 'scanned' });
    expect((await getBatchWithItems(deps.table, batchId))!.batch).toMatchObject({
      status: 'completed',
      completedUrls: 1,
      failedUrls: 0,
    });
  }, 60_000);

  it('scans an item whose message carries no URL (queued before messages did) by reading it, and claims nothing for a URL the item does not have', async () => {
    const caller = await growthAccount();
    const { batchId } = await createBatch(caller, { urls: [`${shops[0]!.origin}/`, `${shops[1]!.origin}/`] }, deps);
    const [first, second] = messagesOf(batchId) as BatchItemMessage[];
    expect(first!.url).toBe(`${shops[0]!.origin}/`);
    expect(await scanBatchItem({ ...second!, url: `${shops[2]!.origin}/` }, deps, { leaseMs: 60_000, lastAttempt: false })).toEqual({
      kind: 'done',
      outcome: 'unknown_item',
    });
    const { url: _url, ...legacy } = first!;
    expect(await scanBatchItem(legacy, deps, { leaseMs: 60_000, lastAttempt: false })).toEqual({ kind: 'done', outcome: 'scanned' });
    expect(await scanBatchItem(second!, deps, { leaseMs: 60_000, lastAttempt: false })).toEqual({ kind: 'done', outcome: 'scanned' });
    const { batch, items } = (await getBatchWithItems(deps.table, batchId))!;
    expect(batch).toMatchObject({ status: 'completed', completedUrls: 2, failedUrls: 0 });
    expect(items.map((item) => item.url)).toEqual([`${shops[0]!.origin}/`, `${shops[1]!.origin}/`]);
  }, 60_000);

  it('fails an item on its last delivery without scanning, so the batch still ends', async () => {
    const caller = await growthAccount();
    const { batchId } = await createBatch(caller, { urls: [`${shops[2]!.origin}/`, `${shops[0]!.origin}/`] }, deps);
    const [first, second] = messagesOf(batchId) as BatchItemMessage[];
    expect(await scanBatchItem(first!, deps, { leaseMs: 60_000, lastAttempt: true })).toEqual({ kind: 'done', outcome: 'failed' });
    await scanBatchItem(second!, deps, { leaseMs: 60_000, lastAttempt: false });
    const { batch, items } = (await getBatchWithItems(deps.table, batchId))!;
    expect(batch).toMatchObject({ status: 'completed', completedUrls: 1, failedUrls: 1 });
    expect(items[0]!.error).toMatch(/every attempt ended without a result/);
  }, 60_000);

  it('settles a batch with nothing to scan as failed, once', async () => {
    const caller = await growthAccount();
    const { batchId, totalUrls } = await createBatch(caller, { urls: ['not a url', 'http://10.0.0.1/', 'not a url'] }, deps);
    expect(totalUrls).toBe(2);
    expect(messagesOf(batchId)).toEqual([{ kind: 'batch-settle', accountId: caller.accountId, batchId }]);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => settleIfDone(batchId, deps)));
    expect(outcomes.filter((outcome) => outcome === 'settled')).toHaveLength(1);
    expect((await getBatchWithItems(deps.table, batchId))!.batch).toMatchObject({
      status: 'failed',
      completedUrls: 0,
      failedUrls: 2,
    });
    expect(eventsOf('batch_complete', batchId).map((message) => message.event.data.status)).toEqual(['failed']);
  });

  /** A stored batch of `count` items (nothing queued), each claimed as a worker would. */
  async function claimedItems(accountId: string, count: number) {
    const batchId = randomUUID();
    const items = Array.from({ length: count }, (_, index) => ({
      batchId,
      index,
      url: `https://shop${index}.example/`,
      status: 'pending' as const,
      scanId: null,
      score: null,
      band: null,
      error: null,
    }));
    await putBatch(
      deps.table,
      {
        id: batchId,
        accountId,
        label: null,
        status: 'pending',
        totalUrls: count,
        completedUrls: 0,
        failedUrls: 0,
        createdAt: new Date(now).toISOString(),
        completedAt: null,
      },
      items,
      { maxOutstanding: 1_000 },
    );
    return Promise.all(
      items.map(async (item) => {
        const claimed = await claimBatchItem(deps.table, item, { now, until: now + 60_000 });
        return {
          accountId,
          batchId,
          index: item.index,
          leaseUntil: now + 60_000,
          countedCallMonth: claimed!.countedCallMonth,
          countedScanDay: claimed!.countedScanDay,
        };
      }),
    );
  }

  it("counts items' API calls and scans exactly when they race at either limit, a window to open, or none, and marks each item with what it counted", async () => {
    const month = new Date(now).toISOString().slice(0, 7);
    const today = new Date(now).toISOString().slice(0, 10);
    const race = async (values: Record<string, unknown>) => {
      const { accountId } = await growthAccount({ tier: 'free', ...values });
      const claims = await claimedItems(accountId, 10);
      const outcomes = await Promise.allSettled(claims.map((claim) => countItem(claim, deps)));
      const { Item: account } = await deps.table.client.send(
        new GetCommand({ TableName: tableName, Key: accountKey(accountId), ConsistentRead: true }),
      );
      const items = await Promise.all(claims.map((claim) => getBatchItem(deps.table, claim.batchId, claim.index)));
      return {
        counted: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
        account,
        callMarks: items.filter((item) => item!.countedCallMonth === month).length,
        scanMarks: items.filter((item) => item!.countedScanDay === today).length,
      };
    };
    // Free: 10 scans a day, 100 calls a month. Every item is a call; only those with a scan left are scanned.
    expect(await race({ apiCallsMonth: month, monthlyApiCalls: 50, scansDay: today, dailyScans: 7 })).toMatchObject({
      counted: 3,
      callMarks: 10,
      scanMarks: 3,
      account: { monthlyApiCalls: 60, dailyScans: 10 },
    });
    expect(await race({ apiCallsMonth: month, monthlyApiCalls: 98, scansDay: today, dailyScans: 0 })).toMatchObject({
      counted: 2,
      callMarks: 2,
      scanMarks: 2,
      account: { monthlyApiCalls: 100, dailyScans: 2 },
    });
    expect(await race({ apiCallsMonth: '2020-01', monthlyApiCalls: 100, scansDay: '2020-01-01', dailyScans: 10 })).toMatchObject({
      counted: 10,
      callMarks: 10,
      scanMarks: 10,
      account: { apiCallsMonth: month, monthlyApiCalls: 10, scansDay: today, dailyScans: 10 },
    });
  });

  it('counts nothing again for an item already counted, whether the claim is stale or taken afresh', async () => {
    const month = new Date(now).toISOString().slice(0, 7);
    const today = new Date(now).toISOString().slice(0, 10);
    const { accountId } = await growthAccount({ apiCallsMonth: month, monthlyApiCalls: 5, scansDay: today, dailyScans: 1 });
    const [claim] = await claimedItems(accountId, 1);
    expect(await countItem(claim!, deps)).toEqual({ kind: 'counted', scanDay: today });
    // The same claim again (its marks as read before the count): the item's condition refuses it.
    expect(await countItem(claim!, deps)).toEqual({ kind: 'claim_lost' });
    // A redelivery after the lease ran out claims the item with its marks, and skips the count.
    const later = now + 61_000;
    const reclaimed = await claimBatchItem(
      deps.table,
      { batchId: claim!.batchId, index: 0, url: 'https://shop0.example/' },
      { now: later, until: later + 60_000 },
    );
    expect(reclaimed).toMatchObject({ countedCallMonth: month, countedScanDay: today });
    expect(
      await countItem(
        { ...claim!, leaseUntil: later + 60_000, countedCallMonth: reclaimed!.countedCallMonth, countedScanDay: reclaimed!.countedScanDay },
        deps,
      ),
    ).toEqual({ kind: 'counted', scanDay: today });
    const { Item: account } = await deps.table.client.send(
      new GetCommand({ TableName: tableName, Key: accountKey(accountId), ConsistentRead: true }),
    );
    expect(account).toMatchObject({ monthlyApiCalls: 6, dailyScans: 2 });
  });

  it('lets at most two scans of one host hold a slot at once', async () => {
    const host = `shop-${randomUUID().slice(0, 6)}.example:443`;
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimHostSlot(deps.table, host, 2, { now, untilMs: now + 60_000 })));
    expect(
      claims
        .filter((claim) => claim !== null)
        .map((claim) => claim.slot)
        .sort(),
    ).toEqual([0, 1]);
    expect(await claimHostSlot(deps.table, host, 2, { now: now + 61_000, untilMs: now + 120_000 })).not.toBeNull();
  });
});
