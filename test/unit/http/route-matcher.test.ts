import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '#shared/http/route-matcher.js';
import { routeLocations } from '#shared/http/route-index.js';
import { routeList } from '#shared/http/routes.js';

describe('route matching', () => {
  it('takes a literal segment over a variable one, whatever the order of the table', () => {
    const table = [
      { method: 'GET', path: '/items/{id}', operationId: 'get' },
      { method: 'PATCH', path: '/items/{id}', operationId: 'patch' },
      { method: 'GET', path: '/items/compare', operationId: 'compare' },
    ] as const;
    for (const order of [table, [...table].reverse()]) {
      const match = createRouteMatcher(order);
      expect(match('GET', '/items/compare')).toMatchObject({ kind: 'found', route: { operationId: 'compare' }, pathParameters: {} });
      expect(match('GET', '/items/42')).toMatchObject({ kind: 'found', route: { operationId: 'get' }, pathParameters: { id: '42' } });
      // Another method on the literal path falls through to the variable route, as in API Gateway.
      expect(match('PATCH', '/items/compare')).toMatchObject({ kind: 'found', route: { operationId: 'patch' } });
    }
  });

  it('routes /api/v1/watched-sites/compare to the comparison in both of the service’s tables', () => {
    for (const table of [routeLocations, routeList]) {
      expect(createRouteMatcher(table)('GET', '/api/v1/watched-sites/compare')).toMatchObject({
        kind: 'found',
        route: { operationId: 'compareWatchedSites' },
      });
    }
  });
});
