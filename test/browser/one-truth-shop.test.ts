/**
 * Issue 41, items 1, 2 and 4 on a shop built for them: three product pages with Product JSON-LD, a thin
 * homepage with no script at all, a robots.txt that keeps GPTBot and PerplexityBot out, a sitemap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import type { ScanResult } from '#shared/scanner/engine.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { verdictLabels } from '#shared/model/scans/result-labels.js';
import { scanSummary } from '#shared/mcp/tool-schemas.js';
import { formatReport } from '#bin/cli/format-report.js';
import { formatMarkdown } from '#bin/cli/format-markdown.js';
import { mdText } from '#bin/cli/markdown-text.js';
import { desktop, phone, sharedBrowser, watchErrors, webBase } from './support/browser.js';
import { storedPublicResult } from './support/stored-results.js';

const browser = sharedBrowser();
let shop: RunningShop;
let growth: ScanResult;
let free: ScanResult;

beforeAll(async () => {
  shop = await startShop('small-tea');
  [growth, free] = await Promise.all([storedPublicResult(`${shop.origin}/`, 'growth'), storedPublicResult(`${shop.origin}/`, 'free')]);
});

afterAll(async () => {
  await shop?.close();
});

async function reportText(result: ScanResult, selector: string): Promise<{ text: string; firstFix: string; rows: string[] }> {
  const context = await browser().newContext(desktop);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${webBase()}/r/${result.id}`);
  const text = (await page.locator(selector).allTextContents()).join('\n');
  const firstFix = (await page.locator('ol.top-fixes li a').first().textContent()) ?? '';
  await page.locator('details.assistants-detail > summary').click();
  const rows = await page.locator('table.assistants tbody tr').allTextContents();
  expect(errors).toEqual([]);
  await context.close();
  return { text, firstFix, rows };
}

describe('a small shop with readable products and a partial AI block (issue 41)', () => {
  it('item 1: reads products from the product pages, and never blames JavaScript or size the pages do not have', async () => {
    const read = (result: ScanResult) => result.assistants.map((assistant) => assistant.steps.find((step) => step.step === 'read')!.status);
    // Growth read the three product pages: their facts decide the read step, not the 39-word homepage.
    expect(read(growth).every((status) => status === 'pass' || status === 'warn')).toBe(true);
    const page = await reportText(growth, 'ol.fixes');
    expect(page.rows.join(' ')).not.toContain(verdictLabels.can_find);
    for (const words of ['JavaScript', 'Heavy HTML', 'Render the homepage content on the server']) expect(page.text).not.toContain(words);
    // The free scan reads the homepage alone, so it judges that page, in words that fit a page with no script.
    const thin = await reportText(free, 'ol.fixes');
    expect(thin.text).toContain('Give the homepage text agents can read');
    expect(thin.text).not.toContain('JavaScript');
  });

  it('item 2: a PerplexityBot block is shown where the verdict is, with what it means', async () => {
    const perplexity = growth.assistants.find((assistant) => assistant.id === 'perplexity')!;
    expect(perplexity.verdict).toBe('blocked');
    const context = await browser().newContext(phone);
    const page = await context.newPage();
    await page.goto(`${webBase()}/r/${growth.id}`);
    const summary = (await page.locator('ul.verdicts').textContent()) ?? '';
    expect(summary).toMatch(new RegExp(`${verdictLabels.blocked}: [^\\n]*Perplexity`));
    expect(summary).not.toMatch(/all \d+ assistants/);
    await page.locator('details.assistants-detail > summary').click();
    const row = page.locator('table.assistants tbody tr', { hasText: 'Perplexity' });
    expect(await row.textContent()).toContain('PerplexityBot');
    await context.close();
    // The same reason on the CLI and in the markdown.
    expect(formatReport(growth)).toMatch(/Perplexity +blocked /);
    expect(formatMarkdown(growth)).toContain(`| Perplexity | ${verdictLabels.blocked} |`);
  });

  it('item 4: the web report, the CLI text, the markdown, the JSON and MCP name the same first fix and verdicts', async () => {
    for (const result of [growth, free]) {
      const first = findingsOf(result.recommendations)[0]!.lead.title;
      const page = await reportText(result, 'main');
      expect(page.firstFix, `web ${result.tier}`).toBe(first);
      expect(result.recommendations[0]!.title, `JSON ${result.tier}`).toBe(first);
      expect(formatReport(result), `CLI ${result.tier}`).toMatch(
        new RegExp(`\\n {4}1\\. \\[[^\\]]+\\] ${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      expect(formatMarkdown(result), `markdown ${result.tier}`).toContain(`1. **${mdText(first, 160)}**`);
      expect(scanSummary(result, null).topFixes[0]!.title, `MCP ${result.tier}`).toBe(first);
      for (const [index, assistant] of result.assistants.entries())
        expect(page.rows[index], `${assistant.name} ${result.tier}`).toContain(verdictLabels[assistant.verdict]);
    }
  });
});
