import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { RouteDef } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import { apiVersion } from '#shared/http/api-version.js';
import { eventTypes } from '#shared/model/events.js';
import { deliveryHeaders, webhookEnvelope } from '#shared/http/schemas/webhook-events-schemas.js';
import { impliedErrorStatuses } from '#shared/http/implied-responses.js';
import { errorDescription } from '#shared/http/routes/define-routes.js';
import { ErrorBody } from '#shared/http/schemas/common-schemas.js';
import { RateLimitError } from '#shared/http/schemas/scan-schemas.js';

function describe(route: RouteDef): string {
  const notes: string[] = [];
  if (route.auth === 'key' && route.session !== 'only') notes.push(`Requires an API key with scope \`${route.scope ?? 'any'}\`.`);
  if (route.session === 'accepted')
    notes.push('A dashboard session (`sess_…`, from signing in at the key limit) is accepted instead of a key.');
  if (route.session === 'only') notes.push('Takes a dashboard session (`sess_…`), not an API key.');
  if (route.tier) notes.push(`Requires the ${route.tier} tier or above.`);
  if (route.rateLimit) {
    const { limit, windowSeconds, per, ownPages } = route.rateLimit;
    notes.push(
      `Rate limit: ${limit} requests per ${windowSeconds} seconds (rolling) per ${per === 'resource' ? 'resource' : per}; answers carry RateLimit-Limit and RateLimit-Remaining.`,
    );
    if (ownPages)
      notes.push(`Calls from the service's own pages (\`Sec-Fetch-Site: same-origin\`) count against ${ownPages.limit} of their own.`);
  }
  if (route.attemptLimit) {
    const { limit, windowSeconds, per } = route.attemptLimit;
    notes.push(
      `Every attempt it admits, failed or not, also counts against ${limit} attempts per ${windowSeconds} seconds (rolling) per ${per}; beyond it, 429.`,
    );
  }
  return notes.join(' ');
}

function securityOf(route: RouteDef): Array<Record<string, string[]>> {
  if (route.auth !== 'key') return [];
  if (route.session === 'only') return [{ dashboardSession: [] }];
  return route.session === 'accepted' ? [{ bearerAuth: [] }, { dashboardSession: [] }] : [{ bearerAuth: [] }];
}

function content(schema: RouteDef['body'], contentType: string | readonly string[] = 'application/json') {
  if (typeof contentType !== 'string') {
    return { content: Object.fromEntries(contentType.map((type) => [type, schema && type === 'application/json' ? { schema } : {}])) };
  }
  if (schema) return { content: { [contentType]: { schema } } };
  // An HTML page has no schema, but its media type is still part of what the route answers.
  return contentType === 'application/json' ? {} : { content: { [contentType]: {} } };
}

/** The error answers many routes share, kept once under components/responses and referenced by status. */
const sharedErrors: Record<number, { name: string; description: string; schemaRef: string }> = {
  400: { name: 'InvalidInput', description: errorDescription(400), schemaRef: 'Error' },
  401: { name: 'Unauthorized', description: errorDescription(401), schemaRef: 'Error' },
  403: { name: 'Forbidden', description: errorDescription(403), schemaRef: 'Error' },
  404: { name: 'NotFound', description: errorDescription(404), schemaRef: 'Error' },
  409: { name: 'Conflict', description: errorDescription(409), schemaRef: 'Error' },
  413: { name: 'PayloadTooLarge', description: 'Request body over MAX_REQUEST_BODY_BYTES', schemaRef: 'Error' },
  429: { name: 'RateLimited', description: errorDescription(429), schemaRef: 'RateLimitError' },
  502: { name: 'UpstreamFailed', description: errorDescription(502), schemaRef: 'Error' },
  503: {
    name: 'Unavailable',
    description: 'The database did not answer in time, or a change collided with another; try again (see Retry-After)',
    schemaRef: 'Error',
  },
  504: { name: 'TimedOut', description: errorDescription(504), schemaRef: 'Error' },
};

/** A standard error (as `errors()` makes it) becomes a reference to its shared response. */
function isSharedError(status: number, response: RouteDef['responses'][number]): boolean {
  const shared = sharedErrors[status];
  return (
    shared !== undefined &&
    response.contentType === undefined &&
    response.description === errorDescription(status) &&
    (response.schema === ErrorBody || response.schema === RateLimitError)
  );
}

/** The route's own responses, plus the statuses its traits imply (shared/http/implied-responses.ts). */
function responsesOf(route: RouteDef): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {};
  for (const status of impliedErrorStatuses(route)) responses[status] = { $ref: `#/components/responses/${sharedErrors[status]!.name}` };
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = isSharedError(Number(status), response)
      ? { $ref: `#/components/responses/${sharedErrors[Number(status)]!.name}` }
      : { description: response.description, ...content(response.schema, response.contentType) };
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The OpenAPI 3.1 document, generated from the route table and its zod schemas. */
export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', description: 'An API key' });
  registry.registerComponent('securitySchemes', 'dashboardSession', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A dashboard session (sess_…): what signing in gives an account at its key limit; it lasts DASHBOARD_SESSION_HOURS (12 by default) and works only on the routes that list it',
  });
  for (const shared of Object.values(sharedErrors)) {
    registry.registerComponent('responses', shared.name, {
      description: shared.description,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${shared.schemaRef}` } } },
    });
  }
  // The web pages are for people in a browser, not part of the API; the badges are.
  for (const route of routeList.filter((entry) => entry.family !== 'web' || entry.documented)) {
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: describe(route),
      tags: route.tags,
      security: securityOf(route),
      request: {
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(route.headers ? { headers: route.headers } : {}),
        ...(route.body ? { body: { required: route.optionalBody !== true, content: { 'application/json': { schema: route.body } } } } : {}),
      },
      responses: responsesOf(route),
    });
  }
  for (const type of eventTypes) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `${type}Event`,
      summary: `The ${type} event, posted to endpoints subscribed to it`,
      description:
        'Signed twice: X-Service-Signature is the hex HMAC-SHA256 of the raw body keyed with the whole `whsec_…` secret; the Standard Webhooks headers webhook-id (the event id, the same on every retry), webhook-timestamp and webhook-signature (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the base64-decoded part after `whsec_`). Any 2xx within 10 seconds is success; others are retried for about 20 hours; 410 disables the endpoint.',
      tags: ['Webhooks'],
      // Receivers authenticate deliveries by their signatures, not by a scheme OpenAPI can describe.
      security: [],
      request: { headers: deliveryHeaders, body: { required: true, content: { 'application/json': { schema: webhookEnvelope(type) } } } },
      responses: { 200: { description: 'Received (any 2xx)' } },
    });
  }
  // The shared responses name these schemas by reference: listed here so they are generated even if no route names them itself.
  const generator = new OpenApiGeneratorV31([...registry.definitions, ErrorBody, RateLimitError]);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Agent Commerce Readiness Scanner',
      version: apiVersion,
      description: 'Scores how ready a shop is for AI shopping agents, across six dimensions, with prioritised fixes.',
    },
    servers: [{ url: serverUrl }],
  }) as unknown as Record<string, unknown>;
}
