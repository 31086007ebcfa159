import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { putOwnedScan } from '#shared/db/scan-store.js';
import { listPageMaxJsonBytes } from '#shared/use-cases/scan-results.js';
import type { ScanResult } from '#shared/scanner/engine.js';
import { startShop, type RunningShop } from '#test/fixtures/shop-server.js';
import { signUp, testTable } from '../support/accounts.js';

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('typical-gaps');
});
afterAll(async () => {
  await shop.close();
});

/** Lambda's limit on a synchronous response; API Gateway passes the function's body on. */
const lambdaResponseLimitBytes = 6 * 1024 * 1024;

describe('the largest GET /api/v1/scans page', () => {
  it('100 growth results: under the Lambda response limit, gzipped when the client accepts it, shortened with a cursor when not', async () => {
    const user = await signUp({ tier: 'growth' });
    const scanned = await user.client.call('/api/v1/scan', { method: 'POST', key: user.apiKey, body: { url: `${shop.origin}/` } });
    expect(scanned.status).toBe(200);
    const template = scanned.body as unknown as ScanResult;
    const base = Date.parse(template.createdAt);
    for (let batch = 0; batch < 9; batch += 1) {
      await Promise.all(
        Array.from({ length: 11 }, (_, offset) => {
          const createdAt = new Date(base - (batch * 11 + offset + 1) * 1_000).toISOString();
          return putOwnedScan(testTable(), { ...template, id: randomUUID(), createdAt }, user.accountId);
        }),
      );
    }
    const rawPerResult = Buffer.byteLength(JSON.stringify(template));

    const plain = await user.client.call('/api/v1/scans?limit=100', { key: user.apiKey, headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    const plainBytes = Buffer.byteLength(plain.text);
    expect(plainBytes).toBeLessThan(listPageMaxJsonBytes + rawPerResult + 1_024);
    expect(plainBytes * 1.2).toBeLessThan(lambdaResponseLimitBytes); // JSON-escaped inside Lambda's own envelope
    const shown = (plain.body.scans as unknown[]).length;
    expect(plain.body.total).toBe(100);
    if (rawPerResult * 100 > listPageMaxJsonBytes) {
      expect(shown).toBeLessThan(100);
      const rest = await user.client.call(`/api/v1/scans?limit=100&cursor=${plain.body.nextCursor as string}`, {
        key: user.apiKey,
        headers: { 'accept-encoding': 'identity' },
      });
      expect((rest.body.scans as unknown[]).length).toBe(100 - shown);
      expect(rest.body.nextCursor).toBeNull();
    }

    const response = await fetch(`${inject('apiBaseUrl')}/api/v1/scans?limit=100`, {
      headers: { authorization: `Bearer ${user.apiKey}`, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const wireBytes = Number(response.headers.get('content-length'));
    expect(wireBytes).toBeGreaterThan(0);
    expect(wireBytes).toBeLessThan(plainBytes / 3);
    console.info(
      `GET /api/v1/scans?limit=100 of ${Math.round(rawPerResult / 1024)} KiB results: ${shown} results, ${Math.round(plainBytes / 1024)} KiB plain, ${Math.round(wireBytes / 1024)} KiB gzipped`,
    );
    await response.arrayBuffer();
  }, 60_000);
});
