import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { browserPublicScanLimit, browserScanTimeoutSeconds } from './global-setup.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';

// The only browser test file that calls POST /api/scan: the stack's public allowance for 127.0.0.1
// (browserPublicScanLimit a day) is spent here, in order.
const browser = sharedBrowser();
let shop: RunningShop;
let slowShop: RunningShop;
let stalledShop: RunningShop;

beforeAll(async () => {
  shop = await startShop('agent-ready');
  // The homepage and robots.txt are slow, so the page has time to show the stages the scan reports:
  // site files from 1.5 s to 5 s, several of the page's 600 ms polls even when a loaded machine
  // delays the stage's write (a 1.5 s window was missed once in CI).
  slowShop = await startShop('agent-ready', { delayFor: (path) => (path === '/' ? 1_500 : path === '/robots.txt' ? 5_000 : 0) });
  // A homepage that answers after the scan's limit.
  stalledShop = await startShop('agent-ready', { delayFor: (path) => (path === '/' ? (browserScanTimeoutSeconds + 5) * 1_000 : 0) });
});

afterAll(async () => {
  await Promise.all([shop?.close(), slowShop?.close(), stalledShop?.close()]);
});

async function submit(page: Page, url: string): Promise<void> {
  await page.fill('#scan-url', url);
  await page.click('#scan-form button[type=submit]');
}

async function errorShown(page: Page): Promise<string> {
  const message = page.locator('#scan-error');
  await message.filter({ hasText: /\S/ }).waitFor();
  return (await message.textContent()) ?? '';
}

describe('the public scanner page /', () => {
  it('has a title, a labelled field and a visible focus ring at 1280 and 390 px, and no accessibility violations', async () => {
    for (const options of [desktop, phone]) {
      const context = await browser().newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${webBase()}/`);
      expect(await page.title()).toMatch(/Agent Readiness Scanner/);
      expect(await page.getByLabel('Shop address').count()).toBe(1);
      // Keyboard: the skip link first, then on to the field, each with a visible outline.
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.className')).toBe('skip');
      await page.locator('#scan-url').focus();
      expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).not.toBe('none');
      if (options === desktop) expect(await seriousViolations(page)).toEqual([]);
      if (options === phone) {
        // An unknown page answers the site's own 404 page, with a way home, not raw JSON.
        const missing = await page.goto(`${webBase()}/no-such-page`);
        expect(missing?.status()).toBe(404);
        expect(await page.locator('h1').textContent()).toBe('There is no page here');
        expect(await page.locator('main a[href="/"]').count()).toBeGreaterThan(0);
        expect(await seriousViolations(page, [], ['main'])).toEqual([]);
        await screenshot(page, 'not-found-390', 'firstScreen');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('scans a shop, shows the stages the scan reports, and lands on its report', async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    const seen: string[] = [];
    await page.exposeBinding('recordStage', (_source, stage: string) => void (seen.at(-1) === stage || seen.push(stage)));
    await page.goto(`${webBase()}/`);
    await page.evaluate(`new MutationObserver(() => {
      const current = document.querySelector('#scan-progress li[data-state=current]');
      if (current) window.recordStage(current.dataset.stage);
    }).observe(document.getElementById('scan-progress'), { subtree: true, attributes: true })`);
    await submit(page, `${slowShop.origin}/`);
    await page.waitForURL(/\/r\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    // The page starts at the homepage; the later stages come from the scan itself.
    expect(seen[0]).toBe('homepage');
    expect(seen).toContain('site-files');
    expect(seen.indexOf('site-files')).toBeGreaterThan(0);

    const id = page.url().split('/').at(-1)!;
    const stored = (await (await fetch(`${webBase()}/api/results/${id}`)).json()) as { score: number; url: string };
    expect(stored.url).toBe(`${slowShop.origin}/`);
    expect(await page.locator('svg.gauge text').textContent()).toBe(String(stored.score));
    expect(errors).toEqual([]);
    await page.close();
  });

  it(
    'says in plain words what went wrong: no address, another scheme, a blocked address, an unreachable site, a time-out, the rate limit',
    { timeout: 90_000 },
    async () => {
      const context = await browser().newContext(desktop);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${webBase()}/`);

      await submit(page, '   ');
      expect(await errorShown(page)).toMatch(/^Enter the address of a shop/);
      expect(await page.locator('#scan-url').getAttribute('aria-invalid')).toBe('true');

      // An address longer than the API takes is refused whole, never cut to fit and scanned.
      const long = `${shop.origin}/?q=${'a'.repeat(5_000)}`;
      await submit(page, long);
      expect(await errorShown(page)).toBe('That address cannot be scanned: it must be at most 2048 characters.');
      expect((await page.locator('#scan-url').inputValue()).length).toBe(long.length);

      await submit(page, 'http://169.254.169.254/latest/meta-data/');
      expect(await errorShown(page)).toBe('That address cannot be scanned: it must point to a public address.');

      // Another scheme is refused in place, before any https:// is put in front of it.
      await submit(page, 'ftp://shop.example.com/');
      expect(await errorShown(page)).toBe(
        'That address starts with ftp:, which the scanner cannot read: enter a web address (http:// or https://).',
      );

      const closed = shop.origin.replace(/:\d+$/, ':1');
      await submit(page, `${closed}/`);
      expect(await errorShown(page)).toBe(`We could not reach ${closed}/. Check the address, or try again later.`);
      // A bare host:port is tried over https; the message says so and offers http.
      const bare = closed.replace(/^http:\/\//, '');
      await submit(page, bare);
      expect(await errorShown(page)).toBe(`We tried https://${bare} and it did not answer; did you mean http://${bare}?`);

      await submit(page, `${stalledShop.origin}/`);
      await page.locator('#scan-error', { hasText: 'took too long' }).waitFor({ timeout: (browserScanTimeoutSeconds + 10) * 1_000 });
      expect(await errorShown(page)).toBe('The site took too long to answer, so the scan stopped before it could finish. Try again later.');

      // None of the failures was counted; the first test's scan was. Spend the rest, then one more.
      for (let scan = 1; scan < browserPublicScanLimit; scan++) {
        const response = await fetch(`${webBase()}/api/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${shop.origin}/` }),
        });
        expect(response.status).toBe(200);
      }
      await submit(page, `${shop.origin}/`);
      expect(await errorShown(page)).toMatch(
        /^You have used today's free scans from this network\. The next free scan is available in \d+ (hours?|minutes|seconds)/,
      );
      expect(await page.locator('#scan-form button[type=submit]').isEnabled()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'scanner-rate-limited-1280');
      // The failed requests are the page's own fetches, answered on purpose; nothing else went wrong.
      expect(errors.filter((error) => !/status of (400|429|502|504)/.test(error))).toEqual([]);
      await context.close();
    },
  );
});
