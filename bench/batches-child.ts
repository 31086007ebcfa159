/**
 * Child process of the batch figures: DynamoDB Local (in memory) and fauxqs on free ports, fixture
 * shops behind 100 ms latency in a process of their own (their gzip and timers are not the workers' CPU), and the real batch worker behind as many local pollers as the deployed
 * event source runs. A batch of 50 distinct URLs (2 pages of each of 25 shops: each host's two scan slots) is timed from submission to its
 * final transition (its completedAt), beside growth scans of one of those pages, interleaved, after
 * warm-up batches. Each run scans shops of its own, so no run reads pages an earlier run's worker has
 * already read (the worker keeps what it read of pages, for the items of one shop). Prints one JSON line.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createQueue } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { getBatch, getBatchWithItems } from '#shared/db/batch-store.js';
import { accountKey } from '#shared/db/account-store.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { createBatch } from '#shared/use-cases/batches/batch-requests.js';
import { runScan } from '#shared/use-cases/scans.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { QueueHandler } from '../bin/local/handler-modules.js';
import { queueConsumer, queuePollers } from '../bin/local/function-sizing.js';
import { quietLog } from '../bin/local/log.js';
import { startQueuePoller } from '../bin/local/queue-poller.js';
import { benchRegion as region, benchTable, startBenchStack } from './bench-stack.js';

const SHOPS = 25;
const LATENCY_MS = 100;
const RUNS = 3;
/**
 * Batches run first and not counted: the worker, the shops and DynamoDB Local are still compiling their
 * code (their CPU per batch falls by half over the first four, then holds), as a deployed worker has long done.
 */
const WARMUP = 4;
const PAGES = ['/', '/products/carbon-trekking-poles.html'];

const stack = await startBenchStack();
const shopProcess = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./shops-process.ts', import.meta.url)), String(SHOPS * (WARMUP + RUNS)), String(LATENCY_MS)],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
try {
  const shops = await new Promise<Array<{ origin: string }>>((resolve, reject) => {
    let out = '';
    shopProcess.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0]!) as string[]).map((origin) => ({ origin })));
    });
    shopProcess.once('exit', (code) => reject(new Error(`the shops process exited ${code}`)));
  });
  const { table, config, sqs, sqsClient } = stack;
  const deps = createDependencies(config, {
    table,
    queue: createQueue(config, sqsClient),
    fetcher: createFetcher({ allowPrivateHosts: ['127.0.0.1'] }),
  });
  const { handler } = (await import('../functions/workers/batch-scan.js')) as { handler: QueueHandler };
  const pollers = Array.from({ length: queuePollers('batch') }, () =>
    startQueuePoller({
      client: sqsClient,
      queue: sqs.queues.batch,
      region,
      handler,
      consumer: queueConsumer('batch'),
      waitTimeSeconds: 1,
      log: quietLog,
    }),
  );

  const singles: number[] = [];
  const batches: number[] = [];
  const counts: Array<{ total: number; completed: number; failed: number; itemsDone: number }> = [];
  const warmup: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const measured = run >= WARMUP;
    const runShops = shops.slice(run * SHOPS, (run + 1) * SHOPS);
    const started = performance.now();
    await runScan(`${runShops[0]!.origin}${PAGES[1]}`, 'growth', deps, null);
    if (measured) singles.push(performance.now() - started);

    const accountId = randomUUID();
    // The submission's own API call (counted as the request was authenticated) opened the month's window.
    const submissionCounted = { apiCallsMonth: new Date().toISOString().slice(0, 7), monthlyApiCalls: 1 };
    await table.client.send(
      new PutCommand({
        TableName: benchTable,
        Item: {
          ...accountKey(accountId),
          type: 'Account',
          id: accountId,
          email: 'bench@example.com',
          tier: 'growth',
          scanCount: 0,
          batchCount: 0,
          ...submissionCounted,
        },
      }),
    );
    const urls = runShops.flatMap((shop) => PAGES.map((page) => `${shop.origin}${page}`));
    const submitted = Date.now();
    const { batchId } = await createBatch({ accountId, tier: 'growth' } as Caller, { urls }, deps);
    // Read the end from the batch itself, so polling slowly costs the workers little CPU and no precision.
    for (;;) {
      const batch = await getBatch(table, batchId);
      if (batch?.completedAt) {
        (measured ? batches : warmup).push(Date.parse(batch.completedAt) - submitted);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { batch, items } = (await getBatchWithItems(table, batchId))!;
    counts.push({
      total: batch.totalUrls,
      completed: batch.completedUrls,
      failed: batch.failedUrls,
      itemsDone: items.filter((item) => item.status === 'completed').length,
    });
  }
  await Promise.all(pollers.map((poller) => poller.stop()));
  await deps.fetcher.close();
  console.log(
    JSON.stringify({
      urls: SHOPS * PAGES.length,
      shops: SHOPS,
      latencyMs: LATENCY_MS,
      pollers: queuePollers('batch'),
      singles,
      batches,
      warmup,
      counts,
    }),
  );
} finally {
  shopProcess.stdin.end();
  await stack.stop();
}
