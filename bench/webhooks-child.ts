/**
 * Child process of the webhook figures: DynamoDB Local (in memory) and fauxqs on free ports, five
 * loopback receivers registered by one growth account, and the real delivery worker behind five local
 * pollers (the deployed event source's maxConcurrency). 1,000 scan_complete events are queued at once;
 * each receiver records when each event reached it. Prints one JSON line.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueHandler } from '../bin/local/handler-modules.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createDependencies } from '#shared/all-dependencies.js';
import { accountKey } from '#shared/db/account-store.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import type { EventMessage } from '#shared/model/events.js';
import { createWebhook } from '#shared/use-cases/webhooks/webhook-endpoints.js';
import { queueConsumer } from '../bin/local/function-sizing.js';
import { quietLog } from '../bin/local/log.js';
import { startQueuePoller } from '../bin/local/queue-poller.js';
import { benchRegion as region, benchTable, startBenchStack } from './bench-stack.js';

const EVENTS = 1_000;
const RECEIVERS = 5;
const POLLERS = 5;

interface Receiver {
  url: string;
  hits: Map<string, number[]>;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const hits = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const at = Date.now();
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      hits.set(id, [...(hits.get(id) ?? []), at]);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits, server };
}

const stack = await startBenchStack({ KEY_PEPPER: 'bench-pepper-bench-pepper-bench-pepper-0123456789' });
const receivers: Receiver[] = [];
try {
  const { table, config, sqs, sqsClient } = stack;
  const deps = createDependencies(config, { table });

  const accountId = randomUUID();
  await table.client.send(
    new PutCommand({
      TableName: benchTable,
      Item: { ...accountKey(accountId), type: 'Account', id: accountId, email: 'bench@example.com', tier: 'growth', webhookCount: 0 },
    }),
  );
  const caller = { accountId, tier: 'growth' } as Caller;
  for (let index = 0; index < RECEIVERS; index += 1) {
    const receiver = await startReceiver();
    receivers.push(receiver);
    await createWebhook(caller, { url: receiver.url, events: ['scan_complete'] }, deps);
  }

  const { handler } = (await import('../functions/workers/webhook-delivery.js')) as { handler: QueueHandler };
  const pollers = Array.from({ length: POLLERS }, () =>
    startQueuePoller({
      client: sqsClient,
      queue: sqs.queues.webhook,
      region,
      handler,
      consumer: queueConsumer('webhook'),
      waitTimeSeconds: 1,
      log: quietLog,
    }),
  );

  const queuedAt = new Map<string, number>();
  const messages: EventMessage[] = Array.from({ length: EVENTS }, () => {
    const id = randomUUID();
    return {
      kind: 'event',
      event: {
        id,
        type: 'scan_complete',
        accountId,
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
      },
    };
  });
  const queue = createQueue(config, sqsClient);
  const started = Date.now();
  for (let start = 0; start < messages.length; start += 10) {
    const batch = messages.slice(start, start + 10);
    const now = Date.now();
    for (const message of batch) queuedAt.set(message.event.id, now);
    await queue.sendMany('webhook', batch);
  }
  const expected = EVENTS * RECEIVERS;
  const hitCount = () =>
    receivers.reduce((sum, receiver) => sum + [...receiver.hits.values()].reduce((n, times) => n + times.length, 0), 0);
  const deadline = Date.now() + 180_000;
  while (hitCount() < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const finished = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // late duplicates would show here
  await Promise.all(pollers.map((poller) => poller.stop()));

  const latencies: number[] = [];
  let once = 0;
  let duplicates = 0;
  let missing = 0;
  for (const receiver of receivers) {
    for (const [id, at] of queuedAt) {
      const times = receiver.hits.get(id) ?? [];
      if (times.length === 0) missing += 1;
      else if (times.length === 1) once += 1;
      else duplicates += 1;
      if (times[0] !== undefined) latencies.push(times[0] - at);
    }
  }
  console.log(
    JSON.stringify({
      events: EVENTS,
      receivers: RECEIVERS,
      pollers: POLLERS,
      expected,
      once,
      duplicates,
      missing,
      wallMs: finished - started,
      latencies,
    }),
  );
} finally {
  for (const receiver of receivers) {
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
  await stack.stop();
}
