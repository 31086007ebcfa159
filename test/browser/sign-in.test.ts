import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors, webBase } from './support/browser.js';
import { signInLinkFor } from './support/sign-in.js';

const browser = sharedBrowser();

describe('signing in from the browser', () => {
  it('asks for an address, says "check your inbox", and the mailed link creates a key that works', async () => {
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${webBase()}/sign-in`);
    expect(await page.title()).toBe('Sign in - Agent Readiness Scanner');
    expect(await seriousViolations(page)).toEqual([]);

    // An address the API refuses is said in plain words, and costs nothing.
    await page.getByLabel('E-mail address').fill('not an address');
    await page.click('#sign-in-form button[type=submit]');
    await page.locator('#sign-in-error').filter({ hasText: /\S/ }).waitFor();
    expect(await page.locator('#sign-in-error').textContent()).toMatch(/^That is not an e-mail address we can send to: /);

    const address = `browser-${randomUUID().slice(0, 8)}@shop.example.com`;
    await page.getByLabel('E-mail address').fill(address);
    await page.click('#sign-in-form button[type=submit]');
    await page.locator('#sign-in-sent').waitFor();
    expect(await page.locator('#sign-in-sent h2').textContent()).toBe('Check your inbox');
    expect(await page.locator('#sign-in-address').textContent()).toBe(address);

    const link = await signInLinkFor(address, webBase());
    await page.goto(link);
    // The token leaves the address bar at once; nothing is spent until the button is pressed.
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Finish signing in' }).click();
    const key = (await page.locator('code.key').textContent()) ?? '';
    expect(key.length).toBeGreaterThan(40);
    await screenshot(page, 'sign-in-key-1280');
    const account = await fetch(`${webBase()}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(account.status).toBe(200);
    expect(((await account.json()) as { email: string }).email).toBe(address);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('reads at 390 px: the form and the link page', async () => {
    const context = await browser().newContext(phone);
    const page = await context.newPage();
    await page.goto(`${webBase()}/sign-in`);
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
    await page.goto(`${webBase()}/api/v1/auth/verify?token=abc`);
    expect(await page.locator('#status').textContent()).toContain('This sign-in link is damaged');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
