/**
 * Scan results held byte for byte: every fixture shop at every tier, and the 93 real product pages at
 * pro, scanned with a fixed clock and compared with the results recorded in test/unit/scanner/golden/.
 * A restructuring must leave them identical; a change that means to alter results re-records them with
 * `RECORD_GOLDEN=1 npx vitest run --project unit test/unit/scanner/golden-scans.test.ts` and shows the
 * difference in its commit.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '#shared/model/tiers.js';
import { scanUrl } from '#shared/scanner/engine.js';
import type { ScanResult } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';
import type { Fetcher } from '#shared/outbound/index.js';
import { SHOPS_DIR, startShop } from '#test/fixtures/shop-server.js';
import type { RunningShop, ShopRoute } from '#test/fixtures/shop-server.js';
import { loadGroundTruth, readRealPage } from './extract/real-page-truth.js';

const GOLDEN_DIR = new URL('./golden/', import.meta.url);
const RECORD = process.env.RECORD_GOLDEN === '1';
const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const now = (): number => NOW;
/** The loopback origin differs per run; results name the shop by this origin instead. */
const ORIGIN = 'http://shop.test';
const TIERS: readonly Tier[] = ['free', 'pro', 'growth'];
const BUDGET: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };
const SHOPS = readdirSync(SHOPS_DIR).sort();
const REAL_PAGES = Object.keys(loadGroundTruth()).sort();
/**
 * The shop serves from this test's own process, which shares two cores with other test files: time-outs
 * far beyond the defaults keep a starved event loop from turning a recorded answer into a timeout.
 */
const PATIENT = { connectMs: 60_000, headersMs: 60_000, bodyMs: 60_000, requestMs: 60_000 };

let fetcher: Fetcher;

beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'], now, timeouts: PATIENT });
});

afterAll(async () => {
  await fetcher.close();
});

async function scanned(shop: RunningShop, path: string, tier: Tier): Promise<string> {
  const { result } = await scanUrl(`${shop.origin}${path}`, {
    tier,
    productPageBudget: BUDGET[tier],
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: NOW + 300_000,
    now,
    id: 'golden',
  });
  return canonical(result, shop.origin);
}

function canonical(result: ScanResult, origin: string): string {
  return `${JSON.stringify(result, null, 1).replaceAll(origin, ORIGIN)}\n`;
}

function holds(name: string, actual: string): void {
  const file = new URL(name, GOLDEN_DIR);
  if (RECORD) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, name.endsWith('.gz') ? gzipSync(actual) : actual);
    return;
  }
  const recorded = readFileSync(file);
  expect(actual).toBe((name.endsWith('.gz') ? gunzipSync(recorded) : recorded).toString('utf8'));
}

describe('fixture shops', () => {
  describe.each(SHOPS)('%s', (name) => {
    it.each(TIERS)('scans at %s exactly as recorded', async (tier) => {
      const shop = await startShop(name, { now });
      try {
        holds(`${name}.${tier}.json`, await scanned(shop, '/', tier));
      } finally {
        await shop.close();
      }
    });
  });
});

describe('real product pages', () => {
  it('scan at pro exactly as recorded', async () => {
    const routes: Record<string, ShopRoute> = Object.fromEntries(
      REAL_PAGES.map((id) => [`/products/${id}`, { body: readRealPage(id), contentType: 'text/html' }]),
    );
    const shop = await startShop('real-page-host', { routes, now });
    try {
      const limit = pLimit(4);
      const results = await Promise.all(REAL_PAGES.map((id) => limit(() => scanned(shop, `/products/${id}`, 'pro'))));
      if (RECORD) holds('real-pages.pro.json.gz', results.join(''));
      else {
        const recorded = gunzipSync(readFileSync(new URL('real-pages.pro.json.gz', GOLDEN_DIR))).toString('utf8');
        const perPage = recorded.split(/(?<=\n\}\n)/);
        REAL_PAGES.forEach((id, index) => expect(results[index], id).toBe(perPage[index]));
      }
    } finally {
      await shop.close();
    }
  }, 300_000);
});
