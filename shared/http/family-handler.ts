import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { getConfig, type Config } from '#shared/config.js';
import {
  composeDependencies,
  type BaseDependencies,
  type Composed,
  type Dependencies,
  type DependencyParts,
} from '#shared/dependencies.js';
import { authorize } from '#shared/use-cases/accounts/authenticate.js';
import { AppError, forbidden } from '#shared/model/errors.js';
import { tierAtLeast } from '#shared/model/tiers.js';
import type { ApiRequest, ApiResponse, OperationHandler } from '#shared/http/api-types.js';
import { compressResult } from '#shared/http/compress-result.js';
import { clientAddress } from '#shared/http/client-address.js';
import { corsPolicy } from '#shared/http/cors.js';
import { errorResponse } from '#shared/http/error-response.js';
import { headersOf, parseRequest } from '#shared/http/parse-request.js';
import { wantsNotFoundPage } from '#shared/http/not-found-choice.js';
import { allowanceHeaders, withRateLimits, type Allowance } from '#shared/http/rate-limit-step.js';
import { createRouteMatcher } from '#shared/http/route-matcher.js';
import { routeKeyFor, type Family, type RouteDef } from '#shared/http/route-types.js';
import { routeLocations, type OperationId, type OperationsOf } from '#shared/http/route-index.js';
import type { Routes } from '#shared/http/routes.js';
import { withSecurityHeaders } from '#shared/http/security-headers.js';
import { toResult } from '#shared/http/to-result.js';

/** A family's operations, each given `D`: the dependencies its function was built with. */
export type FamilyHandlers<F extends Family, D = Dependencies> = { [K in OperationsOf<F>]?: OperationHandler<Routes[K], D> };

/**
 * What dispatching a family's requests reads besides its operations: the table (rate limits, keys and
 * sessions) and, for a family with a route that takes a key, the key pepper.
 */
export type FamilyParts<F extends Family> = Pick<Dependencies, 'table'> &
  ('key' extends Routes[OperationsOf<F>]['auth'] ? Pick<Dependencies, 'keyPepper'> : unknown);

/** The dependencies a family's dispatch needs. */
export type FamilyDependencies<F extends Family> = BaseDependencies & FamilyParts<F>;

/** One family's full route definitions (shared/http/routes/<family>.ts). */
export type FamilyRouteTable<F extends Family> = { [K in OperationsOf<F>]: RouteDef & { operationId: K } };

/** What one function serves: its family, the family's routes and the operations built so far. */
export interface FamilyApi<F extends Family, D = Dependencies> {
  family: F;
  routes: FamilyRouteTable<F>;
  operations: FamilyHandlers<F, D>;
  /** The HTML page for a page path no route matches (the function behind API Gateway's `$default`). */
  notFoundPage?: () => ApiResponse;
}

/** No route matches the path: unlike an operation's own 404, a page path may answer with a page. */
class RouteNotFound extends AppError {}

type TableRoute = RouteDef & { operationId: OperationId };

// Every route's location, so a request for another family's path or method still gets the right 404/405.
const matchRoute = createRouteMatcher(routeLocations);

function resolveRoute(
  event: APIGatewayProxyEventV2,
  family: Family,
  routes: Partial<Record<OperationId, TableRoute>>,
): { route: TableRoute; pathParameters: Record<string, string> } {
  const match = matchRoute(event.requestContext.http.method, event.rawPath);
  if (match.kind === 'method_not_allowed') {
    throw new AppError('method_not_allowed', `Method ${event.requestContext.http.method} not allowed on ${event.rawPath}`, {
      allow: match.allow,
    });
  }
  const routedHere = match.kind === 'found' && match.route.family === family;
  const keyAgrees =
    event.routeKey === '$default' ||
    (match.kind === 'found' && routeKeyFor(event.requestContext.http.method, match.route) === event.routeKey);
  if (match.kind === 'not_found' || !routedHere || !keyAgrees) {
    throw new RouteNotFound('not_found', `No route for ${event.requestContext.http.method} ${event.rawPath}`);
  }
  return { route: routes[match.route.operationId]!, pathParameters: match.pathParameters };
}

/**
 * A family's dependencies when it serves a route that takes a key: `FamilyParts` demands the key pepper
 * of every such family, which the compiler cannot connect to the route just matched.
 */
function keyed<D extends BaseDependencies & Pick<Dependencies, 'table'>>(deps: D): D & Pick<Dependencies, 'keyPepper'> {
  return deps as D & Pick<Dependencies, 'keyPepper'>;
}

/** Resolves, validates, rate-limits and runs one request. Never called for routes of another family. */
export async function dispatch<F extends Family, D extends FamilyDependencies<F>>(
  event: APIGatewayProxyEventV2,
  api: FamilyApi<F, D>,
  deps: D,
  timeLeftMs?: () => number,
): Promise<ApiResponse> {
  const { route, pathParameters } = resolveRoute(event, api.family, api.routes);
  // Who is asking comes first: without a valid key nothing else about the request is disclosed.
  const caller = route.auth === 'key' ? await authorize(headersOf(event).authorization, route, keyed(deps)) : null;
  // Input is validated against the route's contract even before the route is built, so clients see
  // the same 400s on day one as later.
  const request: ApiRequest = {
    ...parseRequest(event, route, pathParameters, deps.config.maxRequestBodyBytes),
    sourceIp: clientAddress(event, deps.config.edgeOriginSecret),
    caller,
    ...(timeLeftMs ? { timeLeftMs } : {}),
  };
  const handler = (api.operations as Record<string, OperationHandler<RouteDef, D> | undefined>)[route.operationId];
  if (!handler) throw new AppError('not_implemented', 'not implemented');
  if (route.tier && caller && !tierAtLeast(caller.tier, route.tier)) {
    throw forbidden(`This endpoint needs the ${route.tier} tier or above; this account is on ${caller.tier}`);
  }
  let allowance: Allowance | undefined;
  const response = await withRateLimits(
    route,
    request,
    deps,
    () => handler(request, deps),
    (admitted) => (allowance = admitted),
  );
  return allowance ? { ...response, headers: { ...response.headers, ...allowanceHeaders(allowance) } } : response;
}

/**
 * Runs one request and always produces a response: errors become `{"error"}` with their status.
 * `timeLeftMs` (the invocation's remaining time) lets an operation that waits on others, such as a
 * webhook test, answer before the function's deadline.
 */
export async function respond<F extends Family, D extends FamilyDependencies<F>>(
  event: APIGatewayProxyEventV2,
  api: FamilyApi<F, D>,
  deps: D,
  timeLeftMs?: () => number,
): Promise<APIGatewayProxyStructuredResultV2> {
  let response: ApiResponse;
  try {
    response = await dispatch(event, api, deps, timeLeftMs);
  } catch (error) {
    const page =
      error instanceof RouteNotFound &&
      api.notFoundPage &&
      wantsNotFoundPage(event.requestContext.http.method, event.rawPath, headersOf(event).accept);
    response = page && api.notFoundPage ? api.notFoundPage() : errorResponse(error, deps.logger);
  }
  const result = withSecurityHeaders(
    compressResult(toResult(response, event.requestContext.requestId), headersOf(event)['accept-encoding']),
  );
  return event.requestContext.http.method.toUpperCase() === 'HEAD' ? withoutBody(result) : result;
}

/** A HEAD answer: the GET's status and headers, with the length of the body it leaves out. */
function withoutBody(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const { body, isBase64Encoded, ...rest } = result;
  const length = body === undefined ? 0 : Buffer.byteLength(body, isBase64Encoded ? 'base64' : 'utf8');
  return { ...rest, headers: { ...rest.headers, 'content-length': String(length) } };
}

/**
 * The Lambda entry of one route family: the shared middy stack around `respond`, with the dependencies
 * `wire` builds for this function alone (once per container).
 */
export function createFamilyHandler<F extends Family, P extends DependencyParts & FamilyParts<F>>(
  api: FamilyApi<F, Composed<P>>,
  wire: (config: Config) => P,
) {
  const config = getConfig();
  // Composed<P> keeps every part of P (optional parts optional), so it has the family's parts P was checked for;
  // the compiler does not follow a generic P through Composed's mapping.
  const deps = composeDependencies(config, wire(config)) as Composed<P> & FamilyDependencies<F>;
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(deps.logger, { resetKeys: true }))
    .use(httpHeaderNormalizer())
    .use(
      httpCors({
        origin: corsPolicy.allowOrigins.join(','),
        headers: corsPolicy.allowHeaders.join(','),
        methods: corsPolicy.allowMethods.join(','),
        exposeHeaders: corsPolicy.exposeHeaders.join(','),
        maxAge: corsPolicy.maxAgeSeconds,
      }),
    )
    .handler(async (event, context) => {
      deps.logger.appendKeys({ requestId: event.requestContext.requestId, routeKey: event.routeKey });
      const timeLeftMs = typeof context?.getRemainingTimeInMillis === 'function' ? () => context.getRemainingTimeInMillis() : undefined;
      return respond(event, api, deps, timeLeftMs);
    });
}
