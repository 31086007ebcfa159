import { describe, expect, it } from 'vitest';
import { impliedErrorStatuses } from '#shared/http/implied-responses.js';
import { buildOpenApiDocument } from '#shared/http/openapi.js';
import { routes, routeList } from '#shared/http/routes.js';

type Operation = {
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: { $ref?: string } }> }>;
};
const document = buildOpenApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, unknown> };
};
const operationOf = (route: { method: string; path: string }) => document.paths[route.path]![route.method.toLowerCase()]!;

describe('statuses implied by a route’s traits', () => {
  it('are documented on every API operation', () => {
    for (const route of routeList.filter((entry) => entry.family !== 'web' || entry.documented)) {
      const documented = Object.keys(operationOf(route).responses).map(Number);
      expect(documented, route.operationId).toEqual(expect.arrayContaining(impliedErrorStatuses(route)));
    }
  });

  it('follow what the dispatch can answer', () => {
    expect(impliedErrorStatuses(routes.listBatches).sort()).toEqual([400, 401, 403, 429, 503]);
    expect(impliedErrorStatuses(routes.createScan).sort()).toEqual([400, 401, 403, 413, 429, 503]);
    // Outside the monthly allowance, no scope: only a bad credential or the database.
    expect(impliedErrorStatuses(routes.signOut).sort()).toEqual([401, 503]);
    // A raw body is not validated by the dispatch, but it may be too large.
    expect(impliedErrorStatuses(routes.stripeWebhook).sort()).toEqual([413, 503]);
    expect(impliedErrorStatuses(routes.getOpenApi)).toEqual([]);
    expect(impliedErrorStatuses(routes.listPlans)).toEqual([]);
  });

  it('share one response each under components/responses, and a route’s own entry wins', () => {
    expect(operationOf(routes.listScans).responses[413]).toBeUndefined();
    expect(operationOf(routes.createScan).responses[413]).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
    expect(operationOf(routes.listScans).responses[429]).toEqual({ $ref: '#/components/responses/RateLimited' });
    expect(Object.keys(document.components.responses).sort()).toEqual([
      'Conflict',
      'Forbidden',
      'InvalidInput',
      'NotFound',
      'PayloadTooLarge',
      'RateLimited',
      'TimedOut',
      'Unauthorized',
      'Unavailable',
      'UpstreamFailed',
    ]);
    // The alert unsubscribe page answers its 400 as HTML: the route says so, and that stays.
    expect(operationOf(routes.showAlertUnsubscribePage).responses[400]).toEqual({
      description: 'An HTML page: the link is damaged',
      content: { 'text/html': {} },
    });
    expect(operationOf(routes.createBatch).responses[409]!.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/Error');
  });
});
