/**
 * The whole scanner on 93 real product pages, a third party's data read from beside the repository
 * (test/support/outside-data.ts; skipped, saying why, where it is absent): each page is served by a loopback shop as `/products/<id>`, scanned as the scanned
 * URL with tier pro, and `result.products[0]` is held to the hand-labelled ground truth. A field the
 * markup lacks may come from the page's text, labelled `text`, and is then right at a rate.
 *
 * As in the extraction-level test (extract/real-pages.test.ts), a field is held to the ground truth
 * only where the page exposes it in markup, decided by the independent regex search of
 * extract/markup-search.ts, with the same documented exceptions (extract/real-page-truth.ts). On top of extraction this covers
 * fetching (gzip, charset sniffing, the 2 MiB cap), product confirmation and the engine's
 * "what agents see" list.
 */
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResult as ScanResultSchema } from '#shared/http/schemas/scan-schemas.js';
import { scanUrl } from '#shared/scanner/engine.js';
import type { ScanResult } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/index.js';
import type { Fetcher } from '#shared/outbound/index.js';
import { startShop } from '#test/fixtures/shop-server.js';
import type { RunningShop, ShopRoute } from '#test/fixtures/shop-server.js';
import { orSkipped, productPages } from '#test/support/outside-data.js';
import { markupValues } from './extract/markup-search.js';
import {
  EXCEPTIONS,
  FIELDS,
  describeTallies,
  exposed,
  matches,
  present,
  tallyFields,
  type GroundTruth,
} from './extract/real-page-truth.js';
import type { MarkupValues } from './extract/markup-search.js';
import { canonical, GOLDEN_ID, GOLDEN_SHOP, goldenClock, goldenScanOptions, holdsGoldenSeries, PATIENT_TIMEOUTS } from './golden.js';
import { expectAdviceOnlyForFindings } from './advice-guard.js';

const CONCURRENCY = 4;

interface PageScan {
  id: string;
  truth: GroundTruth;
  markup: MarkupValues;
  result: ScanResult;
  /** What the scan reports for the page: the first product, or nothing. */
  facts: ScanResult['products'][number] | null;
}

const pages = orSkipped(productPages(), 'real-pages-scan.test.ts');
const groundTruth = pages?.groundTruth() ?? {};
const ids = Object.keys(groundTruth).sort();
const scans = new Map<string, PageScan>();
let shop: RunningShop;
let fetcher: Fetcher;

describe.skipIf(pages === undefined)('real product pages through the scanner', () => {
  beforeAll(async () => {
    const bodies = new Map(ids.map((id) => [id, pages!.html(id)]));
    // Served as saved, with no charset in Content-Type: the fetcher must sniff it from the page, as it would in the wild.
    const routes: Record<string, ShopRoute> = Object.fromEntries(
      [...bodies].map(([id, body]) => [`/products/${id}`, { body, contentType: 'text/html' }]),
    );
    shop = await startShop('real-page-host', { routes, ...GOLDEN_SHOP });
    fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'], now: goldenClock, timeouts: PATIENT_TIMEOUTS });
    const limit = pLimit(CONCURRENCY);
    await Promise.all(
      ids.map((id) =>
        limit(async () => {
          const { result } = await scanUrl(`${shop.origin}/products/${id}`, { ...goldenScanOptions('pro', 1, fetcher), id: GOLDEN_ID });
          const html = bodies.get(id)!.toString('utf8');
          scans.set(id, { id, truth: groundTruth[id]!, markup: markupValues(html), result, facts: result.products[0] ?? null });
        }),
      ),
    );
  }, 180_000);

  afterAll(async () => {
    await fetcher.close();
    await shop.close();
  });

  it('finds the fixtures beside the repository', () => {
    expect(ids).toHaveLength(93);
    expect(scans.size).toBe(93);
  });

  it('scans every page exactly as recorded (golden.ts)', () => {
    holdsGoldenSeries(
      'real-pages.pro.json.gz',
      ids.map((id) => [id, canonical(scans.get(id)!.result, shop.origin)] as const),
    );
  });

  it.each(ids)('%s: the scan result is valid and lists the scanned page first', (id) => {
    const { result } = scans.get(id)!;
    // The golden scans carry a fixed id (golden.ts); the schema wants a UUID.
    const parsed = ScanResultSchema.safeParse({ ...result, id: randomUUID() });
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(result.pages.length).toBeGreaterThanOrEqual(1);
    expect(result.pages.length).toBeLessThanOrEqual(2);
    expect(result.products.length).toBeLessThanOrEqual(1);
    if (result.products[0]) expect(result.products[0].url).toBe(`${shop.origin}/products/${id}`);
    expectAdviceOnlyForFindings(result, id);
  });

  it.each(ids)('%s: price, currency and availability match the ground truth wherever markup exposes them', (id) => {
    const { truth, markup, facts } = scans.get(id)!;
    for (const field of FIELDS) {
      const labelled = truth[field];
      const exception = EXCEPTIONS[id]?.find((e) => e.field === field);
      const value = facts?.[field] ?? null;
      if (exception !== undefined) {
        expect(value, `${field}: ${exception.reason}`).toBe(exception.extracted);
        continue;
      }
      if (!present(field, markup)) {
        // Only what the page's text shows, labelled as such (how often it is right: the summary below).
        if (value !== null) expect(facts!.sources[field], `${field} is not in markup`).toBe('text');
        continue;
      }
      if (labelled === undefined || !exposed(field, markup, labelled)) continue;
      expect(matches(field, value, labelled), `${field}: scanned ${String(value)}, labelled ${JSON.stringify(labelled)}`).toBe(true);
    }
  });

  it('matches every exposed fact (summary)', () => {
    const rows = tallyFields(scans.values());
    const confirmed = [...scans.values()].filter((s) => s.facts !== null).length;
    console.log(`real pages scanned (${scans.size}, ${confirmed} confirmed as products): ${describeTallies(rows)}`);
    for (const row of rows) expect(row.matched).toBe(row.exposed);
    // Values read from the text alone, held to the labels where there are some: text reading is not
    // exact (price with and without VAT, for one), so the bar is a rate, as in the extraction bench.
    const fromText = [...scans.values()].flatMap(({ truth, markup, facts }) =>
      FIELDS.filter((field) => !present(field, markup) && facts?.sources[field] === 'text' && truth[field] !== undefined).map((field) =>
        matches(field, facts![field] ?? null, truth[field]!),
      ),
    );
    console.log(`values from the text alone where the page is labelled: ${fromText.filter(Boolean).length} of ${fromText.length} right`);
    expect(fromText.length).toBeGreaterThanOrEqual(8);
    expect(fromText.filter(Boolean).length / fromText.length).toBeGreaterThanOrEqual(0.8);
    // Guards against a broken markup search or server making the test vacuous.
    expect(rows.find((r) => r.field === 'price')!.exposed).toBeGreaterThanOrEqual(50);
    expect(rows.find((r) => r.field === 'currency')!.exposed).toBeGreaterThanOrEqual(40);
    expect(rows.find((r) => r.field === 'availability')!.exposed).toBeGreaterThanOrEqual(40);
  });
});
