/**
 * Wall time of whole scans against the fixture shops on a loopback server that adds a fixed
 * latency to every response, next to the critical-path lower bound: the deepest fetch round
 * in the scan's log times the latency.
 *
 * The log's rounds are assigned by the gatherer. They are checked against what happened: a fetch
 * that starts after k responses came back one after another starts k latencies after the scan, so
 * its observed round is floor(start offset / latency) + 1 (valid while the scan's own CPU time
 * between rounds stays under one latency).
 */
import type { Tier } from '#shared/model/tiers.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';
import { deriveSigningKey } from '#shared/outbound/web-bot-auth/index.js';
import type { FetchLogEntry } from '#shared/scanner/fetch-session.js';
import { startShop } from '#test/fixtures/shop-server.js';
import type { RunningShop } from '#test/fixtures/shop-server.js';
import { median, round } from './stats.js';

export const TIER_BUDGET: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };

export interface RoundMismatch {
  url: string;
  accept: string | null;
  logged: number;
  observed: number;
}

export interface LatencyRow {
  tier: Tier;
  shop: string;
  runs: number;
  wallMs: number[];
  medianWallMs: number;
  /** Deepest round in the fetch log (as the gatherer assigned it). */
  loggedRounds: number;
  /** Deepest round the fetch start times show. */
  observedRounds: number;
  lowerBoundMs: number;
  ratio: number;
  /** The ratio against the observed critical path, when the log's rounds are off. */
  observedRatio: number;
  fetches: number;
  score: number;
  mismatches: RoundMismatch[];
}

function observedRound(entry: FetchLogEntry, scanStart: number, latencyMs: number): number {
  return Math.floor((entry.startedAt - scanStart) / latencyMs) + 1;
}

export async function runLatencyBench(options: {
  shops: readonly string[];
  tiers: readonly Tier[];
  runs: number;
  latencyMs: number;
}): Promise<LatencyRow[]> {
  const { latencyMs } = options;
  const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  // Scans sign their Web Bot Auth request as a deployed service's do.
  const webBotAuth = { key: deriveSigningKey('bench'), agentOrigin: 'https://scanner.test' };
  const servers = new Map<string, RunningShop>();
  try {
    for (const shop of options.shops) servers.set(shop, await startShop(shop, { latencyMs }));
    // One untimed scan warms up the JIT, the connection pool and the file cache.
    await scanUrl(`${servers.get(options.shops[0]!)!.origin}/`, {
      tier: 'growth',
      productPageBudget: 4,
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 20_000,
      webBotAuth,
    });
    const rows: LatencyRow[] = [];
    for (const tier of options.tiers) {
      for (const shop of options.shops) {
        const origin = servers.get(shop)!.origin;
        const wallMs: number[] = [];
        let loggedRounds = 0;
        let observedRounds = 0;
        let fetches = 0;
        let score = 0;
        const mismatches = new Map<string, RoundMismatch>();
        for (let run = 0; run < options.runs; run++) {
          const startedAt = Date.now();
          const started = performance.now();
          const { result, log } = await scanUrl(`${origin}/`, {
            tier,
            productPageBudget: TIER_BUDGET[tier],
            fetcher,
            policy: { allowPrivateHosts: ['127.0.0.1'] },
            deadline: startedAt + 25_000,
            webBotAuth,
          });
          wallMs.push(performance.now() - started);
          score = result.score;
          fetches = log.length;
          loggedRounds = Math.max(loggedRounds, ...log.map((entry) => entry.round));
          for (const entry of log) {
            const observed = observedRound(entry, startedAt, latencyMs);
            observedRounds = Math.max(observedRounds, observed);
            if (observed !== entry.round) {
              const path = entry.url.replace(origin, '');
              mismatches.set(`${path} ${entry.accept ?? ''}`, { url: path, accept: entry.accept, logged: entry.round, observed });
            }
          }
        }
        const medianWallMs = median(wallMs);
        rows.push({
          tier,
          shop,
          runs: options.runs,
          wallMs: wallMs.map((ms) => round(ms)),
          medianWallMs: round(medianWallMs),
          loggedRounds,
          observedRounds,
          lowerBoundMs: loggedRounds * latencyMs,
          ratio: round(medianWallMs / (loggedRounds * latencyMs), 2),
          observedRatio: round(medianWallMs / (observedRounds * latencyMs), 2),
          fetches,
          score,
          mismatches: [...mismatches.values()],
        });
      }
    }
    return rows;
  } finally {
    await fetcher.close();
    for (const server of servers.values()) await server.close();
  }
}
