import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { configDefaults } from '#shared/config.js';
import { browserDashboardRoutesLimit } from './global-setup.js';
import { createAccount, openWithKey } from './support/account.js';
import { desktop, screenshot, seriousViolations, sharedBrowser, webBase } from './support/browser.js';

const browser = sharedBrowser();

/** `count` calls to a cheap account route, ten at a time, as the dashboard's page (`fromPage`) or an API client makes them. */
async function spend(key: string, count: number, fromPage: boolean): Promise<number[]> {
  const statuses: number[] = [];
  const headers = { authorization: `Bearer ${key}`, ...(fromPage ? { 'sec-fetch-site': 'same-origin' } : {}) };
  for (let start = 0; start < count; start += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async () => {
        const response = await fetch(`${webBase()}/api/v1/account`, { headers });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    statuses.push(...answers);
  }
  return statuses;
}

describe('the dashboard and the hourly limits (issue 41, item 5)', () => {
  it('shows what is left of its own limit, keeps working when API clients used theirs, and says how long to wait when it is used up', async () => {
    const account = await createAccount('free', 'allowance');
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    await openWithKey(page, account.key);
    const left = page.locator('#dashboard-allowance');
    await left.filter({ hasText: /^\d+ of \d+ left$/ }).waitFor();
    expect(await left.textContent()).toMatch(new RegExp(`^\\d+ of ${browserDashboardRoutesLimit} left$`));

    // API clients use up their hour: the dashboard is not locked out by it.
    const api = await spend(account.key, configDefaults.accountRoutesLimitPerHour + 1, false);
    expect(api.at(-1)).toBe(429);
    await openWithKey(page, account.key);
    await page.locator('#account dl').waitFor();
    expect(await page.locator('#dashboard').isVisible()).toBe(true);

    // The dashboard's own hour used up (about 40 loads in this stack): a pasted key is not bounced to an empty form in silence.
    await spend(account.key, browserDashboardRoutesLimit, true);
    const fresh = await browser().newContext(desktop);
    const pasted = await fresh.newPage();
    await pasted.goto(`${webBase()}/app`);
    await pasted.locator('#key-input').fill(account.key);
    await pasted.getByRole('button', { name: 'Open the dashboard' }).click();
    const alert = pasted.locator('#key-error');
    await alert.filter({ hasText: /\S/ }).waitFor();
    expect(await alert.textContent()).toMatch(
      new RegExp(
        `^Rate limit exceeded: ${browserDashboardRoutesLimit} requests from the dashboard per hour\\. Try again in \\d+ minutes \\(at \\d\\d:\\d\\d\\)\\.$`,
      ),
    );
    expect(await seriousViolations(pasted)).toEqual([]);
    await screenshot(pasted, 'dashboard-limit-reached-1280', 'firstScreen');
    // The key was good (limits are counted after it is checked): the tab keeps it for when the hour has passed.
    expect(await pasted.evaluate("sessionStorage.getItem('agent-readiness.apiKey')")).toBe(account.key);
    await Promise.all([context.close(), fresh.close()]);
  }, 120_000);
});
