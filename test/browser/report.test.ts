import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '#shared/scanner/engine.js';
import { bandLabels } from '#shared/http/pages/report/words.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { desktop, phone, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';
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

describe('the report page /r/{id}', () => {
  it('is complete with JavaScript off: score, band, dimensions, fixes, what agents see, every check, pages', async () => {
    const context = await browser().newContext({ ...desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${webBase()}/r/${result.id}`);
    expect(response?.status()).toBe(200);
    // A growth result with five pages, its stylesheet and script: each under 110 KB (the page was 98 KB before
    // each of nine assistants showed its search and user-initiated visits and the edge probe, about 6 KB).
    expect((await response!.body()).length).toBeLessThan(110_000);
    expect(await page.title()).toContain(`scores ${result.score}/100`);
    expect(await page.locator('svg.gauge text').textContent()).toBe(String(result.score));
    expect(await page.locator('table.score-table tr.dimension').count()).toBe(6);
    expect(await page.locator('ol.fixes > li').count()).toBe(findingsOf(result.recommendations).length);
    // Most important first: the first fix is of the highest priority any fix has.
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as const;
    const highest = Math.min(...findingsOf(result.recommendations).map((fix) => rank[fix.priority]));
    const firstTitle = await page.locator('ol.fixes > li h3').first().textContent();
    expect(findingsOf(result.recommendations).find((fix) => fix.lead.title === firstTitle)?.priority).toBe(Object.keys(rank)[highest]);
    expect(await page.locator('details.check').count()).toBe(result.checks.length);
    // Failing and warning checks are listed in view, one line each; their evidence opens without script.
    const failing = result.checks.filter((check) => check.status === 'fail' || check.status === 'warn').length;
    expect(await page.locator('.checks-failing details.check').count()).toBe(failing);
    expect(await page.locator('.checks-failing details.check').last().isVisible()).toBe(true);
    await page.locator('.checks-failing details.check > summary').first().click();
    expect(await page.locator('.checks-failing details.check > p').first().isVisible()).toBe(true);
    expect(result.products.length).toBeGreaterThan(0);
    expect(await page.locator('section[aria-labelledby="products-title"] .products article').count()).toBe(result.products.length);
    const product = result.products[0]!;
    if (product.name) await expect(page.locator('.products article h3').first().textContent()).resolves.toBe(product.name);
    expect(await page.locator('section[aria-labelledby="pages-title"] table tbody tr').count()).toBe(result.pages.length);
    // No script ran, so no Copy buttons were added; the snippets are there to select.
    expect(await page.locator('.snippet button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('previews when shared: Open Graph and Twitter card tags with the shop and its score', async () => {
    const page = await browser().newPage();
    await page.goto(`${webBase()}/r/${result.id}`);
    const meta = async (selector: string) => page.locator(selector).getAttribute('content');
    const host = new URL(result.finalUrl).host;
    expect(await meta('meta[property="og:title"]')).toBe(
      `${host} scores ${result.score}/100 for AI agent readiness - Agent Readiness Scanner`,
    );
    expect(await meta('meta[property="og:url"]')).toMatch(new RegExp(`/r/${result.id}$`));
    expect(await meta('meta[name="twitter:card"]')).toBe('summary');
    expect(await meta('meta[property="og:description"]')).toContain(`${result.score} out of 100`);
    // Shared, but not indexed.
    expect(await meta('meta[name="robots"]')).toBe('noindex');
    await page.close();
  });

  it('with JavaScript on: Copy buttons on snippets, every check opened for print, no console errors', async () => {
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${webBase()}/r/${result.id}`);
    const snippets = result.recommendations.filter((fix) => fix.snippet !== null).length;
    await page.waitForLoadState('load');
    // The fixes' snippets and the badge's two (Markdown and HTML).
    expect(await page.locator('.snippet button').count()).toBe(snippets + 2);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate('window.dispatchEvent(new Event("beforeprint"))');
    expect(await page.locator('details:not([open])').count()).toBe(0);
    expect(await page.locator('header.site nav').isVisible()).toBe(false);
    expect(await page.locator('footer.site').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers its badge, closed until asked for; the badge renders as an image', async () => {
    const page = await browser().newPage();
    await page.goto(`${webBase()}/r/${result.id}`);
    const embed = page.locator('details.badge-embed');
    expect(await embed.getAttribute('open')).toBeNull();
    await embed.locator('summary').click();
    const badge = embed.locator('img');
    expect(await badge.getAttribute('src')).toBe(`/r/${result.id}/badge.svg`);
    const decodedWidth =
      "(async (img) => { await img.decode(); return img.naturalWidth; })(document.querySelector('details.badge-embed img'))";
    expect(Number(await page.evaluate(decodedWidth))).toBeGreaterThan(100);
    const share = await page.locator('.report > p a').first().getAttribute('href');
    expect(share).toMatch(new RegExp(`/r/${result.id}$`));
    expect(await embed.locator('.snippet code').first().textContent()).toBe(
      `[![Agent readiness ${result.score}: ${bandLabels[result.band]}](${share}/badge.svg)](${share})`,
    );
    await page.close();
  });

  it('answers an unknown, malformed or expired id with a friendly 404 page', async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%3Cscript%3E']) {
      const response = await page.goto(`${webBase()}/r/${id}`);
      expect(response?.status(), id).toBe(404);
      expect(response?.headers()['content-type']).toContain('text/html');
      expect(await page.locator('h1').textContent()).toBe('This report is not here');
      expect(await page.locator('a.button[href="/"]').count()).toBe(1);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stays as wide as the screen for the longest address the scanner takes', async () => {
    const long = await storedPublicResult(`${shop.origin}/?q=${'a'.repeat(1_900)}`, 'free');
    expect(long.url.length).toBeGreaterThan(1_900);
    for (const options of [desktop, phone]) {
      const context = await browser().newContext(options);
      const page = await context.newPage();
      await page.goto(`${webBase()}/r/${long.id}`);
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect(width, `${options.viewport?.width} px`).toBeLessThanOrEqual(options.viewport!.width);
      await context.close();
    }
  });

  it('has no serious or critical accessibility violations', async () => {
    for (const options of [desktop]) {
      const context = await browser().newContext(options);
      const page = await context.newPage();
      for (const path of [`/r/${result.id}`, '/r/00000000-0000-4000-8000-000000000000']) {
        await page.goto(`${webBase()}${path}`);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await context.close();
    }
  });
});
