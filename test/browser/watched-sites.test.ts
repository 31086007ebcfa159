import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { waitUntil } from '../../bin/local/wait-until.js';
import { callApi, createAccount, openWithKey } from './support/account.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors } from './support/browser.js';

const browser = sharedBrowser();
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop('agent-ready');
});

afterAll(async () => {
  await shop?.close();
});

/** What the browser logs for the refusals the test provokes on purpose (the duplicate site). */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 409/.test(error));
const filled = (page: Page, id: string) => page.locator(`#${id}`).filter({ hasText: /\S/ });

interface SiteList {
  sites: { sites: Array<{ id: string; lastScore: number | null }> };
}

describe('watched sites in the dashboard and a site’s page', () => {
  it(
    'watches a site through the form, opens its page, sets thresholds, switches alerts and competitor, shows where alerts go, at 1280 and 390 px',
    { timeout: 300_000 },
    async () => {
      const account = await createAccount('growth', 'sites');
      const context = await browser().newContext(desktop);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openWithKey(page, account.key);

      // The form checks the address as the API does, in place; then the API's own refusal of a duplicate.
      const url = page.locator('#sites').getByLabel('Address of the site', { exact: true });
      await url.fill('shop.example.com');
      await page.getByRole('button', { name: 'Watch this site' }).click();
      expect(await filled(page, 'watch-error').textContent()).toBe('Enter the full address, starting with https:// (or http://).');
      expect(await url.getAttribute('aria-invalid')).toBe('true');
      await url.fill(`${shop.origin}/`);
      await page.locator('#sites').getByLabel('Label of the site (optional)').fill('My shop');
      await page.getByRole('button', { name: 'Watch this site' }).click();
      const row = page.locator('#sites tbody tr', { hasText: 'My shop' });
      await row.waitFor();
      expect(await row.locator('td:nth-child(1) .site-url').textContent()).toBe(`${shop.origin}/`);
      expect(await row.locator('td:nth-child(4)').textContent()).toBe('none');
      expect(await row.locator('td:nth-child(5)').textContent()).toBe(`E-mail to ${account.address}`);
      await page.locator('#sites').getByLabel('Address of the site', { exact: true }).fill(`${shop.origin}/`);
      await page.getByRole('button', { name: 'Watch this site' }).click();
      await filled(page, 'watch-error').filter({ hasText: 'You already watch this site' }).waitFor();

      // The first scan is queued when a site is added; its score and report appear once it lands.
      await waitUntil(
        async () => ((await callApi('GET', '/api/v1/account/overview', account.key)).body as SiteList).sites.sites[0]?.lastScore != null,
        { timeoutMs: 30_000, intervalMs: 200, description: 'the watched site first scan' },
      );
      const siteId = ((await callApi('GET', '/api/v1/account/overview', account.key)).body as SiteList).sites.sites[0]!.id;
      await page.reload();
      await row.locator('svg.spark').waitFor();
      expect(await seriousViolations(page, [], ['#sites'])).toEqual([]);
      await screenshot(page, 'dashboard-sites-1280');

      // The site's page: history chart with its words, the last report, where alerts go.
      await row.getByRole('link', { name: 'My shop' }).click();
      await page.waitForURL(`**/app/sites/${siteId}`);
      await page.locator('#site-history svg.history-chart').waitFor();
      expect(await page.locator('h1').textContent()).toBe('My shop');
      expect(await page.locator('#history-summary').textContent()).toMatch(/^One scan so far: score \d+ on \d{4}-\d\d-\d\d\.$/);
      expect(await page.getByRole('link', { name: 'Open the last report' }).getAttribute('href')).toMatch(/^\/app\/scans\/[0-9a-f-]{36}$/);
      const goesTo = page.locator('#alerts-go-to li');
      expect(await goesTo.allTextContents()).toEqual([
        `Score changes go by e-mail to ${account.address} (no webhook of yours receives score_change).`,
      ]);

      // Thresholds: refused in place as the API would, then saved; threshold alerts now go by e-mail too.
      await page.getByLabel('Alert when the score drops below').fill('80');
      await page.getByLabel('Alert when the score rises above').fill('40');
      await page.getByRole('button', { name: 'Save thresholds' }).click();
      expect(await filled(page, 'thresholds-error').textContent()).toBe('The lower threshold (80) must be less than the upper one (40).');
      await page.getByLabel('Alert when the score drops below').fill('40');
      await page.getByLabel('Alert when the score rises above').fill('95');
      await page.getByRole('button', { name: 'Save thresholds' }).click();
      await filled(page, 'thresholds-status').filter({ hasText: 'Thresholds saved.' }).waitFor();
      expect((await callApi('GET', `/api/v1/account/watched-sites/${siteId}/thresholds`, account.key)).body).toEqual({
        min: 40,
        max: 95,
        notify: true,
      });
      await goesTo.nth(1).waitFor();
      expect(await goesTo.nth(1).textContent()).toMatch(/^Threshold alerts go by e-mail to /);

      // The switches: competitor on, alerts off (nothing goes anywhere) and on again.
      await page.getByLabel('This is a competitor’s site').check();
      await filled(page, 'site-switches-status').filter({ hasText: 'Marked as a competitor.' }).waitFor();
      await page.getByLabel('Send alerts for this site').uncheck();
      await page.locator('#alerts-go-to', { hasText: 'Alerts are off for this site.' }).waitFor();
      await page.getByLabel('Send alerts for this site').check();
      await filled(page, 'site-switches-status').filter({ hasText: 'Alerts are on.' }).waitFor();
      const stored = (await callApi('GET', `/api/v1/account/watched-sites/${siteId}`, account.key)).body as {
        site: { isCompetitor: boolean; alertEnabled: boolean };
      };
      expect(stored.site).toMatchObject({ isCompetitor: true, alertEnabled: true });

      // The public badge: on, it shows the site's badge with its embed code.
      await page.getByLabel('Show this site’s score on a public badge').check();
      await filled(page, 'site-badge-status').filter({ hasText: 'The badge is public' }).waitFor();
      expect(await page.locator('#site-badge-embed img').getAttribute('src')).toMatch(new RegExp(`/badge/${siteId}\\.svg$`));
      const decodedWidth =
        "(async (img) => { await img.decode(); return img.naturalWidth; })(document.querySelector('#site-badge-embed img'))";
      expect(Number(await page.evaluate(decodedWidth))).toBeGreaterThan(100);
      expect(await seriousViolations(page, [], ['#site-page'])).toEqual([]);
      await screenshot(page, 'site-page-1280');

      // Competitors: an own site beside the one marked above (its first scan may still be queued).
      const own = { url: `${shop.origin}/?own`, label: 'Own shop' };
      expect((await callApi('POST', '/api/v1/account/watched-sites', account.key, own)).status).toBe(201);
      await openWithKey(page, account.key);
      const pair = page.locator('#competitors .competitor-pair', { hasText: 'Own shop and My shop' });
      await pair.locator('td', { hasText: 'Overall' }).waitFor();
      expect(await pair.locator('details').getAttribute('open')).toBeNull();
      expect(await seriousViolations(page, [], ['#competitors'])).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await context.close();

      // 390 px: the same parts, then unwatching from the site's page.
      const small = await browser().newContext(phone);
      const phonePage = await small.newPage();
      const phoneErrors = watchErrors(phonePage);
      await openWithKey(phonePage, account.key);
      const phoneRow = phonePage.locator('#sites tbody tr', { hasText: 'My shop' });
      await phoneRow.locator('svg.spark').waitFor();
      expect(await phoneRow.locator('td:nth-child(4)').textContent()).toBe('below 40, above 95');
      expect(await seriousViolations(phonePage, [], ['#sites'])).toEqual([]);
      await screenshot(phonePage, 'dashboard-sites-390');
      await openWithKey(phonePage, account.key, `/app/sites/${siteId}`);
      await phonePage.locator('#site-history svg.history-chart').waitFor();
      expect(await seriousViolations(phonePage, [], ['#site-page'])).toEqual([]);
      await screenshot(phonePage, 'site-page-390');
      await phonePage.getByRole('button', { name: 'Stop watching this site' }).click();
      await phonePage.getByRole('button', { name: 'Stop watching', exact: true }).click();
      await phonePage.locator('#site-unwatch', { hasText: 'You no longer watch this site.' }).waitFor();
      expect((await callApi('GET', `/api/v1/account/watched-sites/${siteId}`, account.key)).status).toBe(404);
      expect(phoneErrors).toEqual([]);
      await small.close();
    },
  );
});
