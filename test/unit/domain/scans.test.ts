import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#shared/config.js';
import { AppError } from '#shared/model/errors.js';
import { getPublicResult } from '#shared/use-cases/scan-results.js';
import { runScan } from '#shared/use-cases/scans.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { unitDependencies, unitTable } from '#test/unit/http/call-route.js';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/slow') return; // never answers
    response.setHeader('content-type', 'text/html');
    response.end('<html><body><h1>Shop</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('running a scan', () => {
  it('refuses a private address as invalid input (400), before any request', async () => {
    const error = await failureOf(runScan('http://10.0.0.1/', 'free', unitDependencies(), null));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('url: 10.0.0.1 is not a public address (private)');
  });

  it('refuses a name that resolves only to blocked addresses as invalid input (400), before any request', async () => {
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'],
      ['169.254.169.254', 'cloud-metadata'],
      ['fd00::1', 'unique-local'],
      ['64:ff9b::a00:1', 'nat64'],
    ] as const) {
      const lookup = async () => [{ address, family: address.includes(':') ? (6 as const) : (4 as const) }];
      const error = await failureOf(runScan('https://shop.example.com/', 'free', unitDependencies({ lookup }), null));
      expect(error.kind, address).toBe('invalid_input');
      expect(error.message).toBe(`url: shop.example.com resolves to an address that is not allowed (${range})`);
    }
  });

  it('reports a name without addresses as an unreachable site (502), before any request', async () => {
    const error = await failureOf(runScan('https://shop.example.com/', 'free', unitDependencies(), null));
    expect(error.kind).toBe('upstream_failed');
    expect(error.message).toBe('Scan failed: the URL may be unreachable (shop.example.com does not resolve to any address)');
  });

  it('reports a homepage that does not answer within the scan limit as a time-out (504)', async () => {
    const config = loadConfig({ ALLOW_PRIVATE_TARGETS: '127.0.0.1', SCAN_TIMEOUT_SECONDS: '5' });
    const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
    try {
      const error = await failureOf(runScan(`${origin}/slow`, 'free', unitDependencies({ config, fetcher }), null));
      expect(error.kind).toBe('timed_out');
    } finally {
      await fetcher.close();
    }
  });

  it('counts the time its host takes to resolve against the scan limit, so a slow name cannot push the scan past it', async () => {
    const config = loadConfig({ ALLOW_PRIVATE_TARGETS: 'shop.test' });
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const fetcher = createFetcher({ allowPrivateHosts: ['shop.test'], lookup: toLoopback });
    // Screening the host takes 25 of the scan's 30 seconds on the service's clock: the stalled page gets
    // what is left of the 26-second scan deadline (about a second), not 26 seconds of its own.
    let skipped = 0;
    const clock = { now: () => Date.now() + skipped };
    const slowLookup = async () => {
      skipped += 25_000;
      return toLoopback();
    };
    const port = new URL(origin).port;
    try {
      const error = await failureOf(
        runScan(`http://shop.test:${port}/slow`, 'free', unitDependencies({ config, fetcher, clock, lookup: slowLookup }), null),
      );
      expect(error.kind).toBe('timed_out');
    } finally {
      await fetcher.close();
    }
  });

  it('scans a reachable site with the tier page budget', async () => {
    const config = loadConfig({ ALLOW_PRIVATE_TARGETS: '127.0.0.1' });
    const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
    try {
      const result = await runScan(`${origin}/`, 'free', unitDependencies({ config, fetcher }), 30 * 86_400_000);
      expect(result.tier).toBe('free');
      expect(result.pages).toHaveLength(1);
      expect(Date.parse(result.expiresAt!) - Date.parse(result.createdAt)).toBe(30 * 86_400_000);
      expect(result.score).toBeGreaterThanOrEqual(1);
    } finally {
      await fetcher.close();
    }
  });
});

describe('reading a public result', () => {
  const stored = (item: Record<string, unknown>) => ({ send: async () => ({ Item: item }) }) as unknown as DynamoDBDocumentClient;
  const body = async (value: unknown) => promisify(gzip)(JSON.stringify(value));

  it('treats a result past its expiry as gone even before TTL deletes it', async () => {
    const now = Date.UTC(2026, 10, 23);
    const db = stored({ result: await body({ id: 'x' }), expiresAt: now / 1000 - 1 });
    const error = await failureOf(
      getPublicResult(crypto.randomUUID(), unitDependencies({ table: unitTable(db), clock: { now: () => now } })),
    );
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('Result not found or expired');
  });

  it('does not show an account-owned scan on the public route', async () => {
    const db = stored({ result: await body({ id: 'x' }), ownerId: 'account-1' });
    const error = await failureOf(getPublicResult(crypto.randomUUID(), unitDependencies({ table: unitTable(db) })));
    expect(error.kind).toBe('not_found');
  });

  it('returns a stored, unexpired result', async () => {
    const now = Date.UTC(2026, 10, 23);
    const db = stored({ result: await body({ id: 'abc', score: 72 }), expiresAt: now / 1000 + 60 });
    await expect(
      getPublicResult(crypto.randomUUID(), unitDependencies({ table: unitTable(db), clock: { now: () => now } })),
    ).resolves.toEqual({
      id: 'abc',
      score: 72,
      // Stored before the inventory and the assistants' verdicts existed: empty lists, never missing fields.
      signals: [],
      assistants: [],
    });
  });

  it('keeps the inventory and the verdicts a result was stored with', async () => {
    const now = Date.UTC(2026, 10, 23);
    const signals = [{ id: 'robots_txt', url: 'https://shop.example/robots.txt', status: 'valid', problems: [] }];
    const assistants = [{ id: 'chatgpt', name: 'ChatGPT', verdict: 'can_find', steps: [], firstFix: 'acp_ready' }];
    const db = stored({ result: await body({ id: 'abc', signals, assistants }), expiresAt: now / 1000 + 60 });
    const result = await getPublicResult(crypto.randomUUID(), unitDependencies({ table: unitTable(db), clock: { now: () => now } }));
    expect(result).toMatchObject({ signals, assistants });
  });
});
