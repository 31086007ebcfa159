import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import type { ScanResult } from '#shared/scanner/engine.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';
import { storedPublicResult } from './support/stored-results.js';

const browser = sharedBrowser();
let shop: RunningShop;
let result: ScanResult;

beforeAll(async () => {
  shop = await startShop('typical-gaps');
  result = await storedPublicResult(`${shop.origin}/`, 'growth');
});

afterAll(async () => {
  await shop?.close();
});

// Everything here works without JavaScript (native <details> and links; report.test.ts reads the page
// with it off); axe needs it on.
const widths: ReadonlyArray<readonly [string, BrowserContextOptions]> = [
  ['1280', desktop],
  ['390', phone],
];

const glanceParts = [
  'section[aria-labelledby="summary-title"]',
  'nav.toc',
  'section[aria-labelledby="fixes-title"]',
  'section[aria-labelledby="score-title"]',
  'section[aria-labelledby="checks-title"]',
];

describe('the report read at a glance', () => {
  it.each(widths)('at %s px: summary first, short before expanding, passed checks and quick wins a click away', async (width, options) => {
    const context = await browser().newContext(options);
    const page = await context.newPage();
    const errors = watchErrors(page);
    expect((await page.goto(`${webBase()}/r/${result.id}`))?.status()).toBe(200);

    // The summary comes first: score, band, the verdicts and the top three fixes.
    const summary = page.locator('.report > section').first();
    expect(await summary.getAttribute('aria-labelledby')).toBe('summary-title');
    expect(await summary.locator('svg.gauge text').textContent()).toBe(String(result.score));
    expect(await summary.locator('.band').isVisible()).toBe(true);
    expect(await summary.locator('ul.verdicts li').count()).toBeGreaterThan(0);
    expect(await summary.locator('ol.top-fixes li').count()).toBe(Math.min(3, result.recommendations.length));
    expect(await summary.locator('ol.top-fixes a').first().isVisible()).toBe(true);

    // Short enough to take in before expanding anything.
    if (width === '1280') expect(Number(await page.evaluate('document.documentElement.scrollHeight'))).toBeLessThan(3000);
    await screenshot(page, `report-glance-${width}`);
    // The parts this page's glance is made of, as the reader first sees them (report.test.ts audits the whole page).
    expect(await seriousViolations(page, [], glanceParts)).toEqual([]);

    // Passed checks are closed, and open with a click.
    const passed = page.locator('details.checks-passed');
    expect(await passed.getAttribute('open')).toBeNull();
    expect(await passed.locator('details.check').first().isVisible()).toBe(false);
    await passed.locator('> summary').click();
    await expect.poll(() => passed.locator('details.check').first().isVisible()).toBe(true);

    // The quick-wins view opens, and a fix in it leads to its full entry, opened where it was folded away.
    const quick = page.locator('#quick-wins');
    await quick.locator('> summary').click();
    const folded = await page.locator('details.more-fixes ol.fixes > li').first().getAttribute('id');
    expect(await page.locator(`#${folded}`).isVisible()).toBe(false);
    await quick.locator(`a[href="#${folded}"]`).click();
    await expect.poll(() => page.locator(`#${folded}`).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
