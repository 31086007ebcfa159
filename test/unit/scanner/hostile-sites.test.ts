import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanUrl, type ScanOutcome } from '#shared/scanner/engine.js';
import { createFetcher } from '#shared/outbound/fetcher.js';
import { SCANNER_USER_AGENT } from '#shared/outbound/user-agent.js';
import type { Fetcher } from '#shared/outbound/types.js';
import { ScanError } from '#shared/scanner/scan-errors.js';

/**
 * Sites that refuse, fail or answer with something other than a shop page, on real loopback servers:
 * what the scan says of them must be true, and no check may pass on an error page's body.
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
const everywhere =
  (status: number): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html' }).end(page(`HTTP ${status}`));
  };
const shopPage = `<!doctype html><html><head><title>Oak &amp; Co</title></head><body><main><h1>Oak &amp; Co furniture</h1>
  <p>${'Solid oak tables, chairs and shelves made to order in our workshop. '.repeat(12)}</p></main></body></html>`;

let fetcher: Fetcher;
const servers: Server[] = [];

beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await fetcher.close();
});

async function serve(handler: Handler): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function scan(origin: string, path = '/'): Promise<ScanOutcome> {
  return scanUrl(`${origin}${path}`, {
    tier: 'growth',
    productPageBudget: 4,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: Date.now() + 20_000,
  });
}

async function failure(origin: string): Promise<ScanError> {
  const error = await scan(origin).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScanError);
  return error as ScanError;
}

const statusOf = (outcome: ScanOutcome, id: string) => outcome.result.checks.find((check) => check.id === id)?.status;

describe('sites that refuse the scanner', () => {
  for (const status of [401, 403, 429]) {
    it(`answering ${status} everywhere: agents are turned away, bot_wall fails with the status and the bot-wall cap holds the score`, async () => {
      const outcome = await scan(await serve(everywhere(status)));
      const wall = outcome.result.checks.find((check) => check.id === 'bot_wall')!;
      expect(wall.status).toBe('fail');
      expect(wall.evidence.map((item) => item.value).join(' ')).toContain(`HTTP ${status}`);
      expect(outcome.result.score).toBeLessThanOrEqual(25);
      // Nothing passes on the body of the refusal: only robots.txt's RFC 9309 reading may pass, and it says why.
      for (const check of outcome.result.checks.filter((entry) => entry.status === 'pass')) {
        expect(check.id).toBe('robots_ai_agents');
        expect(check.summary).toContain('the homepage turns agents away');
      }
      for (const id of ['html_weight', 'ssr_text', 'indexable', 'ttfb', 'jsonld_not_js'])
        expect(statusOf(outcome, id), id).toBe('not_assessed');
    });
  }
});

describe('sites that fail', () => {
  for (const status of [404, 410, 500, 503]) {
    it(`answering ${status} everywhere is a failed scan (unreachable, 502), not a score`, async () => {
      const error = await failure(await serve(everywhere(status)));
      expect(error.failure).toBe('unreachable');
      expect(error.message).toBe(`Scan failed: the URL may be unreachable (it answered HTTP ${status})`);
    });
  }

  it('resetting every connection is a failed scan (unreachable)', async () => {
    const error = await failure(await serve((request) => request.socket.destroy()));
    expect(error.failure).toBe('unreachable');
  });

  it('a challenge page served with 503 is a bot wall, not a failure', async () => {
    const origin = await serve((_request, response) => {
      response
        .writeHead(503, { 'content-type': 'text/html', 'cf-mitigated': 'challenge' })
        .end('<html><head><title>Just a moment...</title></head><body></body></html>');
    });
    const outcome = await scan(origin);
    expect(statusOf(outcome, 'bot_wall')).toBe('fail');
    expect(outcome.result.score).toBeLessThanOrEqual(25);
  });
});

describe('homepages that are not shop pages', () => {
  for (const [name, contentType, body] of [
    ['a PDF', 'application/pdf', '%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'],
    ['JSON', 'application/json', '{"shop": "oak"}'],
    ['an empty page', 'text/html', ''],
  ] as const) {
    it(`${name} fails indexable and caps the score at 25`, async () => {
      const outcome = await scan(await serve((_request, response) => response.writeHead(200, { 'content-type': contentType }).end(body)));
      const indexable = outcome.result.checks.find((check) => check.id === 'indexable')!;
      expect(indexable.status).toBe('fail');
      expect(indexable.summary).toMatch(
        name === 'an empty page' ? /empty page/ : new RegExp(`answers ${contentType.replace('/', '\\/')}, not an HTML page`),
      );
      expect(outcome.result.score).toBeLessThanOrEqual(25);
      expect(outcome.result.caps.map((cap) => cap.id)).toContain('homepage_unreadable');
    });
  }
});

describe('a homepage that redirects by meta refresh', () => {
  it('is followed like a redirect to the page it names, which is the one judged', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/')
        return response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><head><meta http-equiv="Refresh" content="0; URL=\'/home\'"></head><body></body></html>');
      if (request.url === '/home') return response.writeHead(200, { 'content-type': 'text/html' }).end(shopPage);
      response.writeHead(404).end();
    });
    const outcome = await scan(origin);
    expect(outcome.result.finalUrl).toBe(`${origin}/home`);
    expect(statusOf(outcome, 'indexable')).toBe('pass');
    expect(statusOf(outcome, 'ssr_text')).not.toBe('fail');
    const homepage = outcome.artifacts.homepage.retrieval;
    expect(homepage.state === 'fetched' && homepage.resource.redirects).toEqual([{ url: `${origin}/`, status: 200 }]);
  });

  it('is not followed to another site, and a refresh loop ends inside the redirect budget as a failed scan', async () => {
    const crossSite = await serve((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<meta http-equiv="refresh" content="0;url=https://elsewhere.example.net/">'),
    );
    const stayed = await scan(crossSite);
    expect(stayed.result.finalUrl).toBe(`${crossSite}/`);
    expect(stayed.log.map((entry) => entry.url).filter((url) => url.includes('elsewhere'))).toEqual([]);

    const refreshes: string[] = [];
    const loop = await serve((request, response) => {
      const step = /^\/(\d+)$/.exec(request.url ?? '');
      if (step) refreshes.push(request.url!);
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<meta http-equiv="refresh" content="0;url=/${Number(step?.[1] ?? 0) + 1}">`);
    });
    const error = await failure(loop);
    expect(error.failure).toBe('unreachable');
    expect(refreshes).toEqual(['/1', '/2', '/3', '/4', '/5']);
  });
});

describe('one request per resource', () => {
  it('asks for Markdown only when the page varies by Accept, and then gets it', async () => {
    const seen: string[] = [];
    const negotiating = await serve((request, response) => {
      // The scanner's own requests: the edge probe's (paid tiers) carry an assistant's User-Agent.
      if (request.url === '/' && request.headers['user-agent'] === SCANNER_USER_AGENT) seen.push(request.headers.accept ?? '');
      if (request.url === '/' && request.headers.accept === 'text/markdown')
        return response.writeHead(200, { 'content-type': 'text/markdown', vary: 'Accept' }).end('# Oak & Co\n\nFurniture made to order.\n');
      response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html', vary: 'Accept' }).end(shopPage);
    });
    const outcome = await scan(negotiating);
    expect(statusOf(outcome, 'markdown_alternate')).toBe('pass');
    expect(seen).toHaveLength(2);

    const homepageRequests: string[] = [];
    const plain = await serve((request, response) => {
      if (request.url === '/' && request.headers['user-agent'] === SCANNER_USER_AGENT) homepageRequests.push(request.headers.accept ?? '');
      response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html' }).end(shopPage);
    });
    const single = await scan(plain);
    expect(homepageRequests).toHaveLength(1);
    const markdown = single.result.checks.find((check) => check.id === 'markdown_alternate')!;
    expect(markdown.status).toBe('fail');
    expect(markdown.summary).toContain('does not vary by Accept');
  });
});
