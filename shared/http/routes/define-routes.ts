import type { z } from 'zod';
import { routeIndex, type OperationId, type OperationsOf, type RouteIndex } from '#shared/http/route-index.js';
import type { Family, RateLimitRule, ResponseDef, RouteDef } from '#shared/http/route-types.js';
import { ErrorBody } from '#shared/http/schemas/common-schemas.js';

/** A route's definition without its location, which comes from the route index. */
export type RouteSpec = Omit<RouteDef, 'method' | 'path' | 'family'>;

export type DefinedRoutes<T> = { [K in keyof T & OperationId]: T[K] & RouteIndex[K] & { operationId: K } };

/** One family's full route definitions, each joined with its place in the route index. */
export function defineFamilyRoutes<F extends Family, T extends { [K in OperationsOf<F>]: RouteSpec }>(
  family: F,
  specs: T,
): DefinedRoutes<T> {
  const table: Record<string, RouteDef & { operationId: OperationId }> = {};
  for (const [operationId, spec] of Object.entries(specs) as Array<[OperationId, RouteSpec]>) {
    const location = routeIndex[operationId];
    if (location?.family !== family) throw new Error(`${operationId} is not a ${family} route in the route index`);
    table[operationId] = { ...spec, ...location, operationId };
  }
  return table as unknown as DefinedRoutes<T>;
}

const errorMessages: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid API key',
  403: 'Tier too low or limit reached',
  404: 'Not found',
  409: 'Conflict',
  422: 'The request was understood but what it asks could not be shown (the error says what was found)',
  429: 'Rate limit exceeded (see Retry-After)',
  501: 'Not implemented yet',
  502: 'Upstream failure while scanning the target',
  504: 'Scan exceeded the time limit',
};

export function errorDescription(status: number): string {
  return errorMessages[status] ?? 'Error';
}

export function ok(status: number, description: string, schema?: z.ZodType): Record<number, ResponseDef> {
  return { [status]: { description, ...(schema ? { schema } : {}) } };
}

export function errors(...statuses: number[]): Record<number, ResponseDef> {
  return Object.fromEntries(statuses.map((status) => [status, { description: errorDescription(status), schema: ErrorBody }]));
}

export function perIp(name: string, limit: number, windowSeconds: number): RateLimitRule {
  return { name, per: 'ip', limit, windowSeconds };
}
