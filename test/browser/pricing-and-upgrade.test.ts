import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createAccount, openWithKey } from './support/account.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';

const browser = sharedBrowser();

const fact = (page: Page, name: string) =>
  page.locator('#account dl.facts dt', { hasText: name }).locator('xpath=following-sibling::dd[1]').textContent();

async function pricingPage(page: Page): Promise<void> {
  await page.goto(`${webBase()}/pricing`);
  expect(await page.title()).toBe('Pricing - Agent Readiness Scanner');
  expect(await page.locator('.plan h2').allTextContents()).toEqual(['Free', 'Pro', 'Growth']);
  // The page says what GET /api/pricing says: the same features, nothing "coming soon".
  const prices = (await (await fetch(`${webBase()}/api/pricing`)).json()) as { plans: Array<{ features: string[] }> };
  expect(await page.locator('.plan ul li').allTextContents()).toEqual(prices.plans.flatMap((plan) => plan.features));
  expect(await page.locator('main').textContent()).not.toMatch(/coming soon/i);
  expect(await seriousViolations(page, [], ['main', 'header.site'])).toEqual([]);
}

describe('pricing, who is signed in, and consent before an upgrade charge', () => {
  it('shows the plans at 390 px', async () => {
    const context = await browser().newContext(phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await pricingPage(page);
    await screenshot(page, 'pricing-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px (the confirmation at 390 too): the plans, the signed-in e-mail in the nav, and a pro upgrade that shows its amount and asks first', async () => {
    const account = await createAccount('pro', 'upgrade');
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await pricingPage(page);
    expect(await page.locator('#nav-account').textContent()).toBe('Sign in');
    await screenshot(page, 'pricing-1280');

    // With a credential in the tab the header says who is signed in, on every page.
    await openWithKey(page, account.key, '/pricing');
    await page.locator('#nav-account .nav-email', { hasText: account.address }).waitFor();
    expect(await page.locator('#nav-account a').textContent()).toBe('Dashboard');
    expect(await page.locator('#nav-account').getByRole('button', { name: 'Sign out' }).count()).toBe(1);

    await page.locator('#nav-account a').click();
    await page.locator('#account dl.facts').waitFor();
    expect(await fact(page, 'Plan')).toBe('pro');
    const upgrade = page.getByRole('button', { name: 'Upgrade to growth' });

    // First look: the prorated amount, and nothing charged on Cancel.
    await upgrade.click();
    const panel = page.locator('#upgrade-confirm');
    await panel.waitFor();
    const amount = (await panel.locator('.upgrade-amount strong').textContent()) ?? '';
    expect(amount).toMatch(/^£\d+\.\d\d$/);
    // Nearly a whole period is left: close to the £30 between £19 and £49.
    expect(Number(amount.slice(1))).toBeGreaterThan(29);
    expect(Number(amount.slice(1))).toBeLessThanOrEqual(30);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#account-status', { hasText: 'Upgrade cancelled: nothing was charged.' }).waitFor();
    expect(await panel.count()).toBe(0);
    expect(await fact(page, 'Plan')).toBe('pro');

    // The same question at 390 px, from another tab holding the key.
    const narrow = await browser().newContext(phone);
    const small = await narrow.newPage();
    const smallErrors = watchErrors(small);
    await openWithKey(small, account.key);
    await small.getByRole('button', { name: 'Upgrade to growth' }).click();
    const smallPanel = small.locator('#upgrade-confirm');
    await smallPanel.getByRole('button', { name: /^Confirm and pay £\d+\.\d\d$/ }).waitFor();
    expect(await seriousViolations(small, [], ['#account'])).toEqual([]);
    await screenshot(small, 'upgrade-confirm-390', 'firstScreen');
    await smallPanel.getByRole('button', { name: 'Cancel' }).click();
    await small.locator('#account-status', { hasText: 'Upgrade cancelled: nothing was charged.' }).waitFor();
    expect(smallErrors).toEqual([]);
    await narrow.close();

    // Then consent: Confirm charges what was shown and says what happened.
    await upgrade.click();
    await panel.waitFor();
    expect(await panel.getByRole('button', { name: /^Confirm and pay £\d+\.\d\d$/ }).count()).toBe(1);
    expect(await seriousViolations(page, [], ['#account'])).toEqual([]);
    await screenshot(page, 'upgrade-confirm-1280', 'firstScreen');
    await panel.getByRole('button', { name: /^Confirm and pay/ }).click();
    await page.locator('#account-status', { hasText: 'Upgraded to growth' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Upgraded to growth' }).textContent()).toMatch(/charged/);
    expect(await fact(page, 'Plan')).toBe('growth');
    expect(await page.getByRole('button', { name: 'Upgrade to growth' }).count()).toBe(0);
    expect(((await callApi('GET', '/api/v1/account', account.key)).body as { tier: string }).tier).toBe('growth');
    expect(errors).toEqual([]);
    await context.close();
  });
});
