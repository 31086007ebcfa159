/**
 * Judges a conformance corpus (test/support/outside-data.ts reads it: a manifest of the standards'
 * own example documents with the verdict each standard's schema gives them) the way a scan judges a shop:
 * each case served on a loopback shop of its own at the paths it names, scanned at the free tier, and the
 * inventory entry of its signal compared with the expected verdict.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { SignalRecord } from '#shared/model/scans/scan-result.js';
import { createFetcher } from '#shared/outbound/index.js';
import { startShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import type { ConformanceCase, ConformanceCorpus } from '#test/support/outside-data.js';
import { scanLoopbackShop } from '#test/support/loopback-scan.js';

export interface CaseVerdict {
  case: ConformanceCase;
  /** The inventory entry the scan gave the case's signal; null when it gave none. */
  signal: SignalRecord | null;
  asExpected: boolean;
}

export interface StandardTally {
  standard: string;
  judged: number;
  asExpected: number;
  misses: CaseVerdict[];
}

/** Cases scanned at once: each is a loopback shop and a small scan. */
const concurrency = 4;

export async function judgeCorpus(corpus: ConformanceCorpus): Promise<CaseVerdict[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'conformance-shop-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Conformance shop</title></head><body><h1>Shop</h1></body></html>',
  );
  const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  const limit = pLimit(concurrency);
  try {
    return await Promise.all(corpus.manifest().cases.map((entry) => limit(() => judgeCase(corpus, entry, root, fetcher))));
  } finally {
    await fetcher.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function judgeCase(
  corpus: ConformanceCorpus,
  entry: ConformanceCase,
  root: string,
  fetcher: ReturnType<typeof createFetcher>,
): Promise<CaseVerdict> {
  const routes: Record<string, ShopRoute> = {};
  const shop = await startShop('typical-gaps', { root, routes });
  try {
    for (const served of entry.serve) {
      routes[served.path] = { contentType: 'application/json', body: corpus.document(served, shop.origin) };
    }
    const { result } = await scanLoopbackShop(shop.origin, fetcher);
    const signal = result.signals.find((record) => record.id === entry.signal) ?? null;
    return { case: entry, signal, asExpected: signal?.status === entry.expected };
  } finally {
    await shop.close();
  }
}

/** Per standard, in the manifest's order: how many were judged as their schema judges them, and the misses. */
export function tallyByStandard(verdicts: readonly CaseVerdict[]): StandardTally[] {
  const tallies = new Map<string, StandardTally>();
  for (const verdict of verdicts) {
    const { standard } = verdict.case;
    const tally = tallies.get(standard) ?? { standard, judged: 0, asExpected: 0, misses: [] };
    tally.judged += 1;
    if (verdict.asExpected) tally.asExpected += 1;
    else tally.misses.push(verdict);
    tallies.set(standard, tally);
  }
  return [...tallies.values()];
}

/** The tallies as the command prints them: one line per standard, then each miss with what the scan said. */
export function describeTallies(tallies: readonly StandardTally[]): string {
  const lines = tallies.map(
    (tally) => `${tally.standard}: ${tally.asExpected}/${tally.judged} judged as the standard's schema judges them`,
  );
  for (const miss of tallies.flatMap((tally) => tally.misses)) {
    const said = miss.signal
      ? `${miss.signal.status}${miss.signal.problems.length > 0 ? `: ${miss.signal.problems.join('; ')}` : ''}`
      : 'no signal';
    lines.push(
      `  miss ${miss.case.id} (${miss.case.class}, declares ${miss.case.declares}): expected ${miss.case.expected}, scan said ${said}`,
    );
  }
  return lines.join('\n');
}
