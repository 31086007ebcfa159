/**
 * Re-checks against the fixture shops on loopback: only what the checks read is fetched again, and
 * on an unchanged shop every check judges as the scan did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '#shared/model/tiers.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import { scanUrl, type ScanResult } from '#shared/scanner/engine.js';
import { checksToFix, recheckChecks } from '#shared/scanner/recheck.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { GOLDEN_SHOP, goldenClock, goldenScanOptions, PATIENT_TIMEOUTS } from '../golden.js';

const BUDGET: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };
let fetcher: Fetcher;

beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'], now: goldenClock, timeouts: PATIENT_TIMEOUTS });
});

afterAll(async () => {
  await fetcher.close();
});

const options = (tier: Tier) => goldenScanOptions(tier, BUDGET[tier], fetcher);

async function scanned(shop: RunningShop, tier: Tier): Promise<ScanResult> {
  const { result } = await scanUrl(`${shop.origin}/`, options(tier));
  shop.requests.length = 0;
  return result;
}

describe.each(['agent-ready', 'shopify-like', 'typical-gaps'])('fixture shop %s at growth', (name) => {
  let shop: RunningShop;
  let result: ScanResult;
  beforeAll(async () => {
    shop = await startShop(name, GOLDEN_SHOP);
    result = await scanned(shop, 'growth');
  });
  afterAll(() => shop.close());

  it('judges every check as the scan did while nothing changed', async () => {
    const recheck = await recheckChecks(
      result,
      allChecks.map((check) => check.id),
      options('growth'),
    );
    const verdict = (after: boolean) => recheck.checks.map((check) => [check.checkId, after ? check.after : check.before]);
    expect(verdict(true)).toEqual(verdict(false));
    expect(recheck.checks.every((check) => !check.fixed)).toBe(true);
    expect(recheck.pages).toEqual(result.pages.map((page) => page.url));
  });

  it('fetches only the files a site-file check reads', async () => {
    shop.requests.length = 0;
    const recheck = await recheckChecks(result, ['llms_txt', 'security_txt'], options('growth'));
    expect(shop.requests.sort()).toEqual(['/.well-known/security.txt', '/agents.md', '/llms.txt']);
    expect(recheck.pages).toEqual([]);
    expect(recheck.checks.map((check) => check.checkId)).toEqual(['llms_txt', 'security_txt']);
  });

  it("fetches only the scan's product pages for a product check", async () => {
    shop.requests.length = 0;
    const recheck = await recheckChecks(result, ['offer_core'], options('growth'));
    const productPaths = result.products.map((product) => new URL(product.url).pathname + new URL(product.url).search);
    expect(shop.requests.sort()).toEqual(productPaths.sort());
    expect(recheck.pages).toEqual(result.products.map((product) => product.url));
  });
});

it('drives the declared endpoints again for the checks they decide, and reads only what declares them', async () => {
  const shop = await startShop('agent-ready', GOLDEN_SHOP);
  try {
    const result = await scanned(shop, 'pro');
    const recheck = await recheckChecks(result, ['mcp_discovery', 'ucp_profile', 'acp_ready'], options('pro'));
    const asked = new Set(shop.requests.map((path) => path.split('?')[0]));
    expect(shop.requests.filter((path) => path === '/mcp')).toHaveLength(5);
    expect(asked).toContain('/ucp/v1/checkout-sessions/agent-readiness-probe-0000');
    expect(asked).toContain('/acp/checkout_sessions/agent-readiness-probe-0000');
    expect(asked).toContain('/.well-known/ucp');
    expect(asked).toContain('/.well-known/acp.json');
    for (const check of recheck.checks) expect(check.after, check.checkId).toEqual(check.before);
  } finally {
    await shop.close();
  }
});

it('reads the homepage and the platform catalog for the catalog check, nothing else', async () => {
  const shop = await startShop('shopify-like', GOLDEN_SHOP);
  try {
    const result = await scanned(shop, 'free');
    const recheck = await recheckChecks(result, ['catalog_endpoint'], options('free'));
    expect(shop.requests.map((path) => path.split('?')[0]).sort()).toEqual(['/', '/products.json']);
    expect(recheck.checks[0]?.after).toEqual(recheck.checks[0]?.before);
    expect(recheck.pages).toEqual([result.finalUrl]);
  } finally {
    await shop.close();
  }
});

it('asks for a scanned product page no more often than the scan did, the homepage checks and the product checks together', async () => {
  const shop = await startShop('agent-ready', GOLDEN_SHOP);
  try {
    const path = '/products/merino-crew-base-layer';
    const { result } = await scanUrl(`${shop.origin}${path}`, options('growth'));
    const asks = () => shop.requests.filter((request) => request === path).length;
    const scanAsks = asks();
    shop.requests.length = 0;
    const recheck = await recheckChecks(
      result,
      allChecks.map((check) => check.id),
      options('growth'),
    );
    expect(asks()).toBe(scanAsks);
    expect(recheck.checks.map((check) => [check.checkId, check.after])).toEqual(
      recheck.checks.map((check) => [check.checkId, check.before]),
    );
    expect(recheck.pages).toEqual(result.pages.map((page) => page.url));
  } finally {
    await shop.close();
  }
});

it('fails as a scan fails when a page it needs is gone, and asks nothing for no checks', async () => {
  const shop = await startShop('typical-gaps', GOLDEN_SHOP);
  const result = await scanned(shop, 'free');
  await shop.close();
  await expect(recheckChecks(result, ['ssr_text'], options('free'))).rejects.toBeInstanceOf(ScanError);
  const nothing = await recheckChecks(result, [], options('free'));
  expect(nothing).toMatchObject({ scanId: result.id, pages: [], checks: [] });
  expect(checksToFix(result).length).toBeGreaterThan(0);
  await expect(recheckChecks(result, ['no_such_check'], options('free'))).rejects.toThrow(/no_such_check/);
});
