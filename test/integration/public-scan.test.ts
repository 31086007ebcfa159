import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResult } from '#shared/http/schemas/scan-schemas.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { callApi } from './support/http.js';

// The only file that calls POST /api/scan with valid input: its 3-per-24-hours budget for
// 127.0.0.1 is spent here, in order.
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop('typical-gaps');
});

afterAll(async () => {
  await shop.close();
});

const scan = (body: unknown) =>
  callApi('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('public scanner on the local stack', () => {
  it('refuses blocked and invalid URLs with 400 without spending the allowance', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'ftp://shop.example.com/',
      'not a url',
      'http://localhost/',
      'https://user:pw@shop.example.com/',
    ]) {
      const response = await scan({ url });
      expect(response.status, url).toBe(400);
      expect(Object.keys((await response.json()) as object)).toEqual(['error']);
    }
    expect((await scan({ url: 42 })).status).toBe(400);
    const extra = await scan({ url: `${shop.origin}/`, depth: 3 });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({ error: 'depth: not a field of this request' });
  });

  it('scans, stores the result for 30 days and serves it privately cached; the 4th scan in 24 hours gets 429', async () => {
    const results: z.output<typeof ScanResult>[] = [];
    for (const path of ['/', '/products/stoneware-dinner-plate-set', '/']) {
      const response = await scan({ url: `${shop.origin}${path}` });
      expect(response.status).toBe(200);
      results.push(ScanResult.parse(await response.json()));
    }
    const first = results[0]!;
    expect(first.tier).toBe('free');
    expect(first.pages).toHaveLength(1);
    expect(Date.parse(first.expiresAt!) - Date.parse(first.createdAt)).toBe(30 * 86_400_000);

    const stored = await callApi(`/api/results/${first.id}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('cache-control')).toBe('private, max-age=300');
    expect(await stored.json()).toEqual(first);

    const limited = await scan({ url: `${shop.origin}/` });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    // The first scan's bucket (1/60 of the window: 24 minutes) leaves the window once all of it has.
    expect(Number.isInteger(retryAfter) && retryAfter > 86_000 && retryAfter <= 86_400 + 1_440).toBe(true);
    expect(await limited.json()).toMatchObject({ error: expect.stringContaining('3 requests per 24 hours') });
  }, 60_000);

  it('answers unknown result ids with 404 and malformed ones with 400', async () => {
    const unknown = await callApi(`/api/results/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Result not found or expired' });
    expect((await callApi('/api/results/12345')).status).toBe(400);
  });
});
