import type { z } from 'zod';
import type { ErrorKind } from '#shared/model/errors.js';
import type { Tier } from '#shared/model/tiers.js';
import type { Scope } from '#shared/model/scopes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda function serves each family; workers are separate. */
export const families = [
  'meta',
  'publicScanner',
  'scanner',
  'batch',
  'auth',
  'account',
  'sites',
  'webhooks',
  'billing',
  'web',
  'mcp',
] as const;
export type Family = (typeof families)[number];

export type { Scope };

/** A rolling-window limit: at most `limit` requests per `windowSeconds`, counted per client IP or account. */
export interface RateLimitRule {
  name: string;
  per: 'ip' | 'account' | 'resource';
  limit: number;
  windowSeconds: number;
  /** Failures that give the request's hit back (the caller is not charged for them). */
  refundWhen?: readonly ErrorKind[];
  /** What is counted, for the 429 message ("requests" unless said). */
  counts?: string;
  /**
   * The service's own pages calling from a browser (the dashboard) count in a bucket of their own with this
   * limit, so a user clicking around never uses up what their API clients and MCP have.
   */
  ownPages?: { limit: number };
}

type MediaType = 'application/json' | 'text/html' | 'image/svg+xml' | 'application/http-message-signatures-directory+json';

export interface ResponseDef {
  description: string;
  schema?: z.ZodType;
  /** Several when the answer depends on the request's Accept (the schema then describes the JSON one). */
  contentType?: MediaType | readonly MediaType[];
}

export interface RouteDef {
  method: HttpMethod;
  path: string;
  family: Family;
  summary: string;
  auth: 'none' | 'key';
  scope?: Scope;
  tier?: Tier;
  rateLimit?: RateLimitRule;
  /** Counted after `rateLimit` admits the request, whatever the outcome (never refunded). */
  attemptLimit?: RateLimitRule;
  /**
   * Key routes count against the monthly API-call allowance unless this is false: the routes a user
   * needs to see why everything else answers 429, and to fix it (account, keys, billing).
   */
  metered?: false;
  /**
   * Whether a dashboard session (`sess_…`, what signing in at the key limit gives) may call this key
   * route: 'accepted' as well as an API key, 'only' instead of one (sign-out). Never on a metered route.
   */
  session?: 'accepted' | 'only';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Request headers the handler reads, for the OpenAPI document (dispatch does not check them). */
  headers?: z.ZodObject;
  /** Raw (unparsed) bodies: Stripe signs the exact bytes. */
  rawBody?: boolean;
  /** An empty body is read as `{}`: every field of the body is optional. */
  optionalBody?: boolean;
  /**
   * The handler answers a bad query itself, with a page for people: a repeated parameter reaches it as
   * API Gateway joins it (with commas) instead of being refused by the dispatch.
   */
  queryCheckedByHandler?: true;
  responses: Record<number, ResponseDef>;
  tags: string[];
  /** A web route that is also in the API document: badges, which developers embed. */
  documented?: true;
}

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** HEAD is served by every GET route; API Gateway has a `HEAD <path>` route key for each (lib/constructs/http-api.ts). */
export const methodsOf = (route: Pick<RouteDef, 'method'>): string[] => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]);

/** The route key API Gateway puts in the event for a request of `method` on `route`. */
export function routeKeyFor(method: string, route: Pick<RouteDef, 'method' | 'path'>): string {
  return method.toUpperCase() === 'HEAD' && route.method === 'GET' ? `HEAD ${route.path}` : routeKey(route);
}
