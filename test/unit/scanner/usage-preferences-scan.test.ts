/**
 * Usage preferences end to end: a real HTTP server on loopback serves robots.txt, the page's headers and
 * /.well-known/tdmrep.json; the scanner fetches tdmrep.json in its first round and `content_signals`
 * judges all of them together.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scanUrl } from '#shared/scanner/engine.js';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';

interface Answer {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

const page = `<!doctype html><html lang="en"><head><title>Oak &amp; Ash</title>
  <meta name="tdm-reservation" content="1"></head>
  <body><h1>Oak &amp; Ash</h1><p>Solid oak furniture, made to order.</p></body></html>`;

let server: Server | null = null;
let fetcher: Fetcher;
beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await fetcher.close();
});
afterEach(async () => {
  const running = server;
  server = null;
  if (running) await new Promise((resolve) => running.close(resolve));
});

async function serve(answers: Record<string, Answer>): Promise<{ origin: string; requested: string[] }> {
  const requested: string[] = [];
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requested.push(path);
    const answer = answers[path] ?? { status: 404, type: 'text/plain', body: 'Not Found' };
    response.writeHead(answer.status, { 'content-type': answer.type, ...answer.headers });
    response.end(answer.body);
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, requested };
}

async function contentSignalsOf(origin: string) {
  const { result } = await scanUrl(`${origin}/`, {
    tier: 'free',
    productPageBudget: 0,
    fetcher,
    policy: { allowPrivateHosts: ['127.0.0.1'] },
    deadline: Date.now() + 20_000,
  });
  return result.checks.find((check) => check.id === 'content_signals');
}

describe('usage preferences in a scan', () => {
  it('fetches tdmrep.json and fails a TDM reservation beside robots.txt granting AI training', async () => {
    const { origin, requested } = await serve({
      '/': { status: 200, type: 'text/html; charset=utf-8', body: page, headers: { 'content-usage': 'search=y' } },
      '/robots.txt': {
        status: 200,
        type: 'text/plain',
        body: 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\nAllow: /\n\nLicense: https://licensing.example.org/oak-ash.xml\n',
      },
      '/.well-known/tdmrep.json': { status: 200, type: 'application/json', body: '[{"location": "/", "tdm-reservation": 1}]' },
    });
    const check = await contentSignalsOf(origin);
    expect(requested).toContain('/.well-known/tdmrep.json');
    expect(check).toMatchObject({ status: 'fail' });
    expect(check?.summary).toBe(
      'Usage preferences contradict each other: <meta name="tdm-reservation"> reserves text and data mining but robots.txt line 2 (Content-Signal: search=yes, ai-input=yes, ai-train=yes) allows AI training',
    );
  });

  it('passes when the header, the meta tag and tdmrep.json agree with robots.txt', async () => {
    const { origin } = await serve({
      '/': { status: 200, type: 'text/html; charset=utf-8', body: page, headers: { 'content-usage': 'train-ai=n, search=y' } },
      '/robots.txt': { status: 200, type: 'text/plain', body: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n' },
      '/.well-known/tdmrep.json': { status: 200, type: 'application/json', body: '[{"location": "/", "tdm-reservation": 1}]' },
    });
    const check = await contentSignalsOf(origin);
    expect(check).toMatchObject({ status: 'pass' });
    expect(check?.summary).toBe('Usage preferences parse and agree: robots.txt (1 line), the Content-Usage header and TDMRep');
  });
});
