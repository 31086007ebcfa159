/**
 * The read-only probe of a declared checkout endpoint: what each protocol says an unauthenticated read of a session
 * that does not exist gets, and a whole paid scan of the agent-ready shop with its endpoints answering each way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { judgeAnswer, probeUrl } from '#shared/scanner/drives/checkout-probe.js';
import type { Tier } from '#shared/model/tiers.js';
import { startShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { scanLoopbackShop } from '#test/support/loopback-scan.js';

const json = 'application/json; charset=utf-8';

describe('what each protocol says a read without credentials of a missing session gets', () => {
  it.each([
    ['ucp', 400, json, '{"code":"invalid_profile_url","content":"UCP-Agent is required"}', 'as_specified'],
    ['ucp', 401, null, '', 'as_specified'],
    [
      'ucp',
      200,
      json,
      '{"ucp":{"version":"2026-04-08","status":"error"},"messages":[{"type":"error","code":"not_found","content":"No such session","severity":"unrecoverable"}]}',
      'as_specified',
    ],
    ['ucp', 403, json, '{"error":"forbidden"}', 'undocumented_error'],
    ['ucp', 404, json, '{"code":"not_found","content":"no route"}', 'undocumented_error'],
    ['ucp', 404, 'text/html', '<html><h1>Page not found</h1></html>', 'wrong_answer'],
    ['ucp', 200, 'text/html', '<html><h1>Our shop</h1></html>', 'wrong_answer'],
    ['ucp', 503, json, '{"code":"unavailable","content":"down"}', 'server_error'],
    ['acp', 401, json, '{"type":"invalid_request","code":"unauthorized","message":"Bearer token required"}', 'as_specified'],
    ['acp', 404, json, '{"type":"invalid_request","code":"not_found","message":"No such session","param":"$.id"}', 'as_specified'],
    ['acp', 401, json, '{"error":{"message":"Unauthorized"}}', 'undocumented_error'],
    ['acp', 401, json, '{"type":"unauthorized","code":"x","message":"y"}', 'undocumented_error'],
    ['acp', 401, null, '', 'undocumented_error'],
    ['acp', 200, json, '{"id":"cs_1","status":"ready_for_payment"}', 'wrong_answer'],
    ['acp', 302, null, '', 'wrong_answer'],
    ['acp', 500, 'text/html', '<h1>Error</h1>', 'server_error'],
  ] as const)('%s: HTTP %i %s %s is %s', (protocol, status, contentType, body, expected) => {
    expect(judgeAnswer(protocol, status, contentType, body).outcome).toBe(expected);
  });

  it('asks at the path each protocol appends to its base URL', () => {
    expect(probeUrl('ucp', 'https://shop.example/ucp/v1/')).toBe(
      'https://shop.example/ucp/v1/checkout-sessions/agent-readiness-probe-0000',
    );
    expect(probeUrl('acp', 'https://shop.example/acp')).toBe('https://shop.example/acp/checkout_sessions/agent-readiness-probe-0000');
  });
});

let fetcher: Fetcher;
beforeAll(() => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await fetcher.close();
});

const ucpProbePath = '/ucp/v1/checkout-sessions/agent-readiness-probe-0000';
const acpProbePath = '/acp/checkout_sessions/agent-readiness-probe-0000';

async function scan(tier: Tier, routes: Record<string, ShopRoute>) {
  const shop = await startShop('agent-ready', { routes });
  try {
    const { result } = await scanLoopbackShop(shop.origin, fetcher, tier);
    const check = (id: string) => result.checks.find((candidate) => candidate.id === id)!;
    const advice = (id: string) => result.recommendations.find((recommendation) => recommendation.checkId === id);
    const google = result.assistants.find((assistant) => assistant.id === 'google');
    return { origin: shop.origin, check, advice, google, received: shop.received };
  } finally {
    await shop.close();
  }
}

describe('a paid scan probes the checkout endpoints the documents declare', () => {
  it('keeps a pass where both answer as their protocol says, with the request as evidence', async () => {
    const { origin, check } = await scan('pro', {});
    expect(check('ucp_profile').status).toBe('pass');
    expect(check('ucp_profile').evidence).toContainEqual({
      url: `${origin}${ucpProbePath}`,
      value: 'GET without credentials → HTTP 400 application/json, as UCP specifies',
    });
    expect(check('acp_ready').evidence).toContainEqual({
      url: `${origin}${acpProbePath}`,
      value: 'GET without credentials → HTTP 401 application/json, as ACP specifies',
    });
  });

  it('fails an endpoint that serves the storefront, and the buy step of the assistant that checks out through it', async () => {
    const storefront: ShopRoute = {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>Shop</title><h1>Welcome</h1>',
    };
    const { origin, check, advice, google } = await scan('pro', { [ucpProbePath]: storefront });
    expect(check('ucp_profile').status).toBe('fail');
    expect(check('ucp_profile').summary).toBe(
      'The UCP checkout endpoint does not answer as UCP says: asked for a checkout session without credentials, it answered HTTP 200 (text/html) for a checkout session that does not exist, so an agent that follows the document gets nowhere.',
    );
    expect(check('ucp_profile').evidence).toContainEqual({
      url: `${origin}${ucpProbePath}`,
      value: 'GET without credentials → HTTP 200 text/html: <!doctype html><title>Shop</title><h1>Welcome</h1>',
    });
    expect(advice('ucp_profile')?.title).toBe('Make your UCP checkout endpoint answer as UCP says');
    expect(advice('ucp_profile')?.fix).toContain(`${origin}/ucp/v1`);
    const buy = google?.steps.find((step) => step.step === 'buy');
    expect(buy?.checks).toContain('ucp_profile');
    expect(buy?.status).not.toBe('pass');
  });

  it('warns where the error is not in the protocol’s shape', async () => {
    const { check } = await scan('growth', {
      [acpProbePath]: { status: 401, contentType: 'application/json', body: '{"error":"unauthorized"}' },
    });
    expect(check('acp_ready').status).toBe('warn');
    expect(check('acp_ready').summary).toContain('without the ACP error object (type, code, message)');
  });

  it('never probes on the free tier, and never sends anything but a GET', async () => {
    const free = await scan('free', {});
    expect(free.received.filter((request) => request.path.includes('checkout'))).toEqual([]);
    const paid = await scan('pro', {});
    const probes = paid.received.filter((request) => request.path.includes('checkout'));
    expect(probes.map((request) => `${request.method} ${request.path}`).sort()).toEqual([`GET ${acpProbePath}`, `GET ${ucpProbePath}`]);
  });
});
