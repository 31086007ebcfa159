import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configDefaults } from '#shared/config.js';
import { runFuzz } from '../../bench/fuzz/engine.js';
import { setUpFixtures, type Fetch, type Fixtures } from '../../bench/fuzz/fixtures.js';
import type { OpenApiDocument } from '../../bench/fuzz/openapi-document.js';
import { formatFindings } from '../../bench/fuzz/report.js';
import { apiClient, signUp, type SignedIn } from './support/accounts.js';

const api = inject('apiBaseUrl');
const ses = inject('sesBaseUrl');

describe('npm run fuzz (its engine, against the shared local stack)', () => {
  // Its own loopback source address, so per-IP limits it spends are its own.
  const client = apiClient();
  const dispatcher = new Agent({ localAddress: client.address });
  const send: Fetch = (url, init) => undiciFetch(url, { ...(init as object), dispatcher });
  let accounts: SignedIn[] = [];
  let fixtures: Fixtures | undefined;

  beforeAll(async () => {
    accounts = await Promise.all([signUp(), signUp({ tier: 'growth' })]);
    fixtures = await setUpFixtures({ api, ses }, 'integration', {
      accounts: { free: accounts[0]!.apiKey, growth: accounts[1]!.apiKey },
      fetch: send,
    });
  });

  afterAll(async () => {
    await fixtures?.close();
    await Promise.all(accounts.map((account) => account.client.close()));
    await client.close();
    await dispatcher.close();
  });

  it(
    'answers 300 seeded requests over every operation with no 5xx and nothing the document does not describe',
    { timeout: 60_000 },
    async () => {
      const document = (await (await send(`${api}/api/openapi.json`, {})).json()) as OpenApiDocument;
      const result = await runFuzz(document, {
        api,
        requests: 300,
        seed: 20_241,
        concurrency: 6,
        fixtures: fixtures!,
        maxBodyBytes: configDefaults.maxRequestBodyBytes,
        fetch: send,
      });
      const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
      expect(Object.keys(result.perOperation)).toHaveLength(operations);
      expect(Math.min(...Object.values(result.perOperation))).toBeGreaterThanOrEqual(Math.floor(300 / operations));
      expect(result.requests).toBe(300);
      expect({ errors5xx: result.errors5xx, schemaMismatches: result.schemaMismatches }, formatFindings(result)).toEqual({
        errors5xx: 0,
        schemaMismatches: 0,
      });
    },
  );

  it('a damaged unsubscribe link with its token repeated gets the HTML page, as documented (found by the fuzzer)', async () => {
    const response = await send(`${api}/api/v1/alerts/unsubscribe?token=abc&token=def&utm_source=mail&utm_source=again`, {});
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('damaged');
  });
});
