import { describe, expect, it } from 'vitest';
import { buyTier, callApi, createAccount, openWithKey } from './support/account.js';
import { desktop, phone, screenshot, sharedBrowser, watchErrors, webBase } from './support/browser.js';

const browser = sharedBrowser();

describe('the dashboard’s smaller promises (issue 41, item 6)', () => {
  it('names who is signed in as soon as a key is pasted, and says what a return from checkout did', async () => {
    const account = await createAccount('free', 'details');
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${webBase()}/app`);
    expect(await page.locator('#nav-account').textContent()).toBe('Sign in');
    await page.locator('#key-input').fill(account.key);
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await page.locator('#account dl').waitFor();
    // The header follows at once, without a reload: never "Sign in" beside the open dashboard.
    await page.locator('#nav-account .nav-email').waitFor();
    expect(await page.locator('#nav-account .nav-email').textContent()).toBe(account.address);

    // Back from a cancelled checkout: said once, then gone from the address.
    await page.goto(`${webBase()}/app?checkout=cancelled`);
    await page.locator('#account-status').filter({ hasText: /\S/ }).waitFor();
    expect(await page.locator('#account-status').textContent()).toBe(
      'Checkout was cancelled: nothing was charged, and the account stays on the free plan.',
    );
    expect(new URL(page.url()).search).toBe('');

    // Back from a paid one: thanked, on the new plan.
    await buyTier(account.key, 'pro');
    await page.goto(`${webBase()}/app?checkout=complete`);
    await page.locator('#account-status').filter({ hasText: /\S/ }).waitFor();
    expect(await page.locator('#account-status').textContent()).toBe(
      'Thank you: the payment went through, and the account is on the pro plan now.',
    );
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.locator('#account dl').waitFor();
    expect(await page.locator('#account-status').textContent()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('drops the “store it now” banner once its key is revoked, and keeps Rotate and Revoke in view at 390 px', async () => {
    const account = await createAccount('growth', 'details');
    const context = await browser().newContext(phone);
    const page = await context.newPage();
    await openWithKey(page, account.key);
    await page.getByLabel('Label of a new key').fill('ci');
    await page.getByRole('button', { name: 'Create a key' }).click();
    const banner = page.locator('#new-key');
    await banner.locator('code.key').waitFor();
    const created = (await banner.locator('code.key').textContent())!;
    await page.locator('#keys tbody tr', { hasText: created.slice(0, 12) }).waitFor();

    // Every key's buttons are on the screen, not past a horizontal scroll.
    for (const name of ['Rotate the key ci', 'Revoke the key ci']) {
      const button = page.getByRole('button', { name });
      const box = (await button.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'keys-390');

    await page.getByRole('button', { name: 'Revoke the key ci' }).click();
    await page.getByRole('button', { name: 'Revoke now' }).click();
    await page.locator('#keys-status').filter({ hasText: 'was revoked' }).waitFor();
    await page.locator('#keys tbody tr', { hasText: created.slice(0, 12) }).waitFor({ state: 'detached' });
    expect(await banner.textContent()).toBe('');
    expect((await callApi('GET', '/api/v1/account', created)).status).toBe(401);
    await context.close();
  }, 60_000);
});
