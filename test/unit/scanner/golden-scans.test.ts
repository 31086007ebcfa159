/**
 * Every fixture shop at every tier, scanned with a fixed clock, exactly as recorded (golden.ts). The 93
 * real product pages are held the same way in real-pages-scan.test.ts, which scans them anyway.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Tier } from '#shared/model/tiers.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';
import type { Fetcher } from '#shared/outbound/index.js';
import { SHOPS_DIR, startShop } from '#test/fixtures/shop-server.js';
import { expectAdviceOnlyForFindings } from './advice-guard.js';
import { canonical, GOLDEN_ID, GOLDEN_SHOP, goldenClock, goldenScanOptions, holdsGolden, PATIENT_TIMEOUTS } from './golden.js';

const TIERS: readonly Tier[] = ['free', 'pro', 'growth'];
const BUDGET: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };
const SHOPS = readdirSync(SHOPS_DIR).sort();

let fetcher: Fetcher;

beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'], now: goldenClock, timeouts: PATIENT_TIMEOUTS });
});

afterAll(async () => {
  await fetcher.close();
});

describe.each(SHOPS)('fixture shop %s', (name) => {
  it.each(TIERS)('scans at %s exactly as recorded', async (tier) => {
    const shop = await startShop(name, GOLDEN_SHOP);
    try {
      const { result } = await scanUrl(`${shop.origin}/`, { ...goldenScanOptions(tier, BUDGET[tier], fetcher), id: GOLDEN_ID });
      holdsGolden(`${name}.${tier}.json`, canonical(result, shop.origin));
      expectAdviceOnlyForFindings(result, `${name} at ${tier}`);
    } finally {
      await shop.close();
    }
  });
});

/**
 * The rescan of a site its owner proved is theirs, with a checkout drive granted: a UCP checkout that sells as the page
 * says (proven), and one whose totals do not add up.
 */
describe.each([
  ['checkout-drive', {}],
  ['wrong-totals', { '/ucp/v1': { ucpCheckout: 'wrong-totals' as const } }],
])('fixture shop agent-ready, checkout drive: %s', (variant, routes) => {
  it('scans at growth exactly as recorded', async () => {
    const shop = await startShop('agent-ready', { ...GOLDEN_SHOP, routes });
    try {
      const options = {
        ...goldenScanOptions('growth', BUDGET.growth, fetcher),
        id: GOLDEN_ID,
        checkoutDrive: { agentProfile: 'https://scanner.test/.well-known/ucp' },
      };
      const { result } = await scanUrl(`${shop.origin}/`, options);
      holdsGolden(`agent-ready.growth.${variant}.json`, canonical(result, shop.origin));
      expectAdviceOnlyForFindings(result, `agent-ready at growth, ${variant}`);
    } finally {
      await shop.close();
    }
  });
});
