/**
 * The rate limiter's cost per request at limits of 120, 30,000 and 10,000,000 (an hour's window), in
 * its steady state: a window already holding limit - 1,000 hits spread over all its buckets, then 2,000
 * admitted requests. CPU and heap are the limiter's own work (planning the hit, against an in-memory
 * store with DynamoDB's conditional semantics); store operations and the size of the counters item
 * (by DynamoDB's item-size rules) are what each request costs in DynamoDB.
 *
 * Run alone: npx tsx bench/rate-limits.ts
 */
import { fileURLToPath } from 'node:url';
import { consumeRateLimit } from '#shared/model/rate-limiter.js';
import { geometryOf } from '#shared/model/rate-window.js';
import { memoryRateWindowStore } from '#test/unit/support/memory-rate-window.js';
import { round } from './stats.js';

export interface RateLimitRow {
  limit: number;
  /** Requests admitted of the 2,000 (the rest were refused, at one read each). */
  admitted: number;
  cpuUsPerRequest: number;
  heapBytesPerRequest: number;
  readsPerRequest: number;
  writesPerRequest: number;
  itemBytes: number;
}

const LIMITS = [120, 30_000, 10_000_000] as const;
const REQUESTS = 2_000;
const windowSeconds = 3_600;

/** DynamoDB's size of a number: about one byte per two significant digits, plus one. */
const numberBytes = (value: number) => Math.ceil(String(Math.abs(value)).replace('.', '').replace(/^0+/, '').length / 2) + 1;

function itemBytes(rule: string, subject: string, bucketMs: number, head: number, counts: ReadonlyMap<number, number>): number {
  const strings = { pk: `RATE#${rule}#${subject}`, sk: `WINDOW#${bucketMs}`, type: 'RateLimitWindow' };
  let bytes = Object.entries(strings).reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value), 0);
  bytes += 'head'.length + numberBytes(head) + 'expiresAt'.length + numberBytes(Math.ceil(Date.now() / 1000));
  for (const [bucket, count] of counts) bytes += `b${bucket}`.length + numberBytes(count);
  return bytes;
}

async function measure(limit: number): Promise<RateLimitRow> {
  const rule = { rule: 'bench', subject: '203.0.113.7', limit, windowSeconds };
  const { bucketMs, span } = geometryOf(rule);
  const { store, operations, windows } = memoryRateWindowStore();
  // Steady state: limit - 1,000 hits over the last hour's buckets (at a limit of 120, one per bucket or none).
  const start = Math.floor(Date.now() / bucketMs) * bucketMs;
  const prefill = Math.max(0, limit - 1_000);
  const perBucket = Math.floor(prefill / span);
  const counts = new Map<number, number>();
  const firstBucket = start / bucketMs - span + 1;
  for (let bucket = firstBucket; bucket <= start / bucketMs; bucket += 1) counts.set(bucket, perBucket);
  counts.set(start / bucketMs, perBucket + (prefill - perBucket * span));
  windows.set(`bench\u0000203.0.113.7\u0000${bucketMs}`, { head: start / bucketMs, counts });

  const spacingMs = Math.floor(bucketMs / 40); // requests move through the buckets, so the head advances too
  const heapBefore = process.memoryUsage().heapUsed;
  const cpuBefore = process.cpuUsage();
  let admitted = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const outcome = await consumeRateLimit(store, { ...rule, now: start + i * spacingMs });
    if (outcome.allowed) admitted += 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const heapGrowth = Math.max(0, process.memoryUsage().heapUsed - heapBefore);
  if (limit > 1_000 && admitted !== REQUESTS) throw new Error(`expected every request admitted at a limit of ${limit}, got ${admitted}`);
  const stored = windows.get(`bench\u0000203.0.113.7\u0000${bucketMs}`)!;
  return {
    limit,
    admitted,
    cpuUsPerRequest: round((cpu.user + cpu.system) / REQUESTS, 1),
    heapBytesPerRequest: Math.round(heapGrowth / REQUESTS),
    readsPerRequest: round(operations.reads / REQUESTS, 2),
    writesPerRequest: round(operations.writes / REQUESTS, 2),
    itemBytes: itemBytes(rule.rule, rule.subject, bucketMs, stored.head, stored.counts),
  };
}

export async function runRateLimitBench(): Promise<RateLimitRow[]> {
  await measure(1_000); // warm-up
  const rows: RateLimitRow[] = [];
  for (const limit of LIMITS) rows.push(await measure(limit));
  return rows;
}

export function printRateLimits(rows: readonly RateLimitRow[]): void {
  console.log(`\nRate limiter: cost per request in an hour's window already near its limit (${REQUESTS} requests each)`);
  console.log(
    `${'limit'.padStart(12)}${'admitted'.padStart(10)}${'CPU µs'.padStart(9)}${'heap B'.padStart(9)}${'reads'.padStart(8)}${'writes'.padStart(8)}${'item bytes'.padStart(12)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.limit.toLocaleString('en-GB').padStart(12)}${String(row.admitted).padStart(10)}${String(row.cpuUsPerRequest).padStart(9)}${String(row.heapBytesPerRequest).padStart(9)}${String(row.readsPerRequest).padStart(8)}${String(row.writesPerRequest).padStart(8)}${String(row.itemBytes).padStart(12)}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printRateLimits(await runRateLimitBench());
}
