import type { RouteDef } from '#shared/http/route-types.js';

/**
 * The error statuses the shared dispatch (shared/http/family-handler.ts) can answer for a route, read
 * from its traits rather than listed by hand, so the OpenAPI document names every status a route
 * really answers (docs/decisions/004-documented-statuses.md):
 * - 400: its body, path or query is validated;
 * - 401: it takes a key; 403: the key needs a scope or the account a tier;
 * - 413: it takes a body (POST, PUT, PATCH) and the body is over MAX_REQUEST_BODY_BYTES;
 * - 429: a rolling limit, an attempt limit, or the monthly allowance (a metered key route);
 * - 503: it reads or writes the database (a key, a limit, an id, a query or a body), which may not answer.
 * A route's own entry for a status (a more precise description) wins over the implied one.
 */
export function impliedErrorStatuses(route: RouteDef): number[] {
  const statuses = new Set<number>();
  const takesKey = route.auth === 'key';
  const validated = (route.body !== undefined && route.rawBody !== true) || route.params !== undefined || route.query !== undefined;
  const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const limited = route.rateLimit !== undefined || route.attemptLimit !== undefined || (takesKey && route.metered !== false);
  const usesDatabase = takesKey || limited || validated || route.body !== undefined || route.rawBody === true;
  if (validated) statuses.add(400);
  if (takesKey) statuses.add(401);
  if (takesKey && (route.scope !== undefined || route.tier !== undefined)) statuses.add(403);
  if (takesBody) statuses.add(413);
  if (limited) statuses.add(429);
  if (usesDatabase) statuses.add(503);
  return [...statuses];
}
