/**
 * The extractor against 93 real product pages with hand-labelled ground truth, a third party's data read
 * from beside the repository (test/support/outside-data.ts); skipped, saying why, where it is absent.
 *
 * For price, currency and availability, a page is held to the ground truth only where its
 * markup exposes the fact, decided by `markup-search.ts` (regexes over the raw HTML, no extractor
 * code). Where markup states the fact but not the labelled value, the page must be listed in
 * MARKUP_EXCEPTIONS (real-page-truth.ts) with the reason and the value the extractor is expected to report instead.
 */
import { load } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractStructuredData, productFacts } from '#shared/scanner/extract/index.js';
import type { ProductFacts } from '#shared/scanner/extract/index.js';
import { orSkipped, productPages } from '#test/support/outside-data.js';
import { markupValues } from './markup-search.js';
import { MARKUP_EXCEPTIONS, FIELDS, describeTallies, exposed, matches, present, tallyFields, type GroundTruth } from './real-page-truth.js';
import type { MarkupValues } from './markup-search.js';

interface PageResult {
  id: string;
  truth: GroundTruth;
  markup: MarkupValues;
  facts: ProductFacts | null;
}

const pages = orSkipped(productPages(), 'real-pages.test.ts');
const groundTruth = pages?.groundTruth() ?? {};
const ids = Object.keys(groundTruth).sort();
const results = new Map<string, PageResult>();

describe.skipIf(pages === undefined)('real product pages', () => {
  beforeAll(() => {
    for (const id of ids) {
      const truth = groundTruth[id]!;
      const html = pages!.html(id).toString('utf8');
      const data = extractStructuredData(load(html), truth.url);
      results.set(id, { id, truth, markup: markupValues(html), facts: productFacts(data, truth.url) });
    }
  }, 120_000);

  it('finds the fixtures beside the repository', () => {
    expect(ids).toHaveLength(93);
  });

  it.each(ids)('%s: facts match the ground truth wherever markup exposes them', (id) => {
    const { truth, markup, facts } = results.get(id)!;
    for (const field of FIELDS) {
      const labelled = truth[field];
      const exception = MARKUP_EXCEPTIONS[id]?.find((e) => e.field === field);
      const value = facts?.[field] ?? null;
      if (exception !== undefined) {
        expect(present(field, markup), `${field}: an exception must be about a value that is in markup`).toBe(true);
        expect(value, `${field}: ${exception.reason}`).toBe(exception.extracted);
        continue;
      }
      if (!present(field, markup)) {
        // Nothing in markup: the extractor must not invent a value.
        expect(value, `${field} is not in markup`).toBeNull();
        continue;
      }
      if (labelled === undefined) continue;
      expect(
        exposed(field, markup, labelled),
        `${field}: markup states ${JSON.stringify(markup[field].slice(0, 5))}, not the labelled ${JSON.stringify(labelled)}: document it in EXCEPTIONS`,
      ).toBe(true);
      expect(matches(field, value, labelled), `${field}: extracted ${String(value)}, labelled ${JSON.stringify(labelled)}`).toBe(true);
    }
  });

  it('matches every exposed fact (summary)', () => {
    const rows = tallyFields(results.values());
    console.log(`real pages (${ids.length}): ${describeTallies(rows)}`);
    for (const row of rows) expect(row.matched).toBe(row.exposed);
    // Guards against a broken markup search making the test vacuous.
    expect(rows.find((r) => r.field === 'price')!.exposed).toBeGreaterThanOrEqual(50);
    expect(rows.find((r) => r.field === 'currency')!.exposed).toBeGreaterThanOrEqual(40);
    expect(rows.find((r) => r.field === 'availability')!.exposed).toBeGreaterThanOrEqual(40);
  });

  it('lists no exception for a page that does not need one', () => {
    for (const [id, exceptions] of Object.entries(MARKUP_EXCEPTIONS)) {
      const { truth, markup, facts } = results.get(id)!;
      for (const { field } of exceptions) {
        const labelled = truth[field] ?? [];
        expect(matches(field, facts?.[field] ?? null, labelled), `${id} ${field} already matches`).toBe(false);
      }
      expect(markup, id).toBeDefined();
    }
  });
});
