/**
 * A slow shop is slow, not unreachable: the scanned page may take whatever is left of the scan's
 * deadline, while secondary files keep their short per-request time-outs. The per-request time-outs
 * and the deadline are shrunk here (headers 300 ms, body 500 ms, request 800 ms; deadline 3 s) to
 * prove the same ordering as the defaults (5 s, 8 s, 10 s; 26 s) in about a second per test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { ScanError } from '#shared/scanner/scan-errors.js';

const shortTimeouts = { headersMs: 300, bodyMs: 500, requestMs: 800 };
const page =
  '<!doctype html><html lang="en"><head><title>Slow Shop</title></head><body><h1>Slow Shop</h1><p>Handmade things.</p></body></html>';

type Behaviour = (
  path: string,
  respond: { send: (status: number, body: string, type?: string) => void; drip: (body: string, overMs: number) => void; never: () => void },
) => void;

async function serve(behaviour: Behaviour): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    behaviour(path, {
      send: (status, body, type = 'text/html; charset=utf-8') => {
        response.writeHead(status, { 'content-type': type });
        response.end(body);
      },
      drip: (body, overMs) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const pieces = 6;
        const size = Math.ceil(body.length / pieces);
        let sent = 0;
        const timer = setInterval(() => {
          response.write(body.slice(sent * size, (sent + 1) * size));
          sent += 1;
          if (sent === pieces) {
            clearInterval(timer);
            response.end();
          }
        }, overMs / pieces);
        response.on('close', () => clearInterval(timer));
      },
      never: () => undefined,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let fetcher: Fetcher;
beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'], timeouts: shortTimeouts });
});
afterAll(async () => {
  await fetcher.close();
});

async function scanWithin(behaviour: Behaviour, deadlineMs: number) {
  const { origin, server } = await serve(behaviour);
  try {
    return await scanUrl(`${origin}/`, {
      tier: 'free',
      productPageBudget: 0,
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + deadlineMs,
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const homepageOnly = (path: string) => path === '/';

describe('a slow scanned page', () => {
  it('is scanned when its headers come after the per-request time-out but inside the deadline', async () => {
    const { result } = await scanWithin((path, respond) => {
      if (homepageOnly(path)) setTimeout(() => respond.send(200, page), 1_000);
      else respond.send(404, 'not found', 'text/plain');
    }, 3_000);
    expect(result.pages[0]).toMatchObject({ kind: 'homepage', status: 200 });
    expect(result.score).toBeGreaterThanOrEqual(1);
  });

  it('is scanned when its body trickles in for longer than the per-request body time-out', async () => {
    const { result } = await scanWithin((path, respond) => {
      if (homepageOnly(path)) respond.drip(page, 1_200);
      else respond.send(404, 'not found', 'text/plain');
    }, 3_000);
    expect(result.pages[0]).toMatchObject({ kind: 'homepage', status: 200 });
  });

  it('is a time-out (504), not unreachable, when it has not answered by the deadline', async () => {
    const failure = await scanWithin((path, respond) => (homepageOnly(path) ? respond.never() : respond.send(404, '')), 1_500).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ScanError);
    expect((failure as ScanError).failure).toBe('timeout');
  });

  it('does not lend its budget to secondary files: a slow robots.txt is not assessed and the scan succeeds', async () => {
    const { result } = await scanWithin((path, respond) => {
      if (path === '/robots.txt') setTimeout(() => respond.send(200, 'User-agent: *\nAllow: /\n', 'text/plain'), 1_500);
      else if (homepageOnly(path)) respond.send(200, page);
      else respond.send(404, 'not found', 'text/plain');
    }, 3_000);
    const robots = result.checks.find((check) => check.id === 'robots_ai_agents');
    expect(robots?.status).toBe('not_assessed');
    expect(result.pages[0]).toMatchObject({ status: 200 });
  });
});
