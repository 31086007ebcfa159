import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { waitUntil } from '../../bin/local/wait-until.js';
import { buyTier, callApi, createAccount, openWithKey } from './support/account.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors } from './support/browser.js';
import { storeRescanAtDepth } from './support/stored-rescans.js';

const browser = sharedBrowser();
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop('agent-ready');
});

afterAll(async () => {
  await shop?.close();
});

interface Site {
  id: string;
  lastScore: number | null;
  lastScanId: string | null;
}

async function siteOf(key: string, id: string): Promise<Site & { history: number }> {
  const answer = (await callApi('GET', `/api/v1/watched-sites/${id}`, key)).body as { site: Site; scoreHistory: unknown[] };
  return { ...answer.site, history: answer.scoreHistory.length };
}

async function depthOf(key: string, scanId: string | null): Promise<string | undefined> {
  if (!scanId) return undefined;
  return ((await callApi('GET', `/api/v1/scan/${scanId}`, key)).body as { tier?: string }).tier;
}

/** Waits until the site's last scan was read at `tier` (its first scan, a plan change's rescan, one asked for). */
async function scannedAt(key: string, id: string, tier: string): Promise<Site & { history: number }> {
  let site: (Site & { history: number }) | undefined;
  await waitUntil(
    async () => {
      site = await siteOf(key, id);
      return (await depthOf(key, site.lastScanId)) === tier;
    },
    { timeoutMs: 60_000, intervalMs: 500, description: `a ${tier} scan of site ${id}` },
  );
  return site!;
}

async function watch(key: string, url: string, label: string, isCompetitor = false): Promise<string> {
  const added = await callApi('POST', '/api/v1/watched-sites', key, { url, label });
  expect(added.status).toBe(201);
  const id = (added.body as { site: { id: string } }).site.id;
  if (isCompetitor) expect((await callApi('PATCH', `/api/v1/watched-sites/${id}`, key, { isCompetitor: true })).status).toBe(200);
  return id;
}

const pairOf = (page: Page) => page.locator('#competitors .competitor-pair', { hasText: 'Own tea and Rival tea' });

describe('competitors compared at one depth (issue 41, item 3)', () => {
  it('rescans on a plan change, shows an identical competitor level, and offers a rescan for a pair read at two depths', async () => {
    // The owner's site is first read on free (the homepage only), then the owner buys growth.
    const account = await createAccount('free', 'depth');
    const own = await watch(account.key, `${shop.origin}/?own`, 'Own tea');
    const free = await scannedAt(account.key, own, 'free');
    await buyTier(account.key, 'growth');
    // The plan change rescans it at growth without anyone asking: a second snapshot, at the new depth.
    const growth = await scannedAt(account.key, own, 'growth');
    expect(growth.history).toBe(free.history + 1);

    // An identical shop as the competitor, read at growth: level everywhere, never "ahead by 28".
    const rival = await watch(account.key, `${shop.origin}/?rival`, 'Rival tea', true);
    await scannedAt(account.key, rival, 'growth');
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openWithKey(page, account.key);
    await pairOf(page).locator('td', { hasText: 'Overall' }).waitFor();
    const standings = await pairOf(page).locator('table').first().locator('tbody tr td:nth-child(4)').allTextContents();
    expect(standings.length).toBeGreaterThan(1);
    expect(new Set(standings)).toEqual(new Set(['Level']));

    // The owner's site left at free depth (its rescan after the plan change failed): no figures side by side.
    await storeRescanAtDepth(account.address, own, 'free');
    await openWithKey(page, account.key);
    const notice = pairOf(page).locator('.notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Not comparable yet: Own tea was last scanned at free depth (the homepage only), Rival tea at growth depth. A deeper scan reads more of a shop, so their scores would differ with nothing changed on either.',
    );
    expect(await pairOf(page).locator('table').count()).toBe(0);
    expect(await seriousViolations(page, [], ['#competitors'])).toEqual([]);
    await screenshot(page, 'competitors-not-comparable-1280');

    // The offered rescan reads it at growth; after it, the pair compares again.
    await pairOf(page).getByRole('button', { name: 'Rescan Own tea now' }).click();
    await pairOf(page).getByText('Queued at growth depth').waitFor();
    await scannedAt(account.key, own, 'growth');
    await openWithKey(page, account.key);
    await pairOf(page).locator('td', { hasText: 'Overall' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // 390 px: the notice and its button fit the screen.
    await storeRescanAtDepth(account.address, own, 'free');
    const small = await browser().newContext(phone);
    const phonePage = await small.newPage();
    await openWithKey(phonePage, account.key);
    const button = pairOf(phonePage).getByRole('button', { name: 'Rescan Own tea now' });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await phonePage.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(phonePage, 'competitors-not-comparable-390');
    await small.close();
  }, 180_000);
});
