/**
 * Holds every check to what check-needs.ts says it reads: on the fixture shops (as the golden scans
 * gather them) and on hand-built https artifacts, each check judges the same with only its needs
 * gathered (keepNeeded) as with everything, and reads nothing else of the artifacts.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artifacts } from '#shared/scanner/artifacts.js';
import { checkNeeds, needsOf, type Source } from '#shared/scanner/check-needs.js';
import { allChecks } from '#shared/scanner/checks/index.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { keepNeeded } from '#shared/scanner/keep-needed.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { SHOPS_DIR, startShop } from '#test/fixtures/shop-server.js';
import { buildArtifacts } from '../checks/build-artifacts.js';
import { GOLDEN_SHOP, goldenClock, goldenScanOptions, PATIENT_TIMEOUTS } from '../golden.js';

/** The scan's own facts: a re-check has them without fetching anything. */
const scanFacts = new Set([
  'requestedUrl',
  'tier',
  'productPageBudget',
  'startedAt',
  'scannedPageIsProduct',
  'unvisitedCandidates',
  'origin',
]);

/** The top-level and site-level names a check's evaluate() reads. */
function readsOf(artifacts: Artifacts, evaluate: (artifacts: Artifacts) => unknown): Set<string> {
  const reads = new Set<string>();
  const recording = <T extends object>(target: T, also: Partial<Record<string, unknown>> = {}): T =>
    new Proxy(target, {
      get: (object, name): unknown => {
        if (typeof name === 'string' && name in also) return also[name];
        reads.add(String(name));
        return Reflect.get(object, name);
      },
    });
  evaluate(recording(artifacts, { site: recording(artifacts.site) }));
  return reads;
}

function expectNeedsHold(artifacts: Artifacts, label: string): void {
  for (const check of allChecks) {
    const needs = needsOf([check.id]);
    const kept = keepNeeded(artifacts, needs);
    expect(check.evaluate(kept), `${check.id} on ${label}`).toEqual(check.evaluate(artifacts));
    const undeclared = [...readsOf(artifacts, (a) => check.evaluate(a))].filter(
      (name) => !scanFacts.has(name) && !needs.has(name as Source),
    );
    expect(undeclared, `${check.id} on ${label} reads`).toEqual([]);
  }
}

it('names, for each document, the checks that read it', () => {
  expect(checkNeeds('mcp_discovery')).toEqual(expect.arrayContaining(['ucp', 'mcpServerCard']));
  expect(checkNeeds('ssr_text')).toEqual(['homepage']);
});

it('adds what a source cannot be gathered without', () => {
  expect([...needsOf(['catalog_endpoint'])].sort()).toEqual(['catalog', 'homepage', 'platform']);
  expect([...needsOf(['sitemap'])].sort()).toEqual(['robots', 'sitemap']);
  expect([...needsOf(['web_bot_auth'])].sort()).toEqual(['homepage', 'webBotAuth']);
  expect([...needsOf(['llms_txt'])].sort()).toEqual(['agentsMd', 'llmsTxt']);
  expect([...needsOf(['a2a_ap2'])].sort()).toEqual(['a2aDrive', 'agentCard', 'aiCatalog']);
});

describe('on the fixture shops', () => {
  let fetcher: Fetcher;
  beforeAll(() => {
    fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'], now: goldenClock, timeouts: PATIENT_TIMEOUTS });
  });
  afterAll(async () => {
    await fetcher.close();
  });

  it.each(readdirSync(SHOPS_DIR).sort())('every check judges %s the same with only its needs', async (name) => {
    const shop = await startShop(name, GOLDEN_SHOP);
    try {
      for (const [tier, productPageBudget] of [
        ['free', 0],
        ['growth', 4],
      ] as const) {
        const { artifacts } = await scanUrl(`${shop.origin}/`, goldenScanOptions(tier, productPageBudget, fetcher));
        expectNeedsHold(artifacts, `${name} at ${tier}`);
      }
    } finally {
      await shop.close();
    }
  });
});

it('every check judges an https shop the same with only its needs', () => {
  const product = (sku: string) =>
    `<html><head><script type="application/ld+json">{"@type":"Product","name":"Mug ${sku}","sku":"${sku}","offers":{"@type":"Offer","price":"12.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script></head><body><h1>Mug</h1><button>Add to cart</button></body></html>`;
  const scenarios = {
    'a bare https shop': buildArtifacts(),
    'an https shop with HSTS, products and files': buildArtifacts({
      homepage: {
        body: '<html lang="en"><head><title>Shop</title></head><body><a href="/shipping">Shipping</a><form action="/search"><input name="q"></form></body></html>',
        headers: { 'strict-transport-security': 'max-age=31536000', vary: 'Accept' },
      },
      products: [product('A1'), product('B2')],
      robots: 'User-agent: *\nAllow: /\nSitemap: https://shop.example/sitemap.xml\n',
      sitemap: '<urlset><url><loc>https://shop.example/products/item-1</loc></url></urlset>',
      sitemapSource: 'robots',
      llmsTxt: '# Shop\n\n> A shop.\n',
      securityTxt: 'Contact: mailto:security@shop.example\n',
      markdown: { body: '# Shop', headers: { 'content-type': 'text/markdown' } },
      signed: '<html><body>signed</body></html>',
    }),
    'an https shop whose plain http does not redirect': buildArtifacts({ plainHttp: { status: 200, body: 'hello' } }),
  };
  for (const [label, artifacts] of Object.entries(scenarios)) expectNeedsHold(artifacts, label);
});
