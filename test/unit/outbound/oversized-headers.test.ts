import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '#shared/outbound/fetch-error.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { startLoopbackServer, type LoopbackServer } from './loopback-server.js';

let server: LoopbackServer;
let fetcher: Fetcher;
beforeAll(async () => {
  server = await startLoopbackServer({
    '/huge-headers': (_req, res) => {
      res.setHeader('x-padding', 'x'.repeat(64 * 1024));
      res.end('hello');
    },
  });
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('response headers past the parser’s limit', () => {
  it('are a too_large failure, not a crash or a hang', async () => {
    const error = await fetcher.fetch(`http://127.0.0.1:${server.port}/huge-headers`, { kind: 'html' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).kind).toBe('too_large');
  });
});
