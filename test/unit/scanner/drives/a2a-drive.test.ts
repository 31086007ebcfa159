/**
 * The read-only drive of an A2A agent card's interfaces: the interfaces a card declares, the Get Task each binding
 * and version is asked, what A2A says the answer is, real interfaces on loopback answering each way, and whole scans
 * of the agent-ready shop (paid and free).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '#shared/outbound/index.js';
import { FetchSession } from '#shared/scanner/fetch-session.js';
import { judgeA2aAnswer, probeInterface, probeRequest, probeRequestId, probeTaskId } from '#shared/scanner/drives/a2a-drive.js';
import { declaredInterfaces } from '#shared/scanner/parse/well-known/a2a/card-interfaces.js';
import type { A2aInterface } from '#shared/scanner/parse/well-known/a2a.js';
import type { A2aEndpointVariant } from '#test/fixtures/a2a-endpoints.js';
import { startShop, type RunningShop, type ShopRoute } from '#test/fixtures/shop-server.js';
import { scanLoopbackShop } from '#test/support/loopback-scan.js';
import type { Tier } from '#shared/model/tiers.js';

const jsonRpc10: A2aInterface = { url: 'https://shop.example/a2a', binding: 'JSONRPC', version: '1.0', tenant: null };
const rest10: A2aInterface = { url: 'https://shop.example/a2a/rest/', binding: 'HTTP+JSON', version: '1.0', tenant: null };
const jsonRpc03: A2aInterface = { ...jsonRpc10, version: '0.3' };
const rest03: A2aInterface = { ...rest10, version: '0.3' };

describe('the interfaces an agent card declares', () => {
  it('reads 1.0 supportedInterfaces with binding, Major.Minor version and tenant, once each, http(s) only', () => {
    const card = {
      supportedInterfaces: [
        { url: 'https://shop.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0.1' },
        { url: 'https://shop.example/a2a', protocolBinding: 'jsonrpc', protocolVersion: '1.0' },
        { url: 'https://shop.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'eu' },
        { url: 'grpc.shop.example:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        { url: 'https://shop.example/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        { url: 'https://shop.example/none' },
        { url: 'https://shop.example/odd', protocolBinding: 'JSON\u202eRPC\nInjected', protocolVersion: '1.0' },
        { url: 'https://shop.example/a\u202e\nb', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      ],
    };
    expect(declaredInterfaces(card, '1.0')).toEqual([
      { url: 'https://shop.example/a2a', binding: 'JSONRPC', version: '1.0', tenant: null },
      { url: 'https://shop.example/rest', binding: 'HTTP+JSON', version: '1.0', tenant: 'eu' },
      { url: 'https://shop.example/grpc', binding: 'GRPC', version: '1.0', tenant: null },
      { url: 'https://shop.example/a%E2%80%AEb', binding: 'HTTP+JSON', version: '1.0', tenant: null },
    ]);
  });

  it("reads a 0.3 card's url in its preferred transport (JSON-RPC by default) and its additional interfaces", () => {
    const card = {
      protocolVersion: '0.3.0',
      url: 'https://shop.example/a2a',
      additionalInterfaces: [
        { url: 'https://shop.example/a2a', transport: 'JSONRPC' },
        { url: 'https://shop.example/rest', transport: 'HTTP+JSON' },
      ],
    };
    expect(declaredInterfaces(card, '0.3')).toEqual([
      { url: 'https://shop.example/a2a', binding: 'JSONRPC', version: '0.3', tenant: null },
      { url: 'https://shop.example/rest', binding: 'HTTP+JSON', version: '0.3', tenant: null },
    ]);
  });
});

describe('the Get Task each binding and version is asked', () => {
  it('posts GetTask with A2A-Version to a 1.0 JSON-RPC interface, with its tenant', () => {
    const request = probeRequest({ ...jsonRpc10, tenant: 'eu' })!;
    expect(request).toMatchObject({ request: 'POST GetTask', url: jsonRpc10.url, method: 'POST', headers: { 'a2a-version': '1.0' } });
    expect(JSON.parse(request.body!)).toEqual({
      jsonrpc: '2.0',
      id: probeRequestId,
      method: 'GetTask',
      params: { id: probeTaskId, tenant: 'eu' },
    });
  });

  it('posts tasks/get without a version header to a 0.3 JSON-RPC interface', () => {
    const request = probeRequest(jsonRpc03)!;
    expect(request.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(request.body!)).toMatchObject({ method: 'tasks/get', params: { id: probeTaskId } });
  });

  it('gets /tasks/{id} below a 1.0 HTTP+JSON interface (under its tenant), /v1/tasks/{id} below a 0.3 one', () => {
    expect(probeRequest(rest10)).toMatchObject({
      method: 'GET',
      url: `https://shop.example/a2a/rest/tasks/${probeTaskId}`,
      request: 'GET /tasks/{id}',
    });
    expect(probeRequest({ ...rest10, tenant: 'eu west' })!.url).toBe(`https://shop.example/a2a/rest/eu%20west/tasks/${probeTaskId}`);
    expect(probeRequest(rest03)).toMatchObject({
      url: `https://shop.example/a2a/rest/v1/tasks/${probeTaskId}`,
      request: 'GET /v1/tasks/{id}',
    });
  });

  it('asks nothing of gRPC (HTTP/2 only) or of a binding A2A does not define', () => {
    expect(probeRequest({ ...jsonRpc10, binding: 'GRPC' })).toBeNull();
    expect(probeRequest({ ...jsonRpc10, binding: 'WEBSOCKET' })).toBeNull();
  });
});

const json = 'application/json';
const rpc = (body: object) => JSON.stringify({ jsonrpc: '2.0', id: probeRequestId, ...body });

describe('what A2A says a Get Task for a task that does not exist gets', () => {
  it.each([
    ['JSON-RPC task not found', jsonRpc10, 200, json, rpc({ error: { code: -32001, message: 'Task not found' } }), false, 'as_specified'],
    ['JSON-RPC invalid params', jsonRpc10, 200, json, rpc({ error: { code: -32602, message: 'Bad id' } }), false, 'as_specified'],
    [
      'JSON-RPC method not found',
      jsonRpc10,
      200,
      json,
      rpc({ error: { code: -32601, message: 'Method not found' } }),
      false,
      'undocumented_error',
    ],
    ['JSON-RPC version not supported', jsonRpc10, 200, json, rpc({ error: { code: -32009, message: 'No' } }), false, 'undocumented_error'],
    ['JSON-RPC internal error', jsonRpc10, 200, json, rpc({ error: { code: -32603, message: 'Oops' } }), false, 'undocumented_error'],
    ['JSON-RPC result for a missing task', jsonRpc10, 200, json, rpc({ result: { id: probeTaskId } }), false, 'undocumented_error'],
    ['JSON-RPC error without a code', jsonRpc10, 200, json, rpc({ error: { message: 'Task not found' } }), false, 'undocumented_error'],
    [
      'JSON-RPC answer with another id',
      jsonRpc10,
      200,
      json,
      JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: -32001, message: 'x' } }),
      false,
      'undocumented_error',
    ],
    ['JSON that is not JSON-RPC', jsonRpc10, 200, json, '{"detail":"ok"}', false, 'undocumented_error'],
    ['JSON 404 that is not JSON-RPC', jsonRpc10, 404, json, '{"detail":"Not Found"}', false, 'wrong_answer'],
    ['HTML page', jsonRpc10, 200, 'text/html', '<html><h1>Chat</h1></html>', false, 'wrong_answer'],
    ['HTML 404', jsonRpc10, 404, 'text/html', '<h1>Not found</h1>', false, 'wrong_answer'],
    ['5xx', jsonRpc10, 502, json, rpc({ error: { code: -32001, message: 'x' } }), false, 'server_error'],
    ['401 where the card names credentials', jsonRpc10, 401, null, '', true, 'as_specified'],
    ['401 where the card names none', jsonRpc10, 401, null, '', false, 'undocumented_error'],
    [
      'REST 1.0 404 with the error object',
      rest10,
      404,
      'application/a2a+json',
      '{"error":{"code":404,"status":"NOT_FOUND","message":"Task not found","details":[{"reason":"TASK_NOT_FOUND"}]}}',
      false,
      'as_specified',
    ],
    [
      'REST 1.0 version not supported',
      rest10,
      400,
      json,
      '{"error":{"code":400,"message":"no","details":[{"reason":"VERSION_NOT_SUPPORTED"}]}}',
      false,
      'undocumented_error',
    ],
    [
      'REST 1.0 problem+json of the drafts',
      rest10,
      404,
      'application/problem+json',
      '{"type":"https://a2a-protocol.org/errors/task-not-found","title":"Task not found"}',
      false,
      'as_specified',
    ],
    ['REST 1.0 framework 404', rest10, 404, json, '{"detail":"Not Found"}', false, 'undocumented_error'],
    ['REST 1.0 success for a missing task', rest10, 200, json, '{"id":"x"}', false, 'undocumented_error'],
    ['REST 0.3 404 with a JSON message', rest03, 404, json, '{"message":"Task not found"}', false, 'as_specified'],
    ['REST 0.3 400', rest03, 400, json, '{"message":"bad"}', false, 'undocumented_error'],
    ['REST 404 without a body', rest10, 404, null, '', false, 'wrong_answer'],
  ] as const)('%s', (_label, entry, status, contentType, body, declaresSecurity, expected) => {
    expect(judgeA2aAnswer(entry, status, contentType, body, declaresSecurity).outcome).toBe(expected);
  });
});

let fetcher: Fetcher;
let strictFetcher: Fetcher;
let shop: RunningShop;
const mounted: Array<[A2aEndpointVariant, Omit<A2aInterface, 'url'>]> = [
  ['jsonrpc', { binding: 'JSONRPC', version: '1.0', tenant: null }],
  ['jsonrpc-0.3', { binding: 'JSONRPC', version: '0.3', tenant: null }],
  ['rest', { binding: 'HTTP+JSON', version: '1.0', tenant: null }],
  ['rest-0.3', { binding: 'HTTP+JSON', version: '0.3', tenant: null }],
  ['needs-credentials', { binding: 'JSONRPC', version: '1.0', tenant: null }],
  ['method-not-found', { binding: 'JSONRPC', version: '1.0', tenant: null }],
  ['wrong-id', { binding: 'JSONRPC', version: '1.0', tenant: null }],
  ['generic-404-json', { binding: 'HTTP+JSON', version: '1.0', tenant: null }],
  ['not-found', { binding: 'JSONRPC', version: '1.0', tenant: null }],
  ['server-error', { binding: 'HTTP+JSON', version: '1.0', tenant: null }],
  ['html-page', { binding: 'JSONRPC', version: '1.0', tenant: null }],
  ['hangs', { binding: 'JSONRPC', version: '1.0', tenant: null }],
];

beforeAll(async () => {
  fetcher = createFetcher({ allowPrivateHosts: ['127.0.0.1'] });
  strictFetcher = createFetcher({ allowPrivateHosts: [] });
  shop = await startShop('agent-ready', {
    routes: Object.fromEntries(mounted.map(([variant]) => [`/agents/${variant}`, { a2a: variant }])),
  });
});
afterAll(async () => {
  await Promise.all([shop.close(), fetcher.close(), strictFetcher.close()]);
});

async function probe(
  variant: A2aEndpointVariant,
  options: { timeoutMs?: number; using?: Fetcher; declaresSecurity?: boolean; version?: string } = {},
) {
  const declared = mounted.find(([name]) => name === variant)![1];
  const session = new FetchSession(options.using ?? fetcher, Date.now() + 30_000);
  const entry = { ...declared, ...(options.version ? { version: options.version } : {}), url: `${shop.origin}/agents/${variant}` };
  return probeInterface(session, entry, {
    timeoutMs: options.timeoutMs ?? 5_000,
    round: 3,
    now: Date.now,
    declaresSecurity: options.declaresSecurity ?? false,
  }).finally(() => session.abort());
}

describe('interfaces on loopback, asked through the guarded fetcher', () => {
  it.each([
    ['jsonrpc', 'as_specified', 'task not found (-32001), as A2A specifies'],
    ['jsonrpc-0.3', 'as_specified', 'task not found (-32001), as A2A specifies'],
    ['rest', 'as_specified', "HTTP 404 with A2A's error object (TASK_NOT_FOUND)"],
    ['rest-0.3', 'as_specified', 'HTTP 404 with a JSON error, as A2A 0.3 specifies'],
    ['needs-credentials', 'undocumented_error', 'HTTP 401: it asks for credentials, but the card declares no securitySchemes'],
    [
      'method-not-found',
      'undocumented_error',
      'method not found (-32601): it does not speak A2A 1.0, the version the card declares for it',
    ],
    ['wrong-id', 'undocumented_error', "a JSON-RPC answer whose id is not the request's"],
    ['generic-404-json', 'undocumented_error', 'HTTP 404 without A2A\'s error object ({"error": {code, message, details}})'],
    ['not-found', 'wrong_answer', 'it answered HTTP 404 with text/html, not JSON'],
    ['server-error', 'server_error', 'it answered HTTP 500'],
    ['html-page', 'wrong_answer', 'it answered HTTP 200 with text/html, not JSON'],
  ] as const)('%s: %s', async (variant, outcome, detail) => {
    const report = await probe(variant);
    expect(report).toMatchObject({ outcome, detail });
  });

  it('sends one read per interface and nothing else: POST to JSON-RPC, GET of the task below HTTP+JSON', async () => {
    const before = shop.received.length;
    await Promise.all([probe('jsonrpc'), probe('rest')]);
    const sent = shop.received.slice(before).map(({ method, path }) => `${method} ${path}`);
    expect(sent.sort()).toEqual([`GET /agents/rest/tasks/${probeTaskId}`, 'POST /agents/jsonrpc']);
  });

  it('takes a 401 as specified where the card declares how to authenticate', async () => {
    expect(await probe('needs-credentials', { declaresSecurity: true })).toMatchObject({ outcome: 'as_specified', status: 401 });
  });

  it('hears from a 1.0 agent that it was asked in the wrong version when the card declares 0.3 for it', async () => {
    expect(await probe('jsonrpc', { version: '0.3' })).toMatchObject({ outcome: 'undocumented_error' });
  });

  it('costs a hanging interface its time-out and no more', async () => {
    const started = Date.now();
    const report = await probe('hangs', { timeoutMs: 600 });
    expect(report).toMatchObject({ outcome: 'no_answer', detail: 'no answer in time', status: null });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an interface on a private address with the scan policy, sending nothing', async () => {
    const before = shop.received.length;
    expect(await probe('jsonrpc', { using: strictFetcher })).toMatchObject({
      outcome: 'refused',
      detail: 'the endpoint leads to an address that is not allowed',
    });
    expect(shop.received.length).toBe(before);
  });
});

async function scanAgentReady(tier: Tier, routes: Record<string, ShopRoute> = {}) {
  const agentReady = await startShop('agent-ready', { routes });
  try {
    const { result } = await scanLoopbackShop(agentReady.origin, fetcher, tier);
    const check = result.checks.find((candidate) => candidate.id === 'a2a_ap2')!;
    const advice = result.recommendations.find((recommendation) => recommendation.checkId === 'a2a_ap2');
    const a2aRequests = agentReady.received.filter(({ path }) => path.startsWith('/a2a'));
    return { origin: agentReady.origin, check, advice, a2aRequests };
  } finally {
    await agentReady.close();
  }
}

describe('a scan drives the interfaces of the agent card', () => {
  it('keeps the pass of a paid scan where the interface answers as A2A says, with the request as evidence', async () => {
    const { origin, check, a2aRequests } = await scanAgentReady('pro');
    expect(check.status).toBe('pass');
    expect(check.evidence).toContainEqual({
      url: `${origin}/a2a`,
      value: 'JSONRPC, A2A 1.0: POST GetTask without credentials → HTTP 200 application/json, task not found (-32001), as A2A specifies',
    });
    expect(a2aRequests.map(({ method }) => method)).toEqual(['POST']);
  });

  it('fails the check where the interface answers with a web page, showing the answer and a fix', async () => {
    const { origin, check, advice } = await scanAgentReady('growth', { '/a2a': { a2a: 'html-page' } });
    expect(check.status).toBe('fail');
    expect(check.summary).toBe(
      `The A2A interface at ${origin}/a2a does not answer as A2A says: asked for a task that does not exist, it answered HTTP 200 with text/html, not JSON, so an agent that follows the agent card gets nowhere.`,
    );
    expect(check.evidence.at(-1)).toEqual({
      url: `${origin}/a2a`,
      value:
        'JSONRPC, A2A 1.0: POST GetTask without credentials → HTTP 200 text/html: <!doctype html><title>Our shopping assistant</title><h1>Chat with us</h1>',
    });
    expect(advice?.title).toBe('Make your A2A interface answer as A2A says');
  });

  it('makes a pass a warning where the interface answers outside A2A shape', async () => {
    const { check } = await scanAgentReady('pro', { '/a2a': { a2a: 'method-not-found' } });
    expect(check.status).toBe('warn');
    expect(check.summary).toMatch(/but its interface at .*\/a2a answers outside A2A's shape \(method not found \(-32601\)/);
  });

  it('never asks on a free scan', async () => {
    const { check, a2aRequests } = await scanAgentReady('free', { '/a2a': { a2a: 'server-error' } });
    expect(check.status).toBe('pass');
    expect(a2aRequests).toEqual([]);
  });
});
