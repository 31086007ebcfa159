/** A request sent with a vendor's User-Agent string: the scanner's own token still follows it, and it is its own request. */
import { afterEach, describe, expect, it } from 'vitest';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { SCANNER_USER_AGENT } from '#shared/outbound/user-agent.js';
import { FetchSession } from '#shared/scanner/fetch-session.js';
import { startLoopbackServer, type LoopbackServer } from './loopback-server.js';

const agent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)';
const servers: LoopbackServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve() {
  const server = await startLoopbackServer({
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'),
  });
  servers.push(server);
  return server;
}

describe('agentUserAgent', () => {
  it("sends the vendor's string with the scanner's own User-Agent appended, never alone", async () => {
    const server = await serve();
    const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
    try {
      await fetcher.fetch(`${server.origin}/page`, { kind: 'html', agentUserAgent: agent, headers: { 'User-Agent': 'Sneaky/1.0' } });
      await fetcher.fetch(`${server.origin}/page`, { kind: 'html' });
    } finally {
      await fetcher.close();
    }
    expect(server.requests.map((req) => req.headers['user-agent'])).toEqual([`${agent} ${SCANNER_USER_AGENT}`, SCANNER_USER_AGENT]);
  });

  it("is a request of its own in a scan's session, and the log says which string it carried", async () => {
    const server = await serve();
    const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
    const session = new FetchSession(fetcher, Date.now() + 10_000);
    try {
      const url = `${server.origin}/page`;
      await Promise.all([
        session.get(url, { kind: 'html' }, 1),
        session.get(url, { kind: 'html', agentUserAgent: agent }, 1),
        session.get(url, { kind: 'html', agentUserAgent: agent }, 1),
      ]);
    } finally {
      session.abort();
      await fetcher.close();
    }
    expect(server.requests).toHaveLength(2);
    expect(session.log.map((entry) => entry.agentUserAgent)).toEqual([null, agent]);
  });
});
