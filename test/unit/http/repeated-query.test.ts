import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/model/errors.js';
import { parseRequest } from '#shared/http/parse-request.js';
import { routes } from '#shared/http/routes.js';
import type { RouteDef } from '#shared/http/route-types.js';
import { apiEvent } from '#test/unit/http/call-route.js';

/** The query a route's handler gets for `?<rawQuery>`, from the event API Gateway builds (repeats joined with commas). */
function queryOf(route: RouteDef, rawQuery: string): unknown {
  const joined: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQuery)) joined[name] = name in joined ? `${joined[name]},${value}` : value;
  const event = { ...apiEvent({ method: route.method, path: route.path, query: joined }), rawQueryString: rawQuery };
  return parseRequest(event, route, {}, 65_536).query;
}

describe('repeated query parameters', () => {
  it('are refused by name when the route reads them', () => {
    expect(() => queryOf(routes.listScans, 'limit=5&limit=50')).toThrow(
      new AppError('invalid_input', 'limit: query parameter given more than once'),
    );
  });

  it('are ignored when the route does not read them (a mail client’s tracking tags)', () => {
    expect(queryOf(routes.listScans, 'utm_source=mail&limit=5&utm_source=again')).toEqual({ limit: 5, offset: 0 });
    expect(queryOf(routes.unsubscribeAlerts, 'token=abc&utm=a&utm=b')).toEqual({ token: 'abc' });
  });

  it('reach the handler joined on a route that answers a bad query with its own page', () => {
    // The alert unsubscribe page says "the link is damaged" (HTML) rather than a JSON validation message.
    expect(queryOf(routes.showAlertUnsubscribePage, 'token=abc&token=def')).toEqual({ token: 'abc,def' });
    expect(() => queryOf(routes.unsubscribeAlerts, 'token=abc&token=def')).toThrow(/token: query parameter given more than once/);
  });
});
