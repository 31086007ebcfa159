import { randomInt, randomUUID } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Page } from 'playwright-core';
import type { Tier } from '#shared/model/tiers.js';
import { signInLinkFor } from './sign-in.js';
import { webBase } from './browser.js';

export interface TestAccount {
  address: string;
  key: string;
}

/**
 * A new account made the way a user makes one (register, the mailed link, verify), from its own loopback
 * address (the spec allows 3 registrations an hour per IP), then paid up to `tier` through the local
 * billing stand-in's checkout.
 */
export async function createAccount(tier: Tier = 'free', prefix = 'browser'): Promise<TestAccount> {
  const address = `${prefix}-${randomUUID().slice(0, 8)}@shop.example.com`;
  const elsewhere = new Agent({ localAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  try {
    const post = (path: string, body: unknown, key?: string) =>
      undiciFetch(`${webBase()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
        dispatcher: elsewhere,
      });
    if ((await post('/api/v1/auth/register', { email: address })).status !== 202) throw new Error('registering failed');
    const link = await signInLinkFor(address, webBase());
    const verified = (await (await post('/api/v1/auth/verify', { token: new URL(link).searchParams.get('token') })).json()) as {
      apiKey: string;
    };
    const key = verified.apiKey;
    if (tier !== 'free') await buyTier(key, tier);
    return { address, key };
  } finally {
    await elsewhere.close();
  }
}

/** Pays for `tier` through the local billing stand-in's checkout, as a user completing it does. */
export async function buyTier(key: string, tier: Exclude<Tier, 'free'>): Promise<void> {
  const checkout = await undiciFetch(`${webBase()}/api/v1/account/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ tier }),
  });
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const paid = await undiciFetch(`${webBase()}${new URL(checkoutUrl).pathname}/complete`, { method: 'POST' });
  if (paid.status !== 200) throw new Error(`paying for ${tier} failed: HTTP ${paid.status}`);
}

/** Opens `path` (default the dashboard) with `key` kept in the tab, as pasting it into the key form does. */
export async function openWithKey(page: Page, key: string, path = '/app'): Promise<void> {
  await page.goto(`${webBase()}/app`);
  await page.evaluate(`sessionStorage.setItem('agent-readiness.apiKey', ${JSON.stringify(key)})`);
  await page.goto(`${webBase()}${path}`);
}

/** The API as the test's own client: JSON in and out with `key`. */
export async function callApi(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${webBase()}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}
