import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../bin/local/wait-until.js';
import { npmStart, type StartedService } from './support/npm-start.js';
import { dynamoDbLocalOnPort } from './support/processes.js';

/**
 * `npm start` with the deployed DynamoDB deadlines, and its DynamoDB Local stopped (SIGSTOP) as a stalled
 * database would be: every call times out inside the function's deadline, the request answers 503 (never
 * 500), and what failed does not land later (a ghost write). Its own stack: the shared test stack allows
 * the stand-in longer deadlines for a loaded machine.
 */

const functionTimeoutMs = 10_000;
let service: StartedService;
let dataDir: string;
let apiKey: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(path: string, init: { method?: string; body?: unknown } = {}) {
  const started = Date.now();
  const response = await fetch(`${service.api}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as Record<string, unknown>,
    text,
    ms: Date.now() - started,
  };
}

async function pausedWhile<T>(run: (pause: () => void) => Promise<T>): Promise<T> {
  const [database] = await dynamoDbLocalOnPort(service.dynamodbPort);
  if (!database) throw new Error(`No DynamoDB Local on port ${service.dynamodbPort}`);
  let paused = false;
  try {
    return await run(() => {
      process.kill(database.pid, 'SIGSTOP');
      paused = true;
    });
  } finally {
    if (paused) process.kill(database.pid, 'SIGCONT');
  }
}

async function siteUrls(): Promise<string[]> {
  const list = await call('/api/v1/watched-sites');
  expect(list.status).toBe(200);
  return (list.body.sites as Array<{ url: string }>).map((site) => site.url).sort();
}

const monthlyCalls = async () => ((await call('/api/v1/account')).body.usage as { monthlyApiCalls: number }).monthlyApiCalls;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'readiness-database-pause-'));
  service = await npmStart(dataDir, {
    DYNAMODB_CONNECT_TIMEOUT_MS: '1000',
    DYNAMODB_REQUEST_TIMEOUT_MS: '2000',
    DYNAMODB_MAX_ATTEMPTS: '3',
    FREE_WATCHED_SITES: '10',
  });
  const email = 'paused@shop.example.com';
  const registered = await fetch(`${service.api}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(registered.status).toBe(202);
  let token = '';
  await waitUntil(
    async () => {
      const { emails } = (await (await fetch(`${service.ses}/store`)).json()) as { emails: Array<{ body: { text: string } }> };
      token = /verify\?token=([\w-]{43})/.exec(emails[0]?.body.text ?? '')?.[1] ?? '';
      return token !== '';
    },
    { timeoutMs: 15_000, intervalMs: 100, description: 'the sign-in mail' },
  );
  const verified = await fetch(`${service.api}/api/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  apiKey = ((await verified.json()) as { apiKey: string }).apiKey;
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start with its database paused', () => {
  it('answers 503 with Retry-After inside the deadline, and the failed requests write nothing', { timeout: 60_000 }, async () => {
    const before = await monthlyCalls();
    const answers = await pausedWhile(async (pause) => {
      pause();
      const refused = await Promise.all([
        call('/api/v1/watched-sites', { method: 'POST', body: { url: 'https://paused-one.example.com/' } }),
        call('/api/v1/watched-sites', { method: 'POST', body: { url: 'https://paused-two.example.com/' } }),
        call('/api/v1/account'),
      ]);
      // Held a while after every answer came, as a database that stalls for longer than the requests would.
      await sleep(500);
      return refused;
    });
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body.error).toEqual(expect.any(String));
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(functionTimeoutMs);
    }
    // Whatever the database held back has had time to land.
    await sleep(1_000);
    expect(await siteUrls()).toEqual([]);
    // The refused requests were not counted (the list above and account reads are outside the allowance).
    expect(await monthlyCalls()).toBe(before);

    const again = await call('/api/v1/watched-sites', { method: 'POST', body: { url: 'https://paused-one.example.com/' } });
    expect(again.status).toBe(201);
    expect(await siteUrls()).toEqual(['https://paused-one.example.com/']);
  });

  it('leaves requests caught mid-way safe to repeat: each site once, counted once', { timeout: 60_000 }, async () => {
    const urls = ['https://mid-a.example.com/', 'https://mid-b.example.com/', 'https://mid-c.example.com/', 'https://mid-d.example.com/'];
    const outcomes = await pausedWhile(async (pause) => {
      const requests = urls.map(async (url, index) => {
        await sleep(index * 15);
        return { url, answer: await call('/api/v1/watched-sites', { method: 'POST', body: { url } }) };
      });
      await sleep(20);
      pause();
      return Promise.all(requests);
    });
    await sleep(1_000);
    for (const { url, answer } of outcomes) {
      expect([201, 503], answer.text).toContain(answer.status);
      expect(answer.ms).toBeLessThan(functionTimeoutMs);
      if (answer.status === 503) {
        // Repeating a request whose outcome was unknown never makes a second site.
        const repeat = await call('/api/v1/watched-sites', { method: 'POST', body: { url } });
        expect([201, 409], repeat.text).toContain(repeat.status);
      }
    }
    expect(await siteUrls()).toEqual(['https://paused-one.example.com/', ...urls].sort());
    const account = await call('/api/v1/account');
    expect((account.body.counts as { watchedSites: number }).watchedSites).toBe(5);
  });
});
