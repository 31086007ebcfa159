/**
 * Batch scans (batches-child.ts, a child process with DynamoDB Local and fauxqs of its own): 50
 * distinct fixture-shop URLs behind 100 ms latency through the real batch worker, against one growth
 * scan of one of them in the same run. Target: the batch within 4x the single scan; every item counted
 * once.
 *
 * `npx tsx bench/batches.ts` runs this part alone.
 */
import { fileURLToPath } from 'node:url';
import { runJsonChild } from './json-child.js';
import { median, round } from './stats.js';

export const BATCH_TARGETS = { ratio: 4 };

export interface BatchStats {
  urls: number;
  shops: number;
  latencyMs: number;
  pollers: number;
  singleScanMedianMs: number;
  batchMedianMs: number;
  /** The untimed first batches, while code is still being compiled. */
  warmupMs: number[];
  ratio: number;
  /** Every run, warm-up included: completed + failed = total and each completed item counted once. */
  countsExact: boolean;
  completedPerRun: number[];
}

interface ChildOutput {
  urls: number;
  shops: number;
  latencyMs: number;
  pollers: number;
  singles: number[];
  batches: number[];
  warmup: number[];
  counts: Array<{ total: number; completed: number; failed: number; itemsDone: number }>;
}

export async function runBatchBench(): Promise<BatchStats> {
  const out = await runJsonChild<ChildOutput>(new URL('./batches-child.ts', import.meta.url), 'batches');
  const single = median(out.singles);
  const batch = median(out.batches);
  return {
    urls: out.urls,
    shops: out.shops,
    latencyMs: out.latencyMs,
    pollers: out.pollers,
    singleScanMedianMs: round(single),
    batchMedianMs: round(batch),
    warmupMs: out.warmup.map((ms) => round(ms)),
    ratio: round(batch / single, 2),
    countsExact: out.counts.every(
      (count) => count.total === out.urls && count.completed + count.failed === count.total && count.completed === count.itemsDone,
    ),
    completedPerRun: out.counts.map((count) => count.completed),
  };
}

export function printBatches(stats: BatchStats): void {
  console.log(
    `\nBatch scans (child process; DynamoDB Local, fauxqs, ${stats.pollers} pollers of the real worker, ${stats.shops} shops behind ${stats.latencyMs} ms)`,
  );
  console.log(
    `  ${stats.urls} URLs: median ${stats.batchMedianMs} ms against one growth scan of ${stats.singleScanMedianMs} ms: ${stats.ratio}x ` +
      `(target <= ${BATCH_TARGETS.ratio}x: ${stats.ratio <= BATCH_TARGETS.ratio ? 'ok' : 'MISSED'}); completed per run ${stats.completedPerRun.join(', ')}, counts exact: ${stats.countsExact ? 'ok' : 'MISSED'}`,
  );
  console.log(`  after ${stats.warmupMs.length} warm-up batches of ${stats.warmupMs.join(' and ')} ms (not counted)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printBatches(await runBatchBench());
}
