import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResult } from '#shared/http/schemas/scan-schemas.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { findFreePort } from '#bin/local/free-port.js';
import { itemsWhere, signUp, type SignedIn } from '../support/accounts.js';

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('agent-ready');
});
afterAll(async () => {
  await shop.close();
});

async function scan(user: SignedIn, path = '/') {
  const answer = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}${path}` } });
  expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  return ScanResult.parse(answer.body);
}

describe('authenticated scanner', () => {
  it("scans with the caller's tier page budget and keeps the result for its owner only", async () => {
    const [growth, pro, stranger] = await Promise.all([signUp({ tier: 'growth' }), signUp({ tier: 'pro' }), signUp()]);
    const growthResult = await scan(growth);
    expect(growthResult.tier).toBe('growth');
    expect(growthResult.pages.length).toBeGreaterThan(2);
    expect(growthResult.pages.length).toBeLessThanOrEqual(5);
    expect(growthResult.expiresAt).toBeNull();
    const proResult = await scan(pro);
    expect(proResult.pages.filter((page) => page.kind === 'product')).toHaveLength(1);

    const own = await growth.client.call(`/api/v1/scan/${growthResult.id}`, { key: growth.apiKey });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(JSON.parse(JSON.stringify(growthResult)));
    const foreign = await stranger.client.call(`/api/v1/scan/${growthResult.id}`, { key: stranger.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Scan not found' });
    const strangersList = await stranger.client.call('/api/v1/scans', { key: stranger.apiKey });
    expect(strangersList.body).toMatchObject({ scans: [], total: 0 });
    // An account's scan is not a public result either.
    expect((await stranger.client.call(`/api/results/${growthResult.id}`)).status).toBe(404);
  });

  it('lists scans newest first with limit and offset, and an exact total', async () => {
    const user = await signUp({ tier: 'pro' });
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) ids.push((await scan(user, index % 2 === 0 ? '/' : '/?ref=list')).id);
    const newestFirst = [...ids].reverse();

    const all = await user.client.call('/api/v1/scans', { key: user.apiKey });
    expect(all.body).toMatchObject({ total: 4, limit: 20, offset: 0 });
    expect((all.body.scans as Array<{ id: string }>).map((result) => result.id)).toEqual(newestFirst);
    const page = await user.client.call('/api/v1/scans?limit=2&offset=1', { key: user.apiKey });
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect((page.body.scans as Array<{ id: string }>).map((result) => result.id)).toEqual(newestFirst.slice(1, 3));
    const beyond = await user.client.call('/api/v1/scans?offset=10', { key: user.apiKey });
    expect(beyond.body).toMatchObject({ scans: [], total: 4 });

    expect(all.body.nextCursor).toBeNull();

    // Cursor paging walks the same order without offsets.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? 'limit=3' : `limit=3&cursor=${cursor}`;
      const next = await user.client.call(`/api/v1/scans?${query}`, { key: user.apiKey });
      expect(next.status).toBe(200);
      walked.push(...(next.body.scans as Array<{ id: string }>).map((result) => result.id));
      cursor = next.body.nextCursor as string | null;
    } while (cursor !== null);
    expect(walked).toEqual(newestFirst);
    const exact = await user.client.call('/api/v1/scans?limit=4', { key: user.apiKey });
    expect(exact.body.nextCursor).toBeNull();

    for (const query of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=abc',
      'limit=1.5',
      'offset=-1',
      'offset=x',
      'offset=0.5',
      'offset=10001',
      'cursor=abc',
      'cursor=%25%25',
      'offset=1&cursor=WyJhIiwiYiIsImMiXQ',
    ]) {
      const answer = await user.client.call(`/api/v1/scans?${query}`, { key: user.apiKey });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toMatch(/^(limit|offset|cursor): |^Page by offset or by cursor/);
    }
    expect((await user.client.call('/api/v1/scans?limit=100', { key: user.apiKey })).status).toBe(200);
  });

  it('refuses invalid and blocked URLs with 400', async () => {
    const user = await signUp();
    for (const url of ['not a url', 'http://169.254.169.254/', 'ftp://shop.example.com/', 42]) {
      const answer = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url } });
      expect(answer.status, String(url)).toBe(400);
    }
    expect((await user.client.call('/api/v1/scan/not-a-uuid', { key: user.apiKey })).status).toBe(400);
    // Unknown fields are refused as on every other route, naming the field.
    const extra = await user.client.call('/api/v1/scan', {
      method: 'POST',
      key: user.apiKey,
      body: { url: `${shop.origin}/`, tier: 'growth' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body).toEqual({ error: 'tier: not a field of this request' });
  });

  it('does not count a scan the site failed (502) against the daily allowance, even when they race', async () => {
    const user = await signUp();
    const closed = `http://127.0.0.1:${await findFreePort()}`; // nothing listens there: connection refused
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${closed}/` } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(502));
    expect(answers[0]!.body).toEqual({ error: 'Scan failed: the URL may be unreachable' });
    await scan(user);
    const account = await user.client.call('/api/v1/account', { key: user.apiKey });
    expect(account.body.usage).toMatchObject({ dailyScans: 1 });
    expect(await itemsWhere('Scan', 'ownerId', user.accountId)).toHaveLength(1);
  });

  it('allows 10 scans a day on free even when they race, then 429 with Retry-After until midnight UTC', async () => {
    const user = await signUp();
    // Each refusal counts its Retry-After from its own arrival, after this and before its answer.
    const sentAt = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 13 }, () =>
        user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } }),
      ),
    );
    // Anything but a scan or a refusal is named with its answer, so a failure says what happened.
    const others = answers.filter((answer) => answer.status !== 200 && answer.status !== 429);
    expect(others.map((answer) => `${answer.status} ${answer.text.slice(0, 300)}`)).toEqual([]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.status === 429)!;
    const sent = new Date(sentAt);
    const midnight = Date.UTC(sent.getUTCFullYear(), sent.getUTCMonth(), sent.getUTCDate() + 1);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((midnight - sentAt) / 1000));
    expect(refused.body.error).toMatch(/Daily scan limit reached: 10 scans per day/);
    const account = await user.client.call('/api/v1/account', { key: user.apiKey });
    expect(account.body.usage).toMatchObject({ dailyScans: 10, dailyScanLimit: 10 });
    expect(await itemsWhere('Scan', 'ownerId', user.accountId)).toHaveLength(10);
  });
});
