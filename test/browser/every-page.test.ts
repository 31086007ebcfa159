import { beforeAll, describe, expect, it } from 'vitest';
import { startShop } from '#test/fixtures/shop-server.js';
import { desktop, phone, screenshot, sharedBrowser, watchErrors, webBase } from './support/browser.js';
import { storedPublicResult } from './support/stored-results.js';

const browser = sharedBrowser();
let pages: Array<[name: string, path: string]>;

beforeAll(async () => {
  const shop = await startShop('shopify-like');
  const result = await storedPublicResult(`${shop.origin}/`, 'pro');
  await shop.close();
  pages = [
    ['scanner', '/'],
    ['report', `/r/${result.id}`],
    ['not-found', '/r/00000000-0000-4000-8000-000000000000'],
    ['sign-in', '/sign-in'],
    ['sign-in-link', '/api/v1/auth/verify'],
    ['dashboard', '/app'],
    ['docs', '/docs'],
  ];
});

describe('every page', () => {
  it.each([
    ['1280 px', desktop],
    ['390 px', phone],
  ] as const)(
    'at %s: a title, under 100 KB, labelled inputs, a visible focus ring, no sideways scrolling, no console errors',
    async (width, options) => {
      const context = await browser().newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      for (const [name, path] of pages) {
        const response = await page.goto(`${webBase()}${path}`);
        expect((await response!.body()).length, path).toBeLessThan(100_000);
        expect((await page.title()).length, path).toBeGreaterThan(10);
        // Every input has a label (axe checks the rest of accessibility in each page's own test).
        const unlabelled = await page.evaluate(
          `[...document.querySelectorAll('main input')].filter((input) => input.type !== 'hidden' && input.labels.length === 0 && !input.getAttribute('aria-label')).length`,
        );
        expect(unlabelled, path).toBe(0);
        if (width === '390 px') {
          // Wide content (tables) scrolls inside its own region; the page itself never scrolls sideways.
          expect(
            await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
            path,
          ).toBeLessThanOrEqual(0);
        }
        await page.keyboard.press('Tab');
        expect(await page.evaluate('document.activeElement.className'), path).toBe('skip');
        expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle'), path).not.toBe('none');
        await page.keyboard.press('Tab');
        expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle'), path).not.toBe('none');
        await screenshot(page, `page-${name}-${width.replace(' px', '')}`, name === 'docs' ? 'firstScreen' : 'fullPage');
      }
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
      await context.close();
    },
  );
});
