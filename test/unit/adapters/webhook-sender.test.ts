import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, maxResponseBytes } from '#shared/adapters/webhook-sender.js';

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin: string;
const received: Received[] = [];
let bytesServed = 0;

const routes: Record<string, (response: ServerResponse) => void> = {
  '/ok': (response) => response.writeHead(204).end(),
  '/error': (response) => response.writeHead(500).end('boom'),
  '/gone': (response) => response.writeHead(410).end(),
  '/redirect': (response) => response.writeHead(302, { location: '/ok' }).end(),
  '/slow': () => undefined, // never answers
  '/trickle': (response) => {
    // Answers at once, then sends its body a byte at a time, never ending it.
    response.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => response.write('x'), 200);
    response.on('close', () => clearInterval(timer));
  },
  '/huge': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const push = () => {
      while (bytesServed < 64 * 1024 * 1024) {
        bytesServed += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', push);
      }
      response.end();
    };
    response.on('close', () => response.destroy());
    push();
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      (routes[request.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const loopback = { allowPrivateHosts: ['127.0.0.1'] };

describe('webhook sender', () => {
  it('posts the body as JSON with the given headers, and reports the status', async () => {
    const sender = createWebhookSender({ policy: loopback });
    const outcome = await sender.post(`${origin}/ok`, '{"a":"é"}', { 'webhook-id': 'e1' });
    expect(outcome).toMatchObject({ kind: 'response', statusCode: 204 });
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', body: '{"a":"é"}' });
    expect(last.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'e1',
      'content-length': String(Buffer.byteLength('{"a":"é"}')),
    });
    await sender.close();
  });

  it('reports 5xx and 410 as they are, and does not follow a redirect', async () => {
    const sender = createWebhookSender({ policy: loopback });
    expect(await sender.post(`${origin}/error`, '{}', {})).toMatchObject({ kind: 'response', statusCode: 500 });
    expect(await sender.post(`${origin}/gone`, '{}', {})).toMatchObject({ kind: 'response', statusCode: 410 });
    const before = received.length;
    expect(await sender.post(`${origin}/redirect`, '{}', {})).toMatchObject({ kind: 'response', statusCode: 302 });
    expect(received.slice(before).map((request) => request.method)).toEqual(['POST']);
    await sender.close();
  });

  it('gives up after its time-out, saying so', async () => {
    const sender = createWebhookSender({ policy: loopback, timeoutMs: 300 });
    const outcome = await sender.post(`${origin}/slow`, '{}', {});
    expect(outcome).toMatchObject({ kind: 'error', error: 'timeout' });
    if (outcome.kind === 'error') expect(outcome.message).toMatch(/did not answer/);
    await sender.close();
  });

  it('waits no longer than an attempt asks, shorter than its own time-out, and says how long it waited', async () => {
    const sender = createWebhookSender({ policy: loopback });
    const outcome = await sender.post(`${origin}/slow`, '{}', {}, { timeoutMs: 400 });
    expect(outcome).toMatchObject({ kind: 'error', error: 'timeout' });
    if (outcome.kind === 'error') {
      expect(outcome.message).toBe('Timed out: the endpoint did not answer within 0.4 seconds');
    }
    const longer = createWebhookSender({ policy: loopback, timeoutMs: 300 });
    const capped = await longer.post(`${origin}/slow`, '{}', {}, { timeoutMs: 60_000 });
    if (capped.kind === 'error') expect(capped.message).toBe('Timed out: the endpoint did not answer within 0.3 seconds');
    expect(capped).toMatchObject({ kind: 'error', error: 'timeout' });
    await Promise.all([sender.close(), longer.close()]);
  });

  it('bounds reading an answer that never ends by the same time-out (unbounded, this would never return), and keeps its status', async () => {
    const sender = createWebhookSender({ policy: loopback });
    const outcome = await sender.post(`${origin}/trickle`, '{}', {}, { timeoutMs: 700 });
    expect(outcome).toMatchObject({ kind: 'response', statusCode: 200 });
    await sender.close();
  });

  it('reads at most 4 KiB of a response and drops the connection', async () => {
    bytesServed = 0;
    const sender = createWebhookSender({ policy: loopback });
    expect(await sender.post(`${origin}/huge`, '{}', {})).toMatchObject({ kind: 'response', statusCode: 200 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(maxResponseBytes).toBe(4096);
    expect(bytesServed).toBeLessThan(16 * 1024 * 1024);
    await sender.close();
  });

  it('says "refused" for a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sender = createWebhookSender({ policy: loopback });
    expect(await sender.post(`http://127.0.0.1:${port}/`, '{}', {})).toMatchObject({ kind: 'error', error: 'refused' });
    await sender.close();
  });

  it('checks addresses at send time: loopback without the allow-list, and a name that now resolves to a private address, are blocked', async () => {
    const strict = createWebhookSender({ policy: { allowPrivateHosts: [] } });
    expect(await strict.post(`${origin}/ok`, '{}', {})).toMatchObject({ kind: 'error', error: 'blocked' });
    await strict.close();
    const rebound = createWebhookSender({ policy: { allowPrivateHosts: [] }, lookup: async () => [{ address: '10.0.0.7', family: 4 }] });
    const before = received.length;
    expect(await rebound.post('https://hooks.example.com/in', '{}', {})).toMatchObject({ kind: 'error', error: 'blocked' });
    const metadata = createWebhookSender({
      policy: { allowPrivateHosts: [] },
      lookup: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    expect(await metadata.post('https://metadata.example.com/latest', '{}', {})).toMatchObject({ kind: 'error', error: 'blocked' });
    expect(received.length).toBe(before);
    await Promise.all([rebound.close(), metadata.close()]);
  });

  it('says "dns" for a name that does not resolve', async () => {
    const sender = createWebhookSender({
      policy: { allowPrivateHosts: [] },
      lookup: async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })),
    });
    expect(await sender.post('https://no-such-host.example.com/', '{}', {})).toMatchObject({ kind: 'error', error: 'dns' });
    await sender.close();
  });

  it('delivers again, once, on a new connection when the pooled one was closed idle (receivers dedupe on webhook-id)', async () => {
    // This receiver drops a connection when a second request arrives on it: a reuse crossing its idle close.
    const perConnection = new WeakMap<object, number>();
    const bodies: string[] = [];
    const dropping = createServer((request, response) => {
      const count = (perConnection.get(request.socket) ?? 0) + 1;
      perConnection.set(request.socket, count);
      if (count > 1) return void request.socket.destroy();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/hook`;
    const sender = createWebhookSender({ policy: loopback });
    expect(await sender.post(url, '{"n":1}', { 'webhook-id': 'e1' })).toMatchObject({ kind: 'response', statusCode: 204 });
    expect(await sender.post(url, '{"n":2}', { 'webhook-id': 'e2' })).toMatchObject({ kind: 'response', statusCode: 204 });
    expect(bodies).toEqual(['{"n":1}', '{"n":2}']);
    await sender.close();
    dropping.closeAllConnections();
    await new Promise((resolve) => dropping.close(resolve));
  });
});
