import { randomInt } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';
import { createAccount, openWithKey } from './support/account.js';
import { signInLinkFor } from './support/sign-in.js';

const browser = sharedBrowser();
const parts = ['#scan', '#scans', '#batches'];
let shops: RunningShop[] = [];

beforeAll(async () => {
  shops = await Promise.all([startShop('agent-ready'), startShop('typical-gaps')]);
});

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
});

async function openDashboard(page: Page, key: string): Promise<void> {
  await openWithKey(page, key);
  await page.locator('#run-scan-form').waitFor();
  await page.locator('#batch-list > *').first().waitFor();
}

/** Signing in again at the free plan's one key opens a dashboard session (from another loopback address: the sign-in limit is per IP). */
async function sessionOf(address: string): Promise<string> {
  const first = await signInLinkFor(address, webBase());
  const elsewhere = new Agent({ localAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  try {
    const post = (path: string, body: unknown) =>
      undiciFetch(`${webBase()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        dispatcher: elsewhere,
      });
    expect((await post('/api/v1/auth/register', { email: address })).status).toBe(202);
    const link = await signInLinkFor(address, webBase(), first);
    const opened = (await (await post('/api/v1/auth/verify', { token: new URL(link).searchParams.get('token') })).json()) as {
      sessionToken: string;
    };
    return opened.sessionToken;
  } finally {
    await elsewhere.close();
  }
}

describe('scanning and batches from the dashboard', () => {
  it(
    'runs a scan to its report, says why an address is refused, follows a batch to its per-shop results, and sends a session to a key',
    { timeout: 180_000 },
    async () => {
      const { key } = await createAccount('growth', 'scan-batches');
      const context = await browser().newContext(desktop);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openDashboard(page, key);
      expect(await page.locator('#batches').textContent()).toContain('No batches yet.');

      // The service refuses a host that is not public: its reason is shown at the field, and no scan is run.
      await page.getByLabel('Shop address', { exact: true }).fill('http://intranet/');
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      await page.locator('#run-scan-error', { hasText: 'That address cannot be scanned: it must name a public host.' }).waitFor();
      expect(await page.locator('#run-scan-url').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'dashboard-scan-1280');

      // A batch of two shops: submitted, opened, asked again until both are scanned, each linked to its report.
      const batches = page.getByRole('region', { name: 'Batch scans' });
      const urls = shops.map((shop) => `${shop.origin}/`);
      await batches.getByLabel('Shop addresses, one per line').fill(urls.join('\n'));
      await batches.getByLabel('Batch label (optional)').fill('Two loopback shops');
      await batches.getByRole('button', { name: 'Scan these shops' }).click();
      await page.locator('#batch-detail [role=status]', { hasText: 'Completed: 2 of 2 scanned' }).waitFor({ timeout: 60_000 });
      const links = page.locator('#batch-detail tbody a');
      expect(await links.allTextContents()).toEqual(urls);
      for (const anchor of await links.all()) expect(await anchor.getAttribute('href')).toMatch(/^\/app\/scans\/[0-9a-f-]{36}$/);
      expect(await page.locator('#batches tbody tr').first().textContent()).toContain('2 of 2 scanned');
      // One audit at this width: the page now shows the scan form's error, the batch form, list and results.
      expect(await seriousViolations(page, [], parts)).toEqual([]);
      await screenshot(page, 'dashboard-batches-1280');

      // A scan from the form lands on its report, where each fix can be re-checked in place.
      await page.getByLabel('Shop address', { exact: true }).fill(urls[1]!);
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      await page.waitForURL(new RegExp(`^${webBase()}/app/scans/[0-9a-f-]{36}$`), { timeout: 30_000 });
      await page.locator('#owned-report svg.gauge').waitFor();
      const firstFix = page.locator('#owned-report ol.fixes > li').first();
      const checks = (await firstFix.getAttribute('data-checks'))!.split(' ');
      await firstFix.getByRole('button', { name: /^Re-check: / }).click();
      // The shop has not changed: every check the fix covers is judged again and still open.
      const outcome =
        checks.length === 1
          ? /^Re-checked: this check still (fails|warns)\. /
          : new RegExp(`^Re-checked ${checks.length} checks, 0 fixed: `);
      await firstFix.locator('.recheck-status', { hasText: outcome }).waitFor({ timeout: 30_000 });
      // The refused address is the one failed request: the browser logs its 400.
      expect(errors.filter((error) => !/status of 400 .*\/api\/v1\/scan\)$/.test(error))).toEqual([]);
      await context.close();

      // At phone width: the same parts, the scan just run listed with its shop linked to its report.
      const narrow = await browser().newContext(phone);
      const small = await narrow.newPage();
      await openDashboard(small, key);
      expect(await small.locator('#scans tbody tr').first().locator('a').textContent()).toBe(urls[1]);
      expect(await seriousViolations(small, [], parts)).toEqual([]);
      await screenshot(small, 'dashboard-scan-390');

      // Scans are metered: with a dashboard session the form is not offered, and the section says how to get a key.
      const free = await createAccount('free', 'scan-session');
      await openWithKey(small, await sessionOf(free.address));
      await small.locator('#scan p.notice', { hasText: 'need an API key' }).waitFor();
      expect(await small.locator('#run-scan-form').count()).toBe(0);
      expect(await small.locator('#batches a[href="/pricing"]').count()).toBe(1);
      await narrow.close();
    },
  );
});
