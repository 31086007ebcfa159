import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routes, routeList } from '#shared/http/routes.js';
import { routeKey } from '#shared/http/route-types.js';
import { apiEvent, callRoute, familyApi, unitDependencies, unitTable } from '#test/unit/http/call-route.js';
import { respond } from '#shared/http/family-handler.js';

const json = (body: string | undefined) => JSON.parse(body ?? 'null') as Record<string, unknown>;

describe('request dispatch', () => {
  it('answers malformed JSON with 400 on every route that takes a JSON body', async () => {
    const jsonRoutes = routeList.filter((route) => route.body && !route.rawBody);
    expect(jsonRoutes.length).toBeGreaterThan(10);
    for (const route of jsonRoutes) {
      const response = await callRoute(route, { body: '{"url": "https://example.com",' });
      expect(response.statusCode, routeKey(route)).toBe(400);
      expect(json(response.body), routeKey(route)).toEqual({ error: 'Malformed JSON in request body' });
    }
  });

  it('names the missing or wrong field', async () => {
    const missing = await callRoute({ ...routes.createPublicScan, operationId: 'createPublicScan' }, { body: '{}' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing.body).error).toBe('url: is required');
    const wrongType = await callRoute({ ...routes.createApiKey, operationId: 'createApiKey' }, { body: '{"label": 42}' });
    expect(json(wrongType.body).error).toMatch(/^label: /);
    const tooLong = await callRoute(
      { ...routes.createApiKey, operationId: 'createApiKey' },
      { body: JSON.stringify({ label: 'é'.repeat(101) }) },
    );
    expect(json(tooLong.body).error).toBe('label: must be at most 100 characters');
    const notObject = await callRoute({ ...routes.createPublicScan, operationId: 'createPublicScan' }, { body: '[1,2]' });
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses an empty body where one is required', async () => {
    const response = await callRoute({ ...routes.register, operationId: 'register' }, { body: '' });
    expect(response.statusCode).toBe(400);
    expect(json(response.body).error).toBe('Request body is required (JSON)');
  });

  it('refuses bodies over the size limit with 413 before parsing them', async () => {
    const deps = unitDependencies();
    const body = JSON.stringify({ url: `https://example.com/${'a'.repeat(deps.config.maxRequestBodyBytes)}` });
    const response = await callRoute({ ...routes.createPublicScan, operationId: 'createPublicScan' }, { body }, deps);
    expect(response.statusCode).toBe(413);
    expect(json(response.body).error).toMatch(/exceeds/);
  });

  it('answers an invalid UUID in the path with 400', async () => {
    const response = await callRoute({ ...routes.getPublicResult, operationId: 'getPublicResult' }, { path: '/api/results/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(json(response.body)).toEqual({ error: 'Invalid id: must be a UUID' });
  });

  it('answers unknown paths with 404 and wrong methods with 405 and Allow', async () => {
    const deps = unitDependencies();
    const unknown = await respond(apiEvent({ method: 'GET', path: '/api/nope' }), familyApi('meta'), deps);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown.body as string).error).toBe('No route for GET /api/nope');
    const wrongMethod = await respond(apiEvent({ method: 'DELETE', path: '/api/v1/account/api-keys' }), familyApi('meta'), deps);
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers?.allow).toBe('GET, HEAD, POST');
  });

  it('answers 429 with Retry-After when the window is full', async () => {
    // 100 hits in the minute bucket that ended 3 s ago: it leaves the hour's window 3,597 s from now.
    const bucket = Math.floor(Date.now() / 60_000);
    const now = (bucket + 1) * 60_000 + 3_000;
    const fullWindow = { send: async () => ({ Item: { head: bucket, [`b${bucket}`]: 100 } }) } as unknown as DynamoDBDocumentClient;
    const deps = unitDependencies({ table: unitTable(fullWindow), clock: { now: () => now } });
    const response = await callRoute({ ...routes.getPricing, operationId: 'getPricing' }, {}, deps);
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['retry-after']).toBe(String(3_600 - 3));
    expect(json(response.body)).toEqual({ error: 'Rate limit exceeded: 100 requests per hour', retryAfterSeconds: 3_597 });
  });

  it('sends JSON with no-store caching and the request id by default', async () => {
    const response = await callRoute({ ...routes.getPublicResult, operationId: 'getPublicResult' }, { path: '/api/results/x' });
    expect(response.headers?.['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers?.['cache-control']).toBe('no-store');
    expect(response.headers?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns an unexpected failure into a 500 that leaks nothing', async () => {
    const broken = { send: async () => Promise.reject(new Error('secret connection string')) } as unknown as DynamoDBDocumentClient;
    const response = await callRoute(
      { ...routes.getPricing, operationId: 'getPricing' },
      {},
      unitDependencies({ table: unitTable(broken) }),
    );
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"error":"Internal server error"}');
  });
});
