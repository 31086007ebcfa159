import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchError } from '#shared/outbound/fetch-error.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { RESOURCE_LIMITS } from '#shared/outbound/resource-limits.js';
import type { FetchOptions } from '#shared/outbound/types.js';
import { SCANNER_USER_AGENT } from '#shared/outbound/user-agent.js';
import { startLoopbackServer } from './loopback-server.js';
import type { LoopbackServer } from './loopback-server.js';

const KIB = 1024;
const MIB = 1024 * KIB;

const fakeDns: LookupFn = vi.fn((hostname: string) => {
  const records: Record<string, string> = {
    'evil.example.com': '10.0.0.1',
    'rebind.example.com': '::ffff:127.0.0.1',
    'shop.test-public.com': '127.0.0.1',
  };
  const address = records[hostname];
  if (address === undefined) return Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
  return Promise.resolve([{ address, family: address.includes(':') ? (6 as const) : (4 as const) }]);
});

// A gzip bomb served for real: gzip members of 10 MiB of zeros (about 10 KiB each), repeated
// until the client hangs up: 10,000 of them would inflate to about 100 GiB.
const GZIP_MEMBER = gzipSync(Buffer.alloc(10 * MIB));
const GZIP_MEMBERS_TOTAL = 10_000;
const gzipBomb = { membersWritten: 0, closed: Promise.resolve() };

function serveGzipBomb(res: ServerResponse): void {
  gzipBomb.membersWritten = 0;
  gzipBomb.closed = new Promise((resolve) => res.once('close', resolve));
  res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
  const pump = (): void => {
    while (gzipBomb.membersWritten < GZIP_MEMBERS_TOTAL && !res.destroyed) {
      gzipBomb.membersWritten += 1;
      if (!res.write(GZIP_MEMBER)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
}

const BROTLI_BOMB = brotliCompressSync(Buffer.alloc(256 * MIB), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } });
const DEFLATE_BOMB = deflateSync(Buffer.alloc(64 * MIB));

function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location }).end('moved');
}

let server: LoopbackServer;
let closedPort: number;

beforeAll(async () => {
  server = await startLoopbackServer({
    '/page': (_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Shop', 'Demo');
      res.end('<h1>Crème brûlée</h1>');
    },
    '/echo': (req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.headers));
    },
    '/error': (_req, res) => res.writeHead(500).end('boom'),
    '/message': (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body })));
    },
    '/see-other': (_req, res) => redirect(res, '/message', 303),
    '/moved-keeping-method': (_req, res) => redirect(res, '/message', 307),
    '/limited': (_req, res) => res.writeHead(429, { 'retry-after': '30' }).end('slow down'),
    '/head': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '1234' });
      res.end(req.method === 'HEAD' ? undefined : 'x'.repeat(1234));
    },
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync('<title>compressed</title>'));
    },
    '/zstd': (_req, res) => res.writeHead(200, { 'content-encoding': 'zstd' }).end(Buffer.from([0x28, 0xb5, 0x2f, 0xfd])),
    '/latin1': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      res.end(Buffer.from('<p>Caf\xe9</p>', 'latin1'));
    },
    '/hops': (req, res) => {
      const left = Number(new URL(req.url ?? '', 'http://x').searchParams.get('n'));
      if (left > 0) redirect(res, `/hops?n=${left - 1}`, left % 2 === 0 ? 301 : 307);
      else res.end('arrived');
    },
    '/dir/relative': (_req, res) => redirect(res, '../page'),
    '/fragment': (_req, res) => redirect(res, '/page#reviews'),
    '/to-metadata': (_req, res) => redirect(res, 'http://169.254.169.254/latest/meta-data/'),
    '/to-evil': (_req, res) => redirect(res, 'http://evil.example.com/admin'),
    '/to-rebind': (_req, res) => redirect(res, 'http://rebind.example.com/'),
    '/to-ipv6-loopback': (_req, res) => redirect(res, 'http://[::1]/'),
    '/to-decimal-ip': (_req, res) => redirect(res, 'http://167772161/'),
    '/to-internal-name': (_req, res) => redirect(res, 'http://metadata.google.internal/'),
    '/to-ftp': (_req, res) => redirect(res, 'ftp://files.example.com/'),
    '/to-port': (_req, res) => redirect(res, 'http://shop.example.com:8080/'),
    '/to-bad-location': (_req, res) => redirect(res, 'http://[::1'),
    '/no-location': (_req, res) => res.writeHead(302).end('nowhere to go'),
    '/big-html': (_req, res) => res.end(Buffer.alloc(3 * MIB, 0x61)),
    '/big-robots': (_req, res) => res.end(Buffer.alloc(600 * KIB, 0x61)),
    '/big-small': (_req, res) => res.end(Buffer.alloc(300 * KIB, 0x61)),
    '/gzip-bomb': (_req, res) => serveGzipBomb(res),
    '/br-bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'br' }).end(BROTLI_BOMB);
    },
    '/deflate-bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(DEFLATE_BOMB);
    },
    '/stall-headers': () => {},
    '/stall-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
    },
    '/drip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('.'), 10);
      res.once('close', () => clearInterval(timer));
    },
  });
  const closed = await startLoopbackServer({});
  closedPort = closed.port;
  await closed.close();
});

const devFetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1', 'localhost'], lookup: fakeDns });
const strictFetcher = createFetcher({ allowPrivateHosts: [], lookup: fakeDns });

afterAll(async () => {
  await Promise.all([devFetcher.close(), strictFetcher.close()]);
  await server.close();
});

function url(path: string): string {
  return `${server.origin}${path}`;
}

async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => new Error('expected the fetch to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

const html: FetchOptions = { kind: 'html' };

describe('createFetcher: responses', () => {
  it('fetches a page with its status, lower-case headers, decoded text and timing', async () => {
    const before = Date.now();
    const page = await devFetcher.fetch(url('/page'), html);
    expect(page).toMatchObject({
      requestedUrl: url('/page'),
      finalUrl: url('/page'),
      status: 200,
      redirects: [],
      text: '<h1>Crème brûlée</h1>',
      charset: 'utf-8',
      bytes: Buffer.byteLength('<h1>Crème brûlée</h1>'),
      truncated: false,
    });
    expect(page.body.toString('utf8')).toBe(page.text);
    expect(page.headers['x-shop']).toBe('Demo');
    expect(page.headers['set-cookie']).toBe('a=1, b=2');
    expect(Object.keys(page.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(page.timing.startedAt).toBeGreaterThanOrEqual(before);
    expect(page.timing.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(page.timing.totalMs).toBeGreaterThanOrEqual(page.timing.ttfbMs);
  });

  it('identifies honestly, asks for compression and sends the Accept header of the kind', async () => {
    const sent = JSON.parse((await devFetcher.fetch(url('/echo'), { kind: 'robots' })).text) as Record<string, string>;
    expect(sent['user-agent']).toBe(SCANNER_USER_AGENT);
    expect(SCANNER_USER_AGENT).toMatch(/^AgentReadinessScanner\/\d+\.\d+ \(\+https:\/\/\S+\)$/);
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
    expect(sent.accept).toBe(RESOURCE_LIMITS.robots.accept);
  });

  it('sends a per-request Accept header and extra headers, but never lets them replace identity', async () => {
    const response = await devFetcher.fetch(url('/echo'), {
      kind: 'small',
      accept: 'text/markdown',
      headers: {
        Accept: 'text/html',
        'User-Agent': 'GPTBot/1.0',
        Host: 'other.example.com',
        'X-Request-Id': 'abc',
        'Accept-Encoding': 'zstd',
      },
    });
    const sent = JSON.parse(response.text) as Record<string, string>;
    expect(sent.accept).toBe('text/markdown');
    expect(sent['x-request-id']).toBe('abc');
    expect(sent['user-agent']).toBe(SCANNER_USER_AGENT);
    expect(sent.host).toBe(`127.0.0.1:${server.port}`);
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('takes Accept from the extra headers when no accept option is given', async () => {
    const response = await devFetcher.fetch(url('/echo'), { kind: 'small', headers: { Accept: 'application/json' } });
    expect((JSON.parse(response.text) as Record<string, string>).accept).toBe('application/json');
  });

  it('uses a configured User-Agent', async () => {
    const custom = createFetcher({ allowPrivateHosts: ['127.0.0.1'], userAgent: 'AgentReadinessScanner/2.0 (+https://example.com)' });
    try {
      const sent = JSON.parse((await custom.fetch(url('/echo'), html)).text) as Record<string, string>;
      expect(sent['user-agent']).toBe('AgentReadinessScanner/2.0 (+https://example.com)');
    } finally {
      await custom.close();
    }
  });

  it('returns non-2xx responses instead of throwing', async () => {
    await expect(devFetcher.fetch(url('/nothing-here'), html)).resolves.toMatchObject({ status: 404, text: 'not found' });
    await expect(devFetcher.fetch(url('/error'), html)).resolves.toMatchObject({ status: 500, text: 'boom' });
    const limited = await devFetcher.fetch(url('/limited'), html);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
  });

  it('sends HEAD requests and returns an empty body', async () => {
    const head = await devFetcher.fetch(url('/head'), { kind: 'html', method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, bytes: 0, text: '', truncated: false });
    expect(head.headers['content-length']).toBe('1234');
    expect(server.requests.at(-1)?.method).toBe('HEAD');
  });

  it("sends a drive's POST with its body, and follows redirects as fetch does: 303 as GET, 307 as sent", async () => {
    const post = { kind: 'api', method: 'POST', body: '{"jsonrpc":"2.0"}', headers: { 'content-type': 'application/json' } } as const;
    expect(JSON.parse((await devFetcher.fetch(url('/message'), post)).text)).toEqual({ method: 'POST', body: '{"jsonrpc":"2.0"}' });
    expect(JSON.parse((await devFetcher.fetch(url('/see-other'), post)).text)).toEqual({ method: 'GET', body: '' });
    expect(JSON.parse((await devFetcher.fetch(url('/moved-keeping-method'), post)).text)).toEqual({
      method: 'POST',
      body: '{"jsonrpc":"2.0"}',
    });
  });

  it('decompresses and decodes the body', async () => {
    await expect(devFetcher.fetch(url('/gzip'), html)).resolves.toMatchObject({ text: '<title>compressed</title>', bytes: 25 });
    await expect(devFetcher.fetch(url('/latin1'), html)).resolves.toMatchObject({ text: '<p>Café</p>', charset: 'windows-1252' });
  });

  it('fails on a content-encoding it cannot undo rather than returning compressed bytes as text', async () => {
    expect((await fetchError(devFetcher.fetch(url('/zstd'), html))).kind).toBe('unreachable');
  });

  it('reaches an allowed name through the injected lookup', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: ['shop.test-public.com'], lookup: fakeDns });
    try {
      const page = await fetcher.fetch(`http://shop.test-public.com:${server.port}/page`, html);
      expect(page).toMatchObject({ status: 200, finalUrl: `http://shop.test-public.com:${server.port}/page` });
      expect(server.requests.at(-1)?.headers.host).toBe(`shop.test-public.com:${server.port}`);
    } finally {
      await fetcher.close();
    }
  });
});

describe('createFetcher: redirects', () => {
  it('follows redirects, reporting every hop', async () => {
    const result = await devFetcher.fetch(url('/hops?n=3'), html);
    expect(result).toMatchObject({ status: 200, text: 'arrived', finalUrl: url('/hops?n=0'), requestedUrl: url('/hops?n=3') });
    expect(result.redirects).toEqual([
      { url: url('/hops?n=3'), status: 307, location: url('/hops?n=2') },
      { url: url('/hops?n=2'), status: 301, location: url('/hops?n=1') },
      { url: url('/hops?n=1'), status: 307, location: url('/hops?n=0') },
    ]);
  });

  it('resolves a relative Location against the current URL and drops fragments', async () => {
    await expect(devFetcher.fetch(url('/dir/relative'), html)).resolves.toMatchObject({ finalUrl: url('/page'), status: 200 });
    await expect(devFetcher.fetch(url('/fragment'), html)).resolves.toMatchObject({ finalUrl: url('/page') });
  });

  it('follows at most 5 redirects by default', async () => {
    await expect(devFetcher.fetch(url('/hops?n=5'), html)).resolves.toMatchObject({ text: 'arrived' });
    const error = await fetchError(devFetcher.fetch(url('/hops?n=6'), html));
    expect(error.kind).toBe('too_many_redirects');
  });

  it('honours maxRedirects and followRedirects: false', async () => {
    expect((await fetchError(devFetcher.fetch(url('/hops?n=2'), { kind: 'html', maxRedirects: 1 }))).kind).toBe('too_many_redirects');
    const unfollowed = await devFetcher.fetch(url('/hops?n=2'), { kind: 'html', followRedirects: false });
    expect(unfollowed).toMatchObject({ status: 301, redirects: [], finalUrl: url('/hops?n=2') });
    expect(unfollowed.headers.location).toBe('/hops?n=1');
  });

  it('returns a 3xx without Location as it is', async () => {
    await expect(devFetcher.fetch(url('/no-location'), html)).resolves.toMatchObject({ status: 302, text: 'nowhere to go' });
  });

  it.each([
    ['/to-metadata', 'the cloud metadata address'],
    ['/to-ipv6-loopback', 'IPv6 loopback'],
    ['/to-decimal-ip', 'a decimal spelling of 10.0.0.1'],
    ['/to-internal-name', 'an internal name'],
    ['/to-evil', 'a name resolving to 10.0.0.1'],
    ['/to-rebind', 'a name resolving to ::ffff:127.0.0.1'],
  ])('re-checks every hop: %s (%s) is blocked', async (path) => {
    const error = await fetchError(devFetcher.fetch(url(path), html));
    expect(error.kind).toBe('blocked');
    expect(error.publicMessage).toBe('The site could not be reached');
  });

  it.each(['/to-ftp', '/to-port', '/to-bad-location'])('refuses a redirect to an unusable URL (%s)', async (path) => {
    expect((await fetchError(devFetcher.fetch(url(path), html))).kind).toBe('invalid_url');
  });
});

describe('createFetcher: targets', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/',
  ])('blocks %s before connecting', async (target) => {
    const before = server.connections();
    expect((await fetchError(strictFetcher.fetch(target, html))).kind).toBe('blocked');
    expect(server.connections()).toBe(before);
  });

  it('blocks the loopback test server itself without the allow-list', async () => {
    expect((await fetchError(strictFetcher.fetch(url('/page'), html))).kind).toBe('blocked');
  });

  it('blocks a public-looking name that resolves to a private address', async () => {
    const error = await fetchError(strictFetcher.fetch('http://evil.example.com/', html));
    expect(error).toMatchObject({ kind: 'blocked', url: 'http://evil.example.com/' });
    expect(error.detail).toContain('10.0.0.1');
  });

  it.each(['ftp://shop.example.com/', 'http://user:pw@shop.example.com/', 'http://shop.example.com:8080/', 'nonsense'])(
    'refuses the invalid URL %s',
    async (target) => {
      expect((await fetchError(strictFetcher.fetch(target, html))).kind).toBe('invalid_url');
    },
  );

  it('makes blocked, refused and timed-out targets indistinguishable from outside', async () => {
    const blocked = await fetchError(strictFetcher.fetch('http://evil.example.com/', html));
    const refused = await fetchError(devFetcher.fetch(`http://127.0.0.1:${closedPort}/`, html));
    const timedOut = await fetchError(devFetcher.fetch(url('/stall-headers'), { kind: 'html', timeouts: { headersMs: 20 } }));
    expect([blocked.kind, refused.kind, timedOut.kind]).toEqual(['blocked', 'unreachable', 'timeout']);
    for (const error of [blocked, refused, timedOut]) {
      expect(error.publicMessage).toBe('The site could not be reached');
      expect(error.message).toBe('The site could not be reached');
    }
  });
});

describe('createFetcher: size caps on decompressed bytes', () => {
  it('truncates html at 2 MiB and says so', async () => {
    const page = await devFetcher.fetch(url('/big-html'), html);
    expect(page).toMatchObject({ truncated: true, bytes: 2 * MIB });
    expect(page.body.length).toBe(2 * MIB);
  });

  it('truncates robots.txt at 500 KiB', async () => {
    await expect(devFetcher.fetch(url('/big-robots'), { kind: 'robots' })).resolves.toMatchObject({ truncated: true, bytes: 500 * KIB });
  });

  it('refuses a small file over 256 KiB', async () => {
    expect((await fetchError(devFetcher.fetch(url('/big-small'), { kind: 'small' }))).kind).toBe('too_large');
  });

  it('stops a real gzip bomb at the cap, early, with little memory', async () => {
    const before = process.memoryUsage();
    const page = await devFetcher.fetch(url('/gzip-bomb'), html);
    const after = process.memoryUsage();
    await gzipBomb.closed;

    expect(page).toMatchObject({ truncated: true, bytes: 2 * MIB });
    expect(page.body.every((byte) => byte === 0)).toBe(true);
    // The client hung up long before the server got through the bomb.
    expect(gzipBomb.membersWritten).toBeLessThan(GZIP_MEMBERS_TOTAL / 2);
    const grownBy = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(grownBy).toBeLessThan(64 * MIB);
  });

  it('fails a gzip bomb served as a small file with too_large', async () => {
    expect((await fetchError(devFetcher.fetch(url('/gzip-bomb'), { kind: 'small' }))).kind).toBe('too_large');
    await gzipBomb.closed;
    expect(gzipBomb.membersWritten).toBeLessThan(GZIP_MEMBERS_TOTAL / 2);
  });

  it('truncates a brotli bomb (256 MiB of zeros) served as a sitemap at 10 MiB', async () => {
    const before = process.memoryUsage();
    const sitemap = await devFetcher.fetch(url('/br-bomb'), { kind: 'sitemap' });
    const after = process.memoryUsage();
    expect(sitemap).toMatchObject({ truncated: true, bytes: 10 * MIB });
    const grownBy = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(grownBy).toBeLessThan(64 * MIB);
  });

  it('truncates a deflate bomb (64 MiB of zeros) at the html cap', async () => {
    await expect(devFetcher.fetch(url('/deflate-bomb'), html)).resolves.toMatchObject({ truncated: true, bytes: 2 * MIB });
  });
});

describe('createFetcher: time limits', () => {
  it('times out waiting for headers', async () => {
    const error = await fetchError(devFetcher.fetch(url('/stall-headers'), { kind: 'html', timeouts: { headersMs: 20 } }));
    expect(error.kind).toBe('timeout');
  });

  it('times out a body that stops arriving', async () => {
    const error = await fetchError(devFetcher.fetch(url('/stall-body'), { kind: 'html', timeouts: { bodyMs: 20 } }));
    expect(error.kind).toBe('timeout');
  });

  it('bounds the whole body, not only the gaps between chunks', async () => {
    // A byte every 10 ms never leaves a 50 ms gap, but the body never ends either.
    const error = await fetchError(devFetcher.fetch(url('/drip'), { kind: 'html', timeouts: { bodyMs: 50 } }));
    expect(error.kind).toBe('timeout');
  });

  it('enforces the absolute per-request limit', async () => {
    const error = await fetchError(
      devFetcher.fetch(url('/stall-headers'), { kind: 'html', timeouts: { headersMs: 60_000, requestMs: 20 } }),
    );
    expect(error).toMatchObject({ kind: 'timeout', detail: 'no complete response within 20 ms' });
  });

  it('stops when the scan deadline passes', async () => {
    const error = await fetchError(devFetcher.fetch(url('/stall-headers'), { kind: 'html', deadline: Date.now() + 20 }));
    expect(error).toMatchObject({ kind: 'timeout', detail: 'scan deadline reached' });
    const late = await fetchError(devFetcher.fetch(url('/page'), { kind: 'html', deadline: Date.now() - 1 }));
    expect(late.kind).toBe('timeout');
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const pending = devFetcher.fetch(url('/stall-headers'), { kind: 'html', signal: controller.signal });
    controller.abort();
    expect(await fetchError(pending)).toMatchObject({ kind: 'timeout', detail: 'aborted by the caller' });
    expect((await fetchError(devFetcher.fetch(url('/page'), { kind: 'html', signal: AbortSignal.abort() }))).kind).toBe('timeout');
  });

  it('bounds DNS resolution by the connect time-out', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: [], lookup: () => new Promise(() => {}), timeouts: { connectMs: 20 } });
    try {
      expect((await fetchError(fetcher.fetch('http://slow-dns.example.com/', html))).kind).toBe('timeout');
    } finally {
      await fetcher.close();
    }
  });
});

describe('createFetcher: close', () => {
  it('refuses to fetch once closed', async () => {
    const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
    await expect(fetcher.fetch(url('/page'), html)).resolves.toMatchObject({ status: 200 });
    await fetcher.close();
    expect((await fetchError(fetcher.fetch(url('/page'), html))).kind).toBe('unreachable');
  });
});
