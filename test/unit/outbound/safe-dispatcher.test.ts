import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchError } from '#shared/outbound/fetch-error.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { createSafeDispatcher, type SafeDispatcher as Agent } from '#shared/outbound/safe-dispatcher.js';
import { STRICT_POLICY } from '#shared/outbound/target-policy.js';
import type { TargetPolicy } from '#shared/outbound/target-policy.js';
import { startLoopbackServer } from './loopback-server.js';
import type { LoopbackServer } from './loopback-server.js';

const fakeDns = (records: Record<string, string[]>): LookupFn =>
  vi.fn((hostname: string) =>
    Promise.resolve((records[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }))),
  );

const dispatchers: Agent[] = [];
function dispatcher(policy: TargetPolicy, lookup?: LookupFn, connectMs?: number): Agent {
  const agent = createSafeDispatcher({ policy, lookup, timeouts: { connectMs } });
  dispatchers.push(agent);
  return agent;
}

async function get(agent: Agent, origin: string): Promise<{ status: number; body: string }> {
  const response = await agent.request({ origin, path: '/', method: 'GET' });
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

async function failure(agent: Agent, origin: string): Promise<FetchError> {
  const error = await get(agent, origin).then(
    () => new Error('expected the request to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer({ '/': (req, res) => res.end(`hello ${req.headers.host}`) });
});
afterAll(async () => {
  await Promise.all(dispatchers.map((agent) => agent.destroy()));
  await server.close();
});

describe('safe dispatcher: IP literals (which never reach a lookup)', () => {
  it.each(['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '10.0.0.1', '169.254.169.254', '0.0.0.0'])(
    'refuses to connect to %s',
    async (host) => {
      const lookup = fakeDns({});
      const before = server.connections();
      const error = await failure(dispatcher(STRICT_POLICY, lookup), `http://${host}:${server.port}`);
      expect(error.kind).toBe('blocked');
      expect(lookup).not.toHaveBeenCalled();
      expect(server.connections()).toBe(before);
    },
  );

  it('connects to a private literal the policy names, on any port', async () => {
    const agent = dispatcher({ allowPrivateHosts: ['127.0.0.1'] });
    await expect(get(agent, server.origin)).resolves.toEqual({ status: 200, body: `hello 127.0.0.1:${server.port}` });
  });
});

describe('safe dispatcher: names, checked inside the connector', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::1', 'IPv6 loopback'],
    ['169.254.169.254', 'cloud metadata'],
  ])('refuses a public-looking name that resolves to %s (%s)', async (address) => {
    const before = server.connections();
    const agent = dispatcher(STRICT_POLICY, fakeDns({ 'evil.example.com': [address] }));
    const error = await failure(agent, 'http://evil.example.com');
    expect(error.kind).toBe('blocked');
    expect(error.detail).toContain(address);
    expect(server.connections()).toBe(before);
  });

  it('refuses a name when one of several addresses is private', async () => {
    const agent = dispatcher(STRICT_POLICY, fakeDns({ 'evil.example.com': ['93.184.215.14', '127.0.0.1'] }));
    expect((await failure(agent, 'http://evil.example.com')).kind).toBe('blocked');
  });

  it('refuses non-web ports before resolving the name', async () => {
    const lookup = fakeDns({ 'shop.example.com': ['93.184.215.14'] });
    const error = await failure(dispatcher(STRICT_POLICY, lookup), 'http://shop.example.com:6379');
    expect(error.kind).toBe('blocked');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('connects an allowed name to the address it resolved, with one lookup per connection', async () => {
    const lookup = fakeDns({ 'shop.test-public.com': ['127.0.0.1'] });
    const agent = dispatcher({ allowPrivateHosts: ['shop.test-public.com'] }, lookup);
    const origin = `http://shop.test-public.com:${server.port}`;
    const before = server.connections();
    await expect(get(agent, origin)).resolves.toEqual({ status: 200, body: `hello shop.test-public.com:${server.port}` });
    await expect(get(agent, origin)).resolves.toMatchObject({ status: 200 });
    // The name does not exist in real DNS: the connection only works because net.connect was handed
    // the IP our lookup returned and checked, and never resolved the name a second time.
    expect(lookup).toHaveBeenCalledTimes(server.connections() - before);
    expect(lookup).toHaveBeenCalledWith('shop.test-public.com');
  });

  it('falls back to an address of the other family when the first does not answer', async () => {
    // Nothing listens on [::1]:port (or IPv6 is off): the second address, 127.0.0.1, answers.
    const lookup = fakeDns({ 'dual.test-public.com': ['::1', '127.0.0.1'] });
    const agent = dispatcher({ allowPrivateHosts: ['dual.test-public.com'] }, lookup);
    await expect(get(agent, `http://dual.test-public.com:${server.port}`)).resolves.toMatchObject({ status: 200 });
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const lookup: LookupFn = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    const error = await failure(dispatcher(STRICT_POLICY, lookup), 'http://gone.example.com');
    expect(error.kind).toBe('unreachable');
  });

  it('bounds the lookup by the connect timeout', async () => {
    const hangingLookup: LookupFn = () => new Promise(() => {});
    const error = await failure(dispatcher(STRICT_POLICY, hangingLookup, 20), 'http://slow-dns.example.com');
    expect(error.kind).toBe('timeout');
  });
});

describe('safe dispatcher: TLS', () => {
  let tlsProbe: Server;
  let clientHello: Promise<Buffer>;

  beforeAll(async () => {
    // A plain TCP server that records the TLS ClientHello and hangs up.
    clientHello = new Promise((resolve) => {
      tlsProbe = createServer((socket) => {
        socket.once('data', (chunk: Buffer) => {
          resolve(chunk);
          socket.destroy();
        });
      });
    });
    await new Promise<void>((resolve) => tlsProbe.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => tlsProbe.close(resolve));
  });

  it('sends the host name, not the checked IP, as SNI (so certificates are checked against it)', async () => {
    const { port } = tlsProbe.address() as AddressInfo;
    const lookup = fakeDns({ 'shop.test-public.com': ['127.0.0.1'] });
    const agent = dispatcher({ allowPrivateHosts: ['shop.test-public.com'] }, lookup);
    const error = await get(agent, `https://shop.test-public.com:${port}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((await clientHello).includes(Buffer.from('shop.test-public.com'))).toBe(true);
  });
});

describe('safe dispatcher: a pooled connection the server closed while it sat idle', () => {
  // The server drops a connection when a second request arrives on it: what a reuse that crosses the
  // server's idle time-out looks like to the client, made certain instead of timed.
  let dropping: LoopbackServer;
  const seen = new WeakMap<object, number>();
  beforeAll(async () => {
    const answerFirstOnly = (req: IncomingMessage, res: ServerResponse) => {
      const count = (seen.get(req.socket) ?? 0) + 1;
      seen.set(req.socket, count);
      if (count > 1) req.socket.destroy();
      else res.end('fresh');
    };
    dropping = await startLoopbackServer({ '/': answerFirstOnly });
  });
  afterAll(() => dropping.close());

  it('sends a GET again, once, on a new connection', async () => {
    const agent = dispatcher({ allowPrivateHosts: ['127.0.0.1'] });
    expect(await get(agent, dropping.origin)).toEqual({ status: 200, body: 'fresh' });
    expect(await get(agent, dropping.origin)).toEqual({ status: 200, body: 'fresh' });
    expect(dropping.connections()).toBe(2);
    expect(dropping.requests).toHaveLength(3);
  });

  it('sends it again on a new connection, not on another pooled one that may be as stale', async () => {
    const agent = dispatcher({ allowPrivateHosts: ['127.0.0.1'] });
    await Promise.all([get(agent, dropping.origin), get(agent, dropping.origin)]); // two connections in the pool
    const before = dropping.connections();
    expect(await get(agent, dropping.origin)).toEqual({ status: 200, body: 'fresh' });
    expect(dropping.connections() - before).toBe(1);
  });

  it('repeats a POST only when the caller says it may', async () => {
    const agent = dispatcher({ allowPrivateHosts: ['127.0.0.1'] });
    const post = async (repeatable: boolean) => {
      const response = await agent.request({ origin: dropping.origin, path: '/', method: 'POST', body: '{}', repeatable });
      response.body.resume();
      await new Promise((resolve) => response.body.once('end', resolve));
      return response.statusCode;
    };
    expect(await post(false)).toBe(200);
    let before = dropping.requests.length;
    await expect(post(false)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(dropping.requests.length - before).toBe(1);

    expect(await post(false)).toBe(200);
    before = dropping.requests.length;
    expect(await post(true)).toBe(200);
    expect(dropping.requests.length - before).toBe(2);
  });
});
