import { describe, expect, it } from 'vitest';
import { routeKey } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import { callRoute, sampleBodyFor, validRequestFor } from '#test/unit/http/call-route.js';

/** Every route of the spec and the design is built: none answers 501 to a valid request any more. */
describe('every route is served', () => {
  it('has a valid sample request for each route with a body, so the check below is not a 400 in disguise', () => {
    for (const route of routeList.filter((r) => r.body && !r.rawBody)) {
      expect(route.body?.safeParse(sampleBodyFor(route)).success, routeKey(route)).toBe(true);
    }
  });

  it('answers no valid request with 501', async () => {
    const at501: string[] = [];
    for (const route of routeList) {
      const response = await callRoute(route, validRequestFor(route));
      if (response.statusCode === 501) at501.push(routeKey(route));
    }
    expect(at501).toEqual([]);
  });
});
