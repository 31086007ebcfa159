/**
 * Child process of the rescan figures: DynamoDB Local (in memory) and fauxqs on free ports, no
 * pollers, so every message the sweep sends stays in the queue to be counted. Prints one JSON line.
 *
 * 1. Sweep: 10,000 due sites over the sharded index; every shard swept a page at a time into the
 *    local SQS; then the queue is drained and each site must appear exactly once.
 * 2. Rescan overhead: 20 rescans of a fixture shop through the real path (message sent to and
 *    received from the rescan queue, the worker's use case: leases, scan, stored result, history,
 *    events), each beside a bare scan of the same shop, interleaved; the median difference.
 */
import { randomUUID } from 'node:crypto';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createQueue } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { loadConfig, type Config } from '#shared/config.js';
import { accountKey } from '#shared/db/account-store.js';
import { rescanDueKey, watchedSiteKey } from '#shared/db/watched-site-keys.js';
import { bindTable } from '#shared/db/table.js';
import type { RescanMessage } from '#shared/model/rescans/rescan-message.js';
import { rescanSite } from '#shared/use-cases/rescans/rescan-site.js';
import { shardOf } from '#shared/model/rescans/schedule.js';
import { startSweep, sweepShard } from '#shared/use-cases/rescans/sweep.js';
import { runScan } from '#shared/use-cases/scans.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { startShop } from '#test/fixtures/shop-server.js';
import { ensureTable } from '../bin/local/create-table.js';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.js';
import { findFreePort } from '../bin/local/free-port.js';
import { localClientConfig } from '../bin/local/local-aws.js';
import { startSqsLocal } from '../bin/local/sqs-local.js';

const SITES = 10_000;
const RESCANS = 20;
const region = 'eu-west-2';

const dynamo = await startDynamoDbLocal({ port: await findFreePort(), dataDir: null });
const sqs = await startSqsLocal({ port: 0, region, visibilityTimeoutSeconds: () => 60 });
try {
  const client = new DynamoDBClient(localClientConfig(dynamo.endpoint, region));
  const table = bindTable(DynamoDBDocumentClient.from(client), 'readiness');
  await ensureTable(client, 'readiness');
  const config: Config = loadConfig({
    TABLE_NAME: 'readiness',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SQS_ENDPOINT: sqs.endpoint,
    RESCAN_QUEUE_URL: sqs.queues.rescan.url,
    SWEEP_QUEUE_URL: sqs.queues.sweep.url,
    WEBHOOK_QUEUE_URL: sqs.queues.webhook.url,
    MAIL_QUEUE_URL: sqs.queues.mail.url,
    ALLOW_PRIVATE_TARGETS: '127.0.0.1',
    RESCAN_HOST_SPACING_SECONDS: '0',
  });
  const queue = createQueue(config);
  const sqsClient = new SQSClient(localClientConfig(sqs.endpoint, region));

  // 1. The sweep.
  const now = Date.now();
  const ids: string[] = [];
  const items = Array.from({ length: SITES }, (_, index) => {
    const accountId = randomUUID();
    const id = randomUUID();
    ids.push(id);
    const dueAt = new Date(now - (index + 1) * 1_000).toISOString();
    return {
      ...watchedSiteKey(accountId, id),
      type: 'WatchedSite',
      id,
      accountId,
      url: `https://site-${index}.example/`,
      ...rescanDueKey(shardOf(id, config.rescanDueShards), dueAt, accountId, id),
    };
  });
  for (let start = 0; start < items.length; start += 25) {
    await table.client.send(
      new BatchWriteCommand({ RequestItems: { readiness: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
  const sweepStarted = performance.now();
  let read = 0;
  const shardMs: number[] = [];
  await Promise.all(
    startSweep(now, false, config.rescanDueShards).map(async (message) => {
      const started = performance.now();
      let next: typeof message | undefined = message;
      while (next) {
        const progress = await sweepShard(next, { table, config, queue, clock: { now: () => Date.now() } }, () => true);
        read += progress.read;
        next = progress.continuation;
      }
      shardMs.push(performance.now() - started);
    }),
  );
  const sweepMs = performance.now() - sweepStarted;
  const seen = new Map<string, number>();
  for (;;) {
    const { Messages } = await sqsClient.send(
      new ReceiveMessageCommand({ QueueUrl: sqs.queues.rescan.url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    if (!Messages || Messages.length === 0) break;
    for (const message of Messages) {
      const body = JSON.parse(message.Body!) as RescanMessage;
      seen.set(body.siteId, (seen.get(body.siteId) ?? 0) + 1);
    }
    await sqsClient.send(
      new DeleteMessageBatchCommand({
        QueueUrl: sqs.queues.rescan.url,
        Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
      }),
    );
  }
  const once = ids.filter((id) => seen.get(id) === 1).length;

  // 2. A rescan end to end against a bare scan of the same shop.
  const shop = await startShop('typical-gaps');
  const deps = createDependencies(config, { table, queue, fetcher: createFetcher({ allowPrivateHosts: ['127.0.0.1'] }) });
  const accountId = randomUUID();
  const siteId = randomUUID();
  await table.client.send(
    new PutCommand({
      TableName: 'readiness',
      Item: {
        ...accountKey(accountId),
        type: 'Account',
        id: accountId,
        email: 'bench@example.com',
        tier: 'growth',
        siteCount: 1,
        scanCount: 0,
      },
    }),
  );
  await table.client.send(
    new PutCommand({
      TableName: 'readiness',
      Item: {
        ...watchedSiteKey(accountId, siteId),
        type: 'WatchedSite',
        id: siteId,
        accountId,
        url: `${shop.origin}/`,
        label: 'bench',
        alertEnabled: true,
        thresholds: [],
        lastScore: null,
        createdAt: new Date().toISOString(),
        version: 1,
        historyCount: 0,
      },
    }),
  );
  const bare: number[] = [];
  const full: number[] = [];
  for (let run = 0; run < RESCANS + 2; run += 1) {
    let started = performance.now();
    await runScan(`${shop.origin}/`, 'growth', deps, null);
    const bareMs = performance.now() - started;
    started = performance.now();
    const message: RescanMessage = { kind: 'rescan', accountId, siteId, slot: `run-${run}`, deferrals: 0 };
    await queue.send('rescan', message);
    const { Messages } = await sqsClient.send(
      new ReceiveMessageCommand({ QueueUrl: sqs.queues.rescan.url, MaxNumberOfMessages: 1, WaitTimeSeconds: 1 }),
    );
    const outcome = await rescanSite(JSON.parse(Messages![0]!.Body!) as RescanMessage, deps, 120);
    await sqsClient.send(
      new DeleteMessageBatchCommand({
        QueueUrl: sqs.queues.rescan.url,
        Entries: [{ Id: '0', ReceiptHandle: Messages![0]!.ReceiptHandle! }],
      }),
    );
    const fullMs = performance.now() - started;
    if (outcome !== 'rescanned') throw new Error(`rescan ${run} ended ${outcome}`);
    if (run >= 2) {
      bare.push(bareMs);
      full.push(fullMs);
    }
  }
  await shop.close();
  client.destroy();
  sqsClient.destroy();
  console.log(
    JSON.stringify({
      sites: SITES,
      sweepMs,
      shardMs,
      read,
      queuedOnce: once,
      duplicates: [...seen.values()].filter((count) => count > 1).length,
      missing: ids.length - seen.size,
      bare,
      full,
    }),
  );
} finally {
  await sqs.stop();
  await dynamo.stop();
}
