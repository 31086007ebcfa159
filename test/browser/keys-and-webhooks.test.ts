import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '#test/fixtures/webhook-receiver.js';
import { waitUntil } from '../../bin/local/wait-until.js';
import { callApi, createAccount, openWithKey } from './support/account.js';
import { desktop, phone, screenshot, seriousViolations, sharedBrowser, watchErrors } from './support/browser.js';

const browser = sharedBrowser();
let shop: RunningShop;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [shop, receiver] = await Promise.all([startShop('agent-ready'), startWebhookReceiver()]);
});

afterAll(async () => {
  await Promise.all([shop?.close(), receiver?.close()]);
});

const parts = ['#keys', '#webhooks'];
/** What the browser logs for the API's refusals the test provokes on purpose. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 400/.test(error));
const received = (count: number, description: string) =>
  waitUntil(async () => receiver.received.length >= count, { timeoutMs: 30_000, intervalMs: 50, description });
/** The webhooks section at the top of the window: a picture of the part, cheaper than the whole long page. */
const showWebhooks = (page: Page) => page.evaluate("document.getElementById('webhooks-title').scrollIntoView()");
const errorOf = (page: Page, id: string) => page.locator(`#${id}`).filter({ hasText: /\S/ });

describe('API keys and webhooks in the dashboard', () => {
  it(
    'creates a scoped key and a webhook, tests it, reads its log, redelivers and deletes it, at 1280 and 390 px',
    { timeout: 180_000 },
    async () => {
      const account = await createAccount('growth', 'keys-webhooks');
      const context = await browser().newContext(desktop);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openWithKey(page, account.key);

      // A key: the form checks the label as the API does, in place; the new key is listed with its scope.
      await page.locator('#new-key-form').waitFor();
      await page.getByRole('button', { name: 'Create a key' }).click();
      expect(await errorOf(page, 'new-key-error').textContent()).toBe('Give the new key a label: it must not be empty.');
      expect(await page.getByLabel('Label of a new key').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Label of a new key').fill('Sites reader');
      await page.getByLabel(/^scanner:read/).uncheck();
      await page.getByLabel(/^sites:read/).check();
      await page.getByRole('button', { name: 'Create a key' }).click();
      const fullKey = (await page.locator('#new-key code.key').textContent()) ?? '';
      expect(fullKey).toMatch(/^ars_/);
      const row = page.locator('#keys tbody tr', { hasText: 'Sites reader' });
      await row.waitFor();
      expect(await row.locator('td:nth-child(3)').textContent()).toBe('sites:read');
      const keys = (await callApi('GET', '/api/v1/account/api-keys', account.key)).body as {
        keys: Array<{ label: string; scopes: string[] }>;
      };
      expect(keys.keys.find((key) => key.label === 'Sites reader')?.scopes).toEqual(['sites:read']);

      // A webhook: a URL the form refuses, one the API refuses (both in place), then the loopback receiver.
      const url = page.getByLabel('Endpoint URL (https)');
      await url.fill('ftp://example.com/hook');
      await page.getByRole('button', { name: 'Add the webhook' }).click();
      expect(await errorOf(page, 'new-webhook-error').textContent()).toMatch(/^The URL must be an https:\/\/ address/);
      await url.fill('http://example.com/hook');
      await page.getByRole('button', { name: 'Add the webhook' }).click();
      await errorOf(page, 'new-webhook-error').filter({ hasText: 'url: must use https' }).waitFor();
      expect(await url.getAttribute('aria-invalid')).toBe('true');
      await url.fill(receiver.url);
      await page.getByLabel(/^scan_complete/).check();
      await page.getByLabel('Label of the webhook (optional)').fill('Local receiver');
      await page.getByRole('button', { name: 'Add the webhook' }).click();
      const secret = (await page.locator('#new-webhook-secret code.key').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      expect(await page.getByRole('button', { name: 'Copy the signing secret' }).count()).toBe(1);
      const card = page.locator('article.webhook', { hasText: 'Local receiver' });
      await card.waitFor();
      expect(await card.locator('dl').textContent()).toContain('score_change, scan_complete');

      // A test: the receiver gets a signed POST, and the card says what it answered.
      await page.getByRole('button', { name: 'Send a test to Local receiver' }).click();
      await card.locator('[role=status]', { hasText: 'Test succeeded · HTTP 200 · ' }).waitFor();
      expect(receiver.received).toHaveLength(1);
      const signature = createHmac('sha256', Buffer.from(secret, 'utf8')).update(receiver.received[0]!.body).digest('hex');
      expect(receiver.received[0]!.headers['x-service-signature']).toBe(signature);

      // A real event (a scan's scan_complete) in the delivery log, delivered again from there.
      expect((await callApi('POST', '/api/v1/scan', account.key, { url: `${shop.origin}/` })).status).toBe(200);
      await received(2, 'the scan_complete delivery');
      await page.getByRole('button', { name: 'Show the delivery log of Local receiver' }).click();
      const log = card.locator('.delivery-log tbody tr');
      await log.nth(1).waitFor();
      expect(await log.locator('td:nth-child(2)').allTextContents()).toEqual(['scan_complete · attempt 1', 'score_change (test)']);
      await card.getByRole('button', { name: /^Redeliver the scan_complete event/ }).click();
      await card.locator('.delivery-log [role=status]', { hasText: 'Redelivery succeeded · HTTP 200 · ' }).waitFor();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received[2]!.body).toBe(receiver.received[1]!.body);
      await log.nth(2).waitFor();
      expect(await seriousViolations(page, [], parts)).toEqual([]);
      await showWebhooks(page);
      await screenshot(page, 'dashboard-keys-webhooks-1280', 'firstScreen');
      expect(unexpected(errors)).toEqual([]);
      await context.close();

      // At 390 px: the secret is gone after a reload (shown once); the log reads; delete asks first.
      const phoneContext = await browser().newContext(phone);
      const small = await phoneContext.newPage();
      const phoneErrors = watchErrors(small);
      await openWithKey(small, account.key);
      const phoneCard = small.locator('article.webhook', { hasText: 'Local receiver' });
      await phoneCard.waitFor();
      expect(await small.locator('body').textContent()).not.toContain(secret);
      await small.getByRole('button', { name: 'Show the delivery log of Local receiver' }).click();
      await phoneCard.locator('.delivery-log tbody tr').nth(2).waitFor();
      expect(await small.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
      expect(await seriousViolations(small, [], parts)).toEqual([]);
      await showWebhooks(small);
      await screenshot(small, 'dashboard-keys-webhooks-390', 'firstScreen');
      // Four more tests make five this hour; the sixth is refused, and the card says so and when to retry.
      const sendTest = small.getByRole('button', { name: 'Send a test to Local receiver' });
      for (let test = 2; test <= 6; test += 1) {
        // Each answer reads the open log again; deleting while that read is in flight would answer it 404.
        const logRead = small.waitForResponse((response) => /\/deliveries$/.test(new URL(response.url()).pathname));
        await sendTest.click();
        await small.locator('#webhooks button[aria-label="Send a test to Local receiver"]:not([disabled])').waitFor();
        await logRead;
        // Each of the five this hour reaches the receiver; the card says why one did not.
        if (test <= 5) expect(await phoneCard.locator('[role=status]').first().textContent(), `test ${test}`).toMatch(/^Test succeeded · /);
      }
      expect(await phoneCard.locator('[role=status]').first().textContent()).toMatch(
        /^Not sent: the hourly limit is reached\. Rate limit exceeded: 5 requests per hour\. Try again in \d+ minutes \(at \d\d:\d\d\)\.$/,
      );
      expect(receiver.received).toHaveLength(7);
      await small.getByRole('button', { name: 'Delete the webhook Local receiver' }).click();
      await small.getByRole('button', { name: 'Delete now' }).click();
      await small.locator('#webhooks-status', { hasText: 'The webhook to 127.0.0.1' }).waitFor();
      await small.locator('#webhooks', { hasText: 'No webhooks yet.' }).waitFor();
      expect((await callApi('GET', '/api/v1/account/webhooks', account.key)).body).toMatchObject({ webhooks: [], used: 0 });
      expect(phoneErrors.filter((error) => !/status of 429/.test(error))).toEqual([]);
      await phoneContext.close();
    },
  );
});
