import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routeList } from '#shared/http/routes.js';
import { callApi, fillPath } from './support/http.js';

const routesWithBody = routeList.filter((route) => route.body !== undefined);

describe('malformed JSON', () => {
  it('covers every route of the table that takes a JSON body', () => {
    expect(routesWithBody.length).toBeGreaterThan(10);
  });

  // Routes not built yet answer 501 for valid input, but input is validated first, so 400 here.
  // Routes with auth 'key' may answer 401 first once authentication lands.
  it.each(routesWithBody.map((route) => [`${route.method} ${route.path}`, route] as const))('%s answers 400 {"error"}', async (_name, route) => {
    const response = await callApi(fillPath(route.path, randomUUID()), {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      body: '{"url": "https://shop.example", ',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
  });
});
