import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '#shared/config.js';
import { dynamoRateLimitStore } from '#shared/db/rate-limit-store.js';
import { geometryOf } from '#shared/model/rate-window.js';
import { waitUntil } from '../../bin/local/wait-until.js';
import { apiClient, testTable } from './support/accounts.js';

const config = getConfig();

interface LoopbackSite {
  origin: string;
  requests: number;
  /** Connections still open. */
  open: Set<Socket>;
  server: Server;
}

/** A loopback site that answers 404 to everything, or (`stall`) accepts connections and never answers. */
async function startSite(behaviour: 'not-found' | 'stall'): Promise<LoopbackSite> {
  const site = { requests: 0, open: new Set<Socket>() } as LoopbackSite;
  site.server = createServer((request, response) => {
    site.requests += 1;
    if (behaviour === 'not-found') response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  site.server.on('connection', (socket) => {
    site.open.add(socket);
    socket.on('close', () => site.open.delete(socket));
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return site;
}

async function stopSite(site: LoopbackSite): Promise<void> {
  for (const socket of site.open) socket.destroy();
  await new Promise<void>((resolve) => site.server.close(() => resolve()));
}

let notFound: LoopbackSite;
let stalled: LoopbackSite;

beforeAll(async () => {
  [notFound, stalled] = await Promise.all([startSite('not-found'), startSite('stall')]);
});

afterAll(async () => {
  await Promise.all([stopSite(notFound), stopSite(stalled)]);
});

describe('public scan attempts are metered whatever their outcome', () => {
  it(`12 scans of a site answering 404 everywhere from one IP: ${config.publicScanAttemptsPerDay} get 502, the rest 429 with Retry-After`, async () => {
    const client = apiClient();
    const statuses: number[] = [];
    const refusals = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const answer = await client.call('/api/scan', { method: 'POST', body: { url: `${notFound.origin}/` } });
      statuses.push(answer.status);
      if (answer.status === 429) refusals.push(answer);
    }
    expect(statuses).toEqual([
      ...Array<number>(config.publicScanAttemptsPerDay).fill(502),
      ...Array<number>(12 - config.publicScanAttemptsPerDay).fill(429),
    ]);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    for (const refusal of refusals) {
      const retryAfter = Number(refusal.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter > 86_000).toBe(true);
      expect(refusal.body).toEqual({
        error: expect.stringContaining(`${config.publicScanAttemptsPerDay} scan attempts`),
        retryAfterSeconds: retryAfter,
      });
    }
    // The refused attempts sent the target nothing, and hold none of the 3 scans (each 502 and 429 gave it back).
    const requestsBefore = notFound.requests;
    expect((await client.call('/api/scan', { method: 'POST', body: { url: `${notFound.origin}/` } })).status).toBe(429);
    expect(notFound.requests).toBe(requestsBefore);
    const scans = await dynamoRateLimitStore(testTable()).read({
      rule: 'public-scan',
      subject: client.address,
      bucketMs: geometryOf({ windowSeconds: config.publicScanWindowSeconds }).bucketMs,
    });
    expect([...(scans?.counts.values() ?? [])].reduce((sum, count) => sum + count, 0)).toBe(0);
    await client.close();
  }, 120_000);

  it('failing scans racing three at a time (the scans limit) from one IP: exactly the allowance of attempts reaches the scanner', async () => {
    const client = apiClient();
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all(
        [1, 2, 3].map(() => client.call('/api/scan', { method: 'POST', body: { url: `${notFound.origin}/` } })),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 502)).toHaveLength(config.publicScanAttemptsPerDay);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - config.publicScanAttemptsPerDay);
    await client.close();
  }, 120_000);

  it('a target that accepts connections and never answers is let go at the scan deadline: 504 within the spec’s 30 seconds', async () => {
    const client = apiClient();
    const started = performance.now();
    const answer = await client.call('/api/scan', { method: 'POST', body: { url: `${stalled.origin}/` } });
    const elapsedMs = Math.round(performance.now() - started);
    expect(answer.status).toBe(504);
    expect(answer.body).toEqual({ error: 'Scan timed out' });
    expect(elapsedMs).toBeLessThan(30_000); // the spec's scan duration
    // Nothing is left holding the target: every connection the scanner opened is closed.
    expect(stalled.requests).toBeGreaterThan(0);
    await waitUntil(() => stalled.open.size === 0, {
      timeoutMs: 5_000,
      intervalMs: 20,
      description: 'the scanner closing its connections to the stalled target',
    });
    await client.close();
  }, 60_000);
});
