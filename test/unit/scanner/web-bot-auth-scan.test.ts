/**
 * The scanner's signed request against real HTTP servers on loopback: an edge that refuses requests
 * carrying Web Bot Auth signatures, one that serves them, and one that walls the unsigned request too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetcher, SCANNER_USER_AGENT } from '#shared/outbound/index.js';
import { deriveSigningKey, type RequestSigner } from '#shared/outbound/web-bot-auth/index.js';
import { scanUrl } from '#shared/scanner/engine.js';
import { cloudflareChallenge, homepage } from '#test/unit/scanner/checks/agent-access/fixtures.js';
import { startLoopbackServer, type LoopbackServer } from '#test/unit/outbound/loopback-server.js';

const signer: RequestSigner = { key: deriveSigningKey('test-pepper-'.repeat(4)), agentOrigin: 'https://scanner.example' };
const servers: LoopbackServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const page = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(homepage);
const isSigned = (req: IncomingMessage) => req.headers.signature !== undefined;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function scanWith(home: Handler, webBotAuth: RequestSigner | null = signer, routes: Record<string, Handler> = {}) {
  const server = await startLoopbackServer({ '/': home, ...routes });
  servers.push(server);
  const fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  try {
    const { result } = await scanUrl(`${server.origin}/`, {
      tier: 'free',
      productPageBudget: 0,
      fetcher,
      policy: { allowPrivateHosts: ['127.0.0.1'] },
      deadline: Date.now() + 20_000,
      webBotAuth: webBotAuth ?? undefined,
    });
    const homeRequests = server.requests.filter((req) => req.url === '/');
    return { check: result.checks.find((check) => check.id === 'web_bot_auth')!, homeRequests, result, requests: server.requests };
  } finally {
    await fetcher.close();
  }
}

describe('web_bot_auth in a scan', () => {
  it('fails when the edge refuses the signed request it served unsigned', async () => {
    const { check, homeRequests, result } = await scanWith((req, res) =>
      isSigned(req) ? res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>Forbidden</body></html>') : page(res),
    );
    expect(check.status).toBe('fail');
    expect(check.summary).toBe(
      'The site refused it when the scanner signed its request (Web Bot Auth): HTTP 403 to the signed request, HTTP 200 to the unsigned one',
    );
    expect(result.recommendations.map((recommendation) => recommendation.checkId)).toContain('web_bot_auth');
    // Two requests for the page, sent at once: the unsigned one and the signed one, both with the scanner's own User-Agent.
    expect(homeRequests).toHaveLength(2);
    expect(homeRequests.map((req) => req.headers['user-agent'])).toEqual([SCANNER_USER_AGENT, SCANNER_USER_AGENT]);
    const signed = homeRequests.find(isSigned)!;
    expect(signed.headers['signature-agent']).toBe('sig1="https://scanner.example"');
    expect(signed.headers['signature-input']).toMatch(
      new RegExp(
        `^sig1=\\("@authority" "@method" "@path" "signature-agent";key="sig1"\\);created=\\d+;expires=\\d+;keyid="${signer.key.keyId}";`,
      ),
    );
    expect(signed.headers['signature-input']).toContain('tag="web-bot-auth"');
  });

  it('passes when the edge serves the signed request as it served the unsigned one', async () => {
    const { check, homeRequests } = await scanWith((_req, res) => page(res));
    expect(check.status).toBe('pass');
    expect(check.evidence.map((item) => item.value)).toEqual(['unsigned: HTTP 200; signed (Web Bot Auth): HTTP 200']);
    expect(homeRequests.filter(isSigned)).toHaveLength(1);
  });

  it('is not assessed when the unsigned request is already walled: a refusal of both says nothing of signatures', async () => {
    const { check, homeRequests } = await scanWith((_req, res) =>
      res
        .writeHead(cloudflareChallenge.status, { ...cloudflareChallenge.headers, 'content-type': 'text/html' })
        .end(cloudflareChallenge.body),
    );
    expect(check.status).toBe('not_assessed');
    expect(check.summary).toContain('The unsigned request was not served');
    // Both were asked in the scan's first round, before either had answered.
    expect(homeRequests.filter(isSigned)).toHaveLength(1);
  });

  it('signs every hop of a redirect for its own path, and judges the page the redirect ends on', async () => {
    const refusingSigned: Handler = (req, res) =>
      isSigned(req) ? res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>Forbidden</body></html>') : page(res);
    const { check, requests } = await scanWith((_req, res) => res.writeHead(301, { location: '/home' }).end(), signer, {
      '/home': refusingSigned,
    });
    expect(check.status).toBe('fail');
    const signedHops = requests.filter(isSigned);
    expect(signedHops.map((req) => req.url)).toEqual(['/', '/home']);
    // One signature per hop: @path differs, so the two signatures differ.
    expect(new Set(signedHops.map((req) => req.headers.signature)).size).toBe(2);
  });

  it('is not assessed when the scan has no signing key', async () => {
    const { check, homeRequests } = await scanWith((_req, res) => page(res), null);
    expect(check.status).toBe('not_assessed');
    expect(homeRequests).toHaveLength(1);
  });
});
