/**
 * End to end: the scanner against the fixture shops of test/fixtures/shops, served on loopback by
 * test/fixtures/shop-server.ts, for every tier. Asserts the public result (schema, score, band,
 * caps, pages, products, recommendations) and what the scanner asked the server for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '#shared/model/tiers.js';
import { ScanResult as ScanResultSchema } from '#shared/http/schemas/scan-schemas.js';
import { scanUrl } from '#shared/scanner/engine.js';
import type { ScanOutcome, ScanResult } from '#shared/scanner/engine.js';
import { createFetcher, SCANNER_USER_AGENT, STRICT_POLICY } from '#shared/outbound/index.js';
import { PROBE_AGENTS } from '#shared/scanner/edge/probe-agents.js';
import type { Fetcher, TargetPolicy } from '#shared/outbound/index.js';
import { ScanError } from '#shared/scanner/scan-errors.js';
import { deriveSigningKey, type RequestSigner } from '#shared/outbound/web-bot-auth/index.js';
import type { ScanFailure } from '#shared/scanner/scan-errors.js';
import { bandOf } from '#shared/scanner/scoring.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { startShop } from '#test/fixtures/shop-server.js';
import type { ReceivedRequest, RunningShop, ShopOptions } from '#test/fixtures/shop-server.js';

const TIERS: readonly Tier[] = ['free', 'pro', 'growth'];
/** Product pages besides the homepage, per tier (pages per scan minus one). */
const BUDGET: Record<Tier, number> = { free: 0, pro: 1, growth: 4 };
const LOOPBACK: TargetPolicy = { allowPrivateHosts: ['127.0.0.1'] };
/** Scans sign one request, as the service's do (docs/decisions/061-web-bot-auth-key.md). */
const SIGNER: RequestSigner = { key: deriveSigningKey('engine-test-pepper-'.repeat(2)), agentOrigin: 'https://scanner.example' };

type ShopName = 'agent-ready' | 'typical-gaps' | 'empty-shell' | 'bot-walled' | 'robots-blocks-ai' | 'shopify-like';

interface Expected {
  score: [min: number, max: number];
  band: ScanResult['band'];
  caps: string[];
  platform: ScanResult['platform'];
  /** Confirmed product pages per tier. */
  products: Record<Tier, number>;
  /** A tier whose band differs: the free tier judges only the homepage and the site files. */
  bands?: Partial<Record<Tier, ScanResult['band']>>;
}

const EXPECTED: Record<ShopName, Expected> = {
  'agent-ready': { score: [90, 100], band: 'agent_ready', caps: [], platform: 'custom', products: { free: 0, pro: 1, growth: 4 } },
  // MCP, A2A and the agent catalogs do not apply to it (not assessed), so the homepage-only free scan scores above 70.
  'typical-gaps': {
    score: [55, 75],
    band: 'needs_work',
    bands: { free: 'partially_ready' },
    caps: [],
    platform: 'custom',
    products: { free: 0, pro: 1, growth: 4 },
  },
  // The caps bind: every other finding of these shops would score higher.
  'empty-shell': {
    score: [50, 50],
    band: 'needs_work',
    caps: ['empty_shell'],
    platform: 'custom',
    products: { free: 0, pro: 1, growth: 3 },
  },
  'bot-walled': { score: [25, 25], band: 'not_ready', caps: ['bot_wall'], platform: 'custom', products: { free: 0, pro: 0, growth: 0 } },
  'robots-blocks-ai': {
    score: [40, 40],
    band: 'not_ready',
    caps: ['robots_blocks_ai'],
    platform: 'custom',
    products: { free: 0, pro: 1, growth: 3 },
  },
  'shopify-like': { score: [75, 89], band: 'partially_ready', caps: [], platform: 'shopify', products: { free: 0, pro: 1, growth: 4 } },
};
const SHOPS = Object.keys(EXPECTED) as ShopName[];

interface Scan {
  outcome: ScanOutcome;
  /** What the shop server received during this scan only. */
  received: ReceivedRequest[];
}

let fetcher: Fetcher;

beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});

afterAll(async () => {
  await fetcher.close();
});

async function scan(
  shop: RunningShop,
  path: string,
  tier: Tier,
  overrides: { deadlineMs?: number; policy?: TargetPolicy } = {},
): Promise<Scan> {
  const before = shop.received.length;
  const outcome = await scanUrl(`${shop.origin}${path}`, {
    tier,
    productPageBudget: BUDGET[tier],
    fetcher,
    policy: overrides.policy ?? LOOPBACK,
    deadline: Date.now() + (overrides.deadlineMs ?? 20_000),
    webBotAuth: SIGNER,
  });
  return { outcome, received: shop.received.slice(before) };
}

async function withShop<T>(name: string, run: (shop: RunningShop) => Promise<T>, options: ShopOptions = {}): Promise<T> {
  const shop = await startShop(name, options);
  try {
    return await run(shop);
  } finally {
    await shop.close();
  }
}

async function scanFailure(url: string, policy: TargetPolicy = LOOPBACK): Promise<ScanFailure | 'no error'> {
  try {
    await scanUrl(url, { tier: 'free', productPageBudget: 0, fetcher, policy, deadline: Date.now() + 10_000 });
    return 'no error';
  } catch (error) {
    if (error instanceof ScanError) return error.failure;
    throw error;
  }
}

/** (path, Accept) pairs requested more than once. */
function repeatedRequests(received: readonly ReceivedRequest[]): string[] {
  const counts = new Map<string, number>();
  for (const { method, path, accept, signed, userAgent } of received) {
    // A drive of a declared endpoint (paid tiers) posts one message after another to the same URL.
    if (method !== 'GET' && method !== 'HEAD') continue;
    // The edge probe asks a page once per assistant family, each with that family's User-Agent.
    const agent = userAgent?.startsWith('AgentReadinessScanner/') ? '' : ` as ${userAgent ?? ''}`;
    const key = `${path} [${accept ?? ''}]${signed ? ' signed' : ''}${agent}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([key]) => key);
}

function check(result: ScanResult, id: string): ScanResult['checks'][number] {
  const found = result.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

const PRIORITY_RANK = { critical: 0, high: 1, medium: 2, low: 3 } as const;

function expectSoundRecommendations(result: ScanResult): void {
  const advised = result.recommendations.map((r) => r.checkId).sort();
  const shortfalls = result.checks
    .filter((c) => (c.status === 'warn' || c.status === 'fail') && c.points > 0)
    .map((c) => c.id)
    .sort();
  expect(advised, 'one recommendation per warning or failing check').toEqual(shortfalls);
  for (const r of result.recommendations) {
    expect(r.why.trim().length, `${r.checkId} why`).toBeGreaterThan(20);
    expect(r.fix.trim().length, `${r.checkId} fix`).toBeGreaterThan(20);
    expect(r.estimatedGain, `${r.checkId} gain`).toBeGreaterThan(0);
    expect(['critical', 'high', 'medium', 'low']).toContain(r.priority);
    expect(['S', 'M', 'L']).toContain(r.effort);
  }
  // docs/rubric.md, "Recommendations": the one order every surface shows, most important change first.
  expect(result.recommendations.map((r) => r.checkId)).toEqual(findingsOf(result.recommendations).flatMap((finding) => finding.checkIds));
  const findings = findingsOf(result.recommendations);
  for (let i = 1; i < findings.length; i++) {
    const a = findings[i - 1]!;
    const b = findings[i]!;
    const order = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.estimatedGain - a.estimatedGain;
    expect(
      order,
      `${a.checkId} (${a.priority}, ${a.estimatedGain}) before ${b.checkId} (${b.priority}, ${b.estimatedGain})`,
    ).toBeLessThanOrEqual(0);
  }
}

describe.each(SHOPS)('%s', (name) => {
  const expected = EXPECTED[name];
  const scans = new Map<Tier, Scan>();
  let shop: RunningShop;

  // Three whole scans, each within its own 20 s deadline: on two loaded cores they take longer than a hook's 10 s.
  beforeAll(
    async () => {
      shop = await startShop(name);
      for (const tier of TIERS) scans.set(tier, await scan(shop, '/', tier));
    },
    TIERS.length * 20_000 + 5_000,
  );

  afterAll(async () => {
    await shop.close();
  });

  it.each(TIERS)('%s: result validates against the ScanResult schema', (tier) => {
    const { result } = scans.get(tier)!.outcome;
    const parsed = ScanResultSchema.safeParse(result);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(result.tier).toBe(tier);
    expect(result.url).toBe(`${shop.origin}/`);
    expect(result.checks).toHaveLength(40);
  });

  it.each(TIERS)('%s: score, band, caps and platform', (tier) => {
    const { result } = scans.get(tier)!.outcome;
    expect(result.score).toBeGreaterThanOrEqual(expected.score[0]);
    expect(result.score).toBeLessThanOrEqual(expected.score[1]);
    expect(result.band).toBe(expected.bands?.[tier] ?? expected.band);
    expect(result.band).toBe(bandOf(result.score));
    expect(result.caps.map((cap) => cap.id)).toEqual(expected.caps);
    for (const cap of result.caps) expect(result.score).toBeLessThanOrEqual(cap.limit);
    expect(result.platform).toBe(expected.platform);
  });

  it.each(TIERS)('%s: pages and products within the tier budget', (tier) => {
    const { result } = scans.get(tier)!.outcome;
    expect(result.products).toHaveLength(expected.products[tier]);
    expect(result.pages).toHaveLength(1 + expected.products[tier]);
    expect(result.pages[0]).toMatchObject({ kind: 'homepage', url: `${shop.origin}/` });
    expect(result.pages.slice(1).map((p) => p.url)).toEqual(result.products.map((p) => p.url));
    expect(result.pages.slice(1).every((p) => p.kind === 'product')).toBe(true);
    expect(result.products.length).toBeLessThanOrEqual(BUDGET[tier]);
    for (const product of result.products) expect(product.source, product.url).not.toBeNull();
  });

  it.each(TIERS)('%s: never fetches the same URL twice', (tier) => {
    const { received, outcome } = scans.get(tier)!;
    expect(repeatedRequests(received)).toEqual([]);
    // Every fetch the scan logged reached the server exactly once (no retries, no redirects here).
    expect(outcome.log.filter((entry) => entry.outcome !== 'skipped')).toHaveLength(received.length);
    // The homepage is asked for once: its answer is also the http:// answer, and no shop here negotiates
    // Markdown without linking it (agent-ready links it in a Link header), so none is asked as Markdown.
    // And once signed (web_bot_auth), at the same time and with the same User-Agent.
    const ownRequests = received.filter((r) => r.userAgent?.startsWith('AgentReadinessScanner/'));
    const homepage = ownRequests.filter((r) => r.path === '/' && !r.signed);
    expect(homepage).toHaveLength(1);
    expect(received.filter((r) => r.signed).map((r) => r.path)).toEqual(['/']);
    expect(homepage[0]?.accept?.startsWith('text/html')).toBe(true);
    // Every request names the scanner: its own, or a vendor's string followed by the scanner's own token
    // (the edge probe, paid tiers only: one request per assistant family and page).
    expect(received.every((r) => r.userAgent?.endsWith(SCANNER_USER_AGENT))).toBe(true);
    const probes = received.filter((r) => !r.userAgent?.startsWith('AgentReadinessScanner/'));
    expect(probes).toHaveLength(tier === 'free' ? 0 : PROBE_AGENTS.length * new Set(probes.map((r) => r.path)).size);
  });

  it.each(TIERS)('%s: recommendations are sorted and complete', (tier) => {
    expectSoundRecommendations(scans.get(tier)!.outcome.result);
  });

  it('coverage grows with the tier', () => {
    const coverage = TIERS.map((tier) => scans.get(tier)!.outcome.result.coverage);
    expect(coverage[1]).toBeGreaterThanOrEqual(coverage[0]!);
    expect(coverage[2]).toBeGreaterThanOrEqual(coverage[1]!);
  });

  if (name === 'agent-ready') {
    it('passes every check it can on plain http', () => {
      const { result } = scans.get('growth')!.outcome;
      // https_hsts cannot pass on http://127.0.0.1.
      const notPassing = result.checks.filter((c) => c.status !== 'pass' && c.points > 0).map((c) => c.id);
      expect(notPassing).toEqual(['https_hsts']);
      expect(check(result, 'https_hsts').status).toBe('fail');
      expect(check(result, 'llms_txt').status).toBe('pass');
      expect(check(result, 'ucp_profile')).toMatchObject({ status: 'pass', platformProvided: false });
      expect(result.coverage).toBe(1);
    });

    it('reads the facts agents see from each product page', () => {
      const { result } = scans.get('growth')!.outcome;
      const boot = result.products.find((p) => p.url.endsWith('/products/trailhead-gtx-hiking-boot'));
      expect(boot).toEqual({
        url: `${shop.origin}/products/trailhead-gtx-hiking-boot`,
        name: 'Trailhead GTX Hiking Boot',
        price: '189.00',
        currency: 'EUR',
        availability: 'InStock',
        sku: 'FF-TGX-42',
        gtin: '4006381333979',
        mpn: 'TGX-2025',
        brand: 'Fjell & Fjord',
        image: `${shop.origin}/images/trailhead-gtx-hiking-boot.jpg`,
        source: 'json-ld',
        disagreements: [],
        sources: {
          name: 'json-ld',
          price: 'json-ld',
          currency: 'json-ld',
          availability: 'json-ld',
          sku: 'json-ld',
          gtin: 'json-ld',
          mpn: 'json-ld',
          brand: 'json-ld',
          image: 'json-ld',
        },
      });
    });

    it('skips the gift card the homepage links', () => {
      for (const tier of TIERS) expect(scans.get(tier)!.received.map((r) => r.path)).not.toContain('/products/gift-card');
    });
  }

  if (name === 'typical-gaps') {
    it('finds the typical gaps', () => {
      const { result } = scans.get('growth')!.outcome;
      const status = (id: string) => check(result, id).status;
      expect(status('identifiers')).toBe('warn');
      expect(status('reviews')).toBe('fail');
      expect(status('returns_structured')).toBe('fail');
      expect(status('shipping_structured')).toBe('fail');
      expect(status('variants')).toBe('fail');
      expect(status('ucp_profile')).toBe('fail');
      expect(status('product_sitemap')).toBe('warn');
      expect(status('policy_links')).toBe('warn');
      // Unknown paths answer 200 with an HTML page: a soft 404 is no llms.txt (not applicable), not a broken one.
      expect(status('llms_txt')).toBe('not_applicable');
      expect(status('security_txt')).toBe('fail');
      expect(result.products.every((p) => p.price !== null && p.currency === 'GBP' && p.gtin === null && p.brand === null)).toBe(true);
    });
  }

  if (name === 'empty-shell') {
    it('fails the raw-HTML text check and still reads the pre-rendered product pages', () => {
      const { result } = scans.get('growth')!.outcome;
      expect(check(result, 'ssr_text').status).toBe('fail');
      expect(result.caps[0]?.reason).toContain('<div id="root">');
      expect(result.products.map((p) => p.currency)).toEqual(['NOK', 'NOK', 'NOK']);
      expect(result.recommendations[0]).toMatchObject({ checkId: 'ssr_text', priority: 'critical' });
    });
  }

  if (name === 'bot-walled') {
    it('reports the wall and judges nothing behind it', () => {
      const { result } = scans.get('growth')!.outcome;
      expect(check(result, 'bot_wall').status).toBe('fail');
      for (const id of ['ssr_text', 'indexable', 'policy_links', 'org_identity', 'site_search', 'checkout_friction']) {
        expect(check(result, id).status, id).toBe('not_assessed');
      }
      expect(result.recommendations[0]).toMatchObject({ checkId: 'bot_wall', priority: 'critical' });
    });
  }

  if (name === 'robots-blocks-ai') {
    it('never fetches the product page robots.txt disallows for the scanner', () => {
      for (const tier of TIERS) {
        const paths = scans.get(tier)!.received.map((r) => r.path);
        expect(paths).not.toContain('/products/winter-preview-cast-iron-dutch-oven');
      }
      // It is the first product link on the homepage: the next ones were taken instead.
      expect(scans.get('pro')!.outcome.result.products.map((p) => pathOf(p.url))).toEqual(['/products/sourdough-proofing-basket']);
      expect(
        scans
          .get('growth')!
          .outcome.result.products.map((p) => pathOf(p.url))
          .sort(),
      ).toEqual(['/products/copper-gooseneck-kettle', '/products/enamel-pie-dish', '/products/sourdough-proofing-basket']);
      expect(check(scans.get('growth')!.outcome.result, 'robots_ai_agents').status).toBe('fail');
    });
  }

  if (name === 'shopify-like') {
    it('discovers products through /products.json and the product sitemap', () => {
      const pro = scans.get('pro')!;
      // The newest product is only in products.json: neither the homepage nor the sitemap lists it.
      expect(pro.outcome.result.products.map((p) => pathOf(p.url))).toEqual(['/products/driftwood-amber-candle']);
      const growth = scans.get('growth')!;
      expect(growth.outcome.result.products.map((p) => pathOf(p.url)).sort()).toEqual([
        '/products/brass-wick-trimmer',
        '/products/cedar-harbor-candle',
        '/products/driftwood-amber-candle',
        '/products/sea-salt-orchid-candle',
      ]);
      for (const tier of TIERS) {
        const paths = scans.get(tier)!.received.map((r) => r.path);
        expect(paths.filter((p) => p === '/products.json?limit=8')).toHaveLength(1);
        expect(paths).not.toContain('/products/gift-card');
      }
    });

    it('credits the platform defaults as platformProvided', () => {
      const { result } = scans.get('growth')!.outcome;
      // Its generated profile is still on UCP 2026-01-23 without signing keys: credited to the platform, with a warning to upgrade.
      expect(check(result, 'ucp_profile')).toMatchObject({ status: 'warn', platformProvided: true });
      expect(check(result, 'ucp_profile').summary).toContain('upgrade to 2026-04-08');
      expect(check(result, 'catalog_endpoint')).toMatchObject({ status: 'pass', platformProvided: true });
      expect(check(result, 'mcp_discovery')).toMatchObject({ status: 'pass', platformProvided: true });
      expect(check(result, 'variants').status).toBe('pass');
      expect(result.products.every((p) => p.currency === 'USD' && p.brand === 'Saltwater Candle Co.')).toBe(true);
    });
  }
});

describe('a product URL as the scanned URL', () => {
  const target = '/products/vacuum-bottle-750';

  it.each(TIERS)('%s: counts as one of the product pages', async (tier) => {
    await withShop('agent-ready', async (shop) => {
      const { outcome, received } = await scan(shop, target, tier);
      const { result } = outcome;
      expect(ScanResultSchema.safeParse(result).success).toBe(true);
      expect(result.url).toBe(`${shop.origin}${target}`);
      expect(result.products[0]?.url).toBe(`${shop.origin}${target}`);
      expect(result.products[0]?.name).toBe('Vacuum Bottle 750 ml');
      expect(result.products).toHaveLength(1 + Math.max(0, BUDGET[tier] - 1));
      expect(result.pages).toHaveLength(tier === 'free' ? 1 : 1 + BUDGET[tier]);
      if (tier === 'free') {
        expect(result.pages[0]).toMatchObject({ kind: 'product', url: `${shop.origin}${target}` });
      } else {
        expect(result.pages[0]).toMatchObject({ kind: 'homepage', url: `${shop.origin}/` });
        expect(result.pages.filter((p) => p.url === `${shop.origin}${target}`)).toHaveLength(1);
      }
      expect(repeatedRequests(received)).toEqual([]);
      const asHtml = received.filter(
        (r) => r.path === target && r.accept?.startsWith('text/html') && !r.signed && r.userAgent === SCANNER_USER_AGENT,
      );
      expect(asHtml).toHaveLength(1);
      expect(check(result, 'offer_core').status).toBe('pass');
    });
  });
});

describe('a slow shop past the scan deadline', () => {
  it('leaves what did not arrive in time not_assessed, never failed', async () => {
    // The homepage and robots.txt answer at once; everything else takes 5 s, past the 1.5 s deadline.
    const fast = new Set(['/', '/robots.txt']);
    const options: ShopOptions = { delayFor: (path, accept) => (fast.has(path) && accept !== 'text/markdown' ? 0 : 5_000) };
    await withShop(
      'agent-ready',
      async (shop) => {
        const { outcome } = await scan(shop, '/', 'growth', { deadlineMs: 1_500 });
        const { result, log } = outcome;
        expect(ScanResultSchema.safeParse(result).success).toBe(true);
        expect(log.some((entry) => entry.outcome === 'timeout' || entry.outcome === 'skipped')).toBe(true);
        const failed = result.checks.filter((c) => c.status === 'fail').map((c) => c.id);
        // Plain http is a finding from the homepage itself, not from a late file.
        expect(failed).toEqual(['https_hsts']);
        for (const id of [
          'sitemap',
          'product_sitemap',
          'llms_txt',
          'security_txt',
          'ucp_profile',
          'a2a_ap2',
          'schema_present',
          'offer_core',
          'actionable_forms',
        ]) {
          expect(check(result, id).status, id).toBe('not_assessed');
        }
        // The homepage arrived in time, and its search form is a WebMCP tool: MCP discovery is judged on it.
        expect(check(result, 'mcp_discovery').status).toBe('pass');
        expect(result.caps).toEqual([]);
        expect(result.products).toEqual([]);
        expect(result.coverage).toBeLessThan(0.6);
        expect(result.score).toBeGreaterThanOrEqual(90);
      },
      options,
    );
  });
});

describe('scan errors', () => {
  it('an unreachable homepage is ScanError "unreachable"', async () => {
    const shop = await startShop('agent-ready');
    const origin = shop.origin;
    await shop.close();
    expect(await scanFailure(`${origin}/`)).toBe('unreachable');
  });

  it.each([
    ['not a URL', 'shop dot com', LOOPBACK],
    ['an unsupported scheme', 'ftp://127.0.0.1/catalog', LOOPBACK],
    ['credentials in the URL', 'http://admin:secret@127.0.0.1/', LOOPBACK],
    ['a private address', 'http://10.20.30.40/', LOOPBACK],
    ['loopback without the test allow-list', 'http://127.0.0.1:8080/', STRICT_POLICY],
    ['a special-use name', 'http://shop.localhost/', STRICT_POLICY],
    ['a port other than 80 and 443', 'http://93.184.216.34:8443/', STRICT_POLICY],
  ] as const)('%s is ScanError "invalid_url"', async (_label, url, policy) => {
    expect(await scanFailure(url, policy)).toBe('invalid_url');
  });
});

/** Scanner bugs these fixtures exposed, kept as regression tests now that they are fixed. */
describe('fixed scanner issues', () => {
  it('a robots.txt that misses the deadline does not cap the score at 40', async () => {
    const options: ShopOptions = { delayFor: (path, accept) => (path === '/' && accept !== 'text/markdown' ? 0 : 5_000) };
    await withShop(
      'agent-ready',
      async (shop) => {
        const { result } = (await scan(shop, '/', 'growth', { deadlineMs: 1_500 })).outcome;
        expect(check(result, 'robots_ai_agents').status).toBe('not_assessed');
        expect(result.caps).toEqual([]);
      },
      options,
    );
  });

  it("product_facts_in_html finds a ProductGroup page name shown in its H1 (it looks for the first variant's name)", async () => {
    await withShop('agent-ready', async (shop) => {
      const { result } = (await scan(shop, '/products/merino-crew-base-layer', 'pro')).outcome;
      expect(check(result, 'product_facts_in_html').status).toBe('pass');
    });
  });

  it('actionable_forms does not pass a script-only button outside any form with unlabelled inputs', async () => {
    await withShop('typical-gaps', async (shop) => {
      const { result } = (await scan(shop, '/products/stoneware-dinner-plate-set', 'pro')).outcome;
      expect(check(result, 'actionable_forms').status).not.toBe('pass');
    });
  });

  it('well-known files answered by the bot wall are not_assessed, not failed', async () => {
    await withShop('bot-walled', async (shop) => {
      const { result } = (await scan(shop, '/', 'free')).outcome;
      for (const id of ['ucp_profile', 'mcp_discovery', 'a2a_ap2', 'security_txt'])
        expect(check(result, id).status, id).toBe('not_assessed');
    });
  });
});
