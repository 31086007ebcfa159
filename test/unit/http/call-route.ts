import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '#shared/config.js';
import { createDependencies } from '#shared/all-dependencies.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Queue } from '#shared/adapters/queue.js';
import { signedInTable, unitCallerKey, unitPepper } from '#test/unit/http/signed-in-table.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { FetchError } from '#shared/outbound/fetch-error.js';
import type { Fetcher } from '#shared/outbound/types.js';
import { respond, type FamilyApi, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Family, RouteDef } from '#shared/http/route-types.js';
import { familyRoutes, type OperationId } from '#shared/http/routes.js';
import { operations as account } from '#functions/http/account.js';
import { operations as auth } from '#functions/http/auth.js';
import { operations as batch } from '#functions/http/batch.js';
import { operations as billing } from '#functions/http/billing.js';
import { operations as meta } from '#functions/http/meta.js';
import { operations as publicScanner } from '#functions/http/public-scanner.js';
import { operations as scanner } from '#functions/http/scanner.js';
import { operations as sites } from '#functions/http/sites.js';
import { operations as webhooks } from '#functions/http/webhooks.js';
import { operations as web } from '#functions/http/web.js';
import { operations as mcp } from '#functions/http/mcp.js';
import { bindTable, type Table } from '#shared/db/table.js';

export const familyOperations: { [F in Family]: FamilyHandlers<F> } = {
  account,
  auth,
  batch,
  billing,
  meta,
  publicScanner,
  scanner,
  sites,
  webhooks,
  web,
  mcp,
};

/** What the family's function serves, as its entry point (functions/http) puts it together. */
export function familyApi<F extends Family>(family: F): FamilyApi<F> {
  return { family, routes: familyRoutes[family] as FamilyApi<F>['routes'], operations: familyOperations[family] };
}

/** A table that is always empty and accepts every write: enough for routes whose only I/O is a rate limit. */
export const emptyTable = { send: async () => ({}) } as unknown as DynamoDBDocumentClient;
/** A stub client bound as the configured table, for `table:` in unit dependencies. */
export const unitTable = (client: DynamoDBDocumentClient): Table => bindTable(client, loadConfig({}).tableName);
/** No network in unit tests: every outbound request fails as an unreachable host would. */
export const offlineFetcher: Fetcher = {
  fetch: async (url) => Promise.reject(new FetchError('unreachable', 'offline in unit tests', { url })),
  close: async () => undefined,
};
/** …and every host name fails to resolve, as it would with no DNS. */
export const offlineLookup: LookupFn = (hostname) =>
  Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
const idleQueue: Queue = {
  send: async () => undefined,
  sendMany: async () => undefined,
  retryLater: async () => undefined,
  ping: async () => undefined,
};

export function unitDependencies(overrides: Partial<Dependencies> = {}): Dependencies {
  return createDependencies(overrides.config ?? loadConfig({}), {
    table: unitTable(signedInTable()),
    queue: idleQueue,
    mailer: { send: async () => undefined },
    keyPepper: async () => unitPepper,
    fetcher: offlineFetcher,
    lookup: offlineLookup,
    logger: new Logger({ logLevel: 'SILENT' }),
    ...overrides,
  });
}

export interface TestRequest {
  /** Key routes get `Authorization: Bearer <the unit caller's key>` unless this is set or headers carry one. */
  anonymous?: boolean;
  method?: string;
  path?: string;
  routeKey?: string;
  body?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  sourceIp?: string;
}

export function apiEvent(request: TestRequest & { method: string; path: string }): APIGatewayProxyEventV2 {
  const rawQueryString = new URLSearchParams(request.query ?? {}).toString();
  return {
    version: '2.0',
    routeKey: request.routeKey ?? '$default',
    rawPath: request.path,
    rawQueryString,
    headers: { 'content-type': 'application/json', ...request.headers },
    ...(request.query ? { queryStringParameters: request.query } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: request.path,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '192.0.2.10',
        userAgent: 'vitest',
      },
      requestId: crypto.randomUUID(),
      routeKey: request.routeKey ?? '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(request.body !== undefined ? { body: request.body } : {}),
    isBase64Encoded: false,
  };
}

/** Sends a request through the family's real dispatch, as API Gateway would route it. */
export async function callRoute(
  route: RouteDef & { operationId: OperationId },
  request: TestRequest = {},
  deps: Dependencies = unitDependencies(),
): Promise<APIGatewayProxyStructuredResultV2 & { body?: string }> {
  const path = request.path ?? route.path.replaceAll('{id}', crypto.randomUUID()).replaceAll('{thresholdId}', crypto.randomUUID());
  const signIn = route.auth === 'key' && !request.anonymous && request.headers?.authorization === undefined;
  const headers = signIn ? { ...request.headers, authorization: `Bearer ${unitCallerKey}` } : request.headers;
  const event = apiEvent({
    ...request,
    ...(headers ? { headers } : {}),
    method: request.method ?? route.method,
    path,
    routeKey: request.routeKey ?? `${route.method} ${route.path}`,
  });
  const family = route.family;
  return respond(event, familyApi(family), deps);
}

const sampleBodies: Partial<Record<OperationId, unknown>> = {
  createPublicScan: { url: 'https://shop.example.com' },
  createScan: { url: 'https://shop.example.com' },
  recheckScan: { checks: ['llms_txt'] },
  createBatch: { urls: ['https://shop.example.com'], label: 'Weekly' },
  register: { email: 'owner@shop.example.com' },
  verifySignIn: { token: 'a'.repeat(43) },
  subscribe: { tier: 'pro' },
  previewUpgrade: { tier: 'growth' },
  createApiKey: { label: 'CI pipeline' },
  addWatchedSite: { url: 'https://shop.example.com' },
  addAccountWatchedSite: { url: 'https://shop.example.com' },
  patchWatchedSite: { label: 'Main shop' },
  patchAccountWatchedSite: { label: 'Main shop' },
  putThresholds: { min: 40, max: 90, notify: true },
  createSiteThreshold: { condition: 'drops_below', value: 60 },
  driveSiteCheckout: { weekly: true },
  putSiteAcpCredential: { token: 'acp_merchant_token_123' },
  updateSiteThreshold: { value: 55 },
  createWebhook: { url: 'https://hooks.example.com/readiness', events: ['score_change'] },
  createAccountWebhook: { url: 'https://hooks.example.com/readiness', events: ['score_change'] },
  stripeWebhook: { id: 'evt_test', type: 'ping' },
  callMcp: { jsonrpc: '2.0', id: 1, method: 'ping' },
};

export function sampleBodyFor(route: { operationId: OperationId }): unknown {
  return sampleBodies[route.operationId];
}

export function validRequestFor(route: RouteDef & { operationId: OperationId }): TestRequest {
  const body = sampleBodyFor(route);
  return body === undefined ? {} : { body: JSON.stringify(body) };
}
