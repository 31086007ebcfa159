/**
 * Weekly rescans (rescans-child.ts, a child process with DynamoDB Local and fauxqs of its own):
 * a sweep of 10,000 due sites (each queued exactly once, index entries read per site, wall time) and
 * the time a rescan adds to its scan (queue -> stored result -> history -> events), median of 20.
 *
 * `npx tsx bench/rescans.ts` runs this part alone.
 */
import { fileURLToPath } from 'node:url';
import { runJsonChild } from './json-child.js';
import { median, round } from './stats.js';

export const RESCAN_TARGETS = { overheadMs: 150 };

export interface RescanStats {
  sites: number;
  sweepS: number;
  slowestShardS: number;
  readPerSite: number;
  queuedOnce: number;
  duplicates: number;
  missing: number;
  rescans: number;
  bareScanMedianMs: number;
  rescanMedianMs: number;
  /** Median of (rescan - bare scan) over interleaved pairs. */
  overheadMedianMs: number;
}

interface ChildOutput {
  sites: number;
  sweepMs: number;
  shardMs: number[];
  read: number;
  queuedOnce: number;
  duplicates: number;
  missing: number;
  bare: number[];
  full: number[];
}

export async function runRescanBench(): Promise<RescanStats> {
  const out = await runJsonChild<ChildOutput>(new URL('./rescans-child.ts', import.meta.url), 'rescans');
  return {
    sites: out.sites,
    sweepS: round(out.sweepMs / 1000, 2),
    slowestShardS: round(Math.max(...out.shardMs) / 1000, 2),
    readPerSite: round(out.read / out.sites, 3),
    queuedOnce: out.queuedOnce,
    duplicates: out.duplicates,
    missing: out.missing,
    rescans: out.full.length,
    bareScanMedianMs: round(median(out.bare)),
    rescanMedianMs: round(median(out.full)),
    overheadMedianMs: round(median(out.full.map((ms, index) => ms - out.bare[index]!))),
  };
}

export function printRescans(stats: RescanStats): void {
  console.log(`\nWeekly rescans (child process; DynamoDB Local and fauxqs)`);
  console.log(
    `  sweep of ${stats.sites} due sites: ${stats.sweepS} s (slowest shard ${stats.slowestShardS} s), ${stats.readPerSite} index entries read per site; ` +
      `queued exactly once ${stats.queuedOnce}, twice ${stats.duplicates}, missing ${stats.missing}: ${stats.queuedOnce === stats.sites ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `  rescan end to end (queue -> result -> history -> events), median of ${stats.rescans}: ${stats.rescanMedianMs} ms against a bare scan of ${stats.bareScanMedianMs} ms; ` +
      `adds ${stats.overheadMedianMs} ms (target <= ${RESCAN_TARGETS.overheadMs}: ${stats.overheadMedianMs <= RESCAN_TARGETS.overheadMs ? 'ok' : 'MISSED'})`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printRescans(await runRescanBench());
}
