/**
 * Webhook deliveries (webhooks-child.ts, a child process with DynamoDB Local and fauxqs of its own):
 * 1,000 events to 5 loopback receivers through the real delivery worker; every event must reach every
 * receiver exactly once. Reports deliveries per second and p50/p99 from event queued to receiver hit.
 *
 * `npx tsx bench/webhooks.ts` runs this part alone.
 */
import { fileURLToPath } from 'node:url';
import { runJsonChild } from './json-child.js';
import { percentile, round } from './stats.js';

export interface WebhookStats {
  events: number;
  receivers: number;
  pollers: number;
  deliveredOnce: number;
  duplicates: number;
  missing: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface ChildOutput {
  events: number;
  receivers: number;
  pollers: number;
  expected: number;
  once: number;
  duplicates: number;
  missing: number;
  wallMs: number;
  latencies: number[];
}

export async function runWebhookBench(): Promise<WebhookStats> {
  const out = await runJsonChild<ChildOutput>(new URL('./webhooks-child.ts', import.meta.url), 'webhooks');
  return {
    events: out.events,
    receivers: out.receivers,
    pollers: out.pollers,
    deliveredOnce: out.once,
    duplicates: out.duplicates,
    missing: out.missing,
    deliveriesPerSecond: round((out.once + out.duplicates) / (out.wallMs / 1000)),
    p50Ms: round(percentile(out.latencies, 50)),
    p99Ms: round(percentile(out.latencies, 99)),
  };
}

export function printWebhooks(stats: WebhookStats): void {
  const expected = stats.events * stats.receivers;
  console.log(`\nWebhook deliveries (child process; DynamoDB Local, fauxqs, ${stats.pollers} pollers of the real worker)`);
  console.log(
    `  ${stats.events} events to ${stats.receivers} loopback receivers: delivered exactly once ${stats.deliveredOnce}/${expected}, ` +
      `twice or more ${stats.duplicates}, missing ${stats.missing}: ${stats.deliveredOnce === expected ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `  ${stats.deliveriesPerSecond} deliveries/s; queued -> receiver hit p50 ${stats.p50Ms} ms, p99 ${stats.p99Ms} ms (all 1,000 queued at once)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printWebhooks(await runWebhookBench());
}
