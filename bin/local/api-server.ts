import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLambdaContext, fromApiGatewayResult, toApiGatewayEvent, writeHttpResult, type HttpResult } from './event-adapter.js';
import { bodyTooLargeMessage } from '#shared/http/parse-request.js';
import { createRouteMatcher } from '#shared/http/route-matcher.js';
import { routeKeyFor, type Family } from '#shared/http/route-types.js';
// The route table reads the configuration as it loads: import this module only once the environment is set.
import { routeList } from '#shared/http/routes.js';
import { answerPreflight } from './cors-preflight.js';
import { httpFunction } from './function-sizing.js';
import { runAsFunction } from './iam/invocation-identity.js';
import type { HttpHandler } from './handler-modules.js';
import { invokeWithDeadline } from './invoke-with-deadline.js';
import { jsonResult } from './json-result.js';
import { handleLocalRoute, localRoutePrefix, type LocalRouteContext } from './local-routes.js';
import type { LocalLog } from './log.js';
import { readBody } from './read-body.js';
import type { RunSweep } from './rescan-sweep.js';

export interface ApiServerOptions {
  port: number;
  handlers: Record<Family, HttpHandler>;
  runSweep: RunSweep;
  billingPages: LocalRouteContext['billing'];
  iamTally: LocalRouteContext['iamTally'];
  /** The gateway's own cap, above the service's MAX_REQUEST_BODY_BYTES, which the handlers enforce. */
  maxBodyBytes: number;
  /** The service's cap, which every 413 names (MAX_REQUEST_BODY_BYTES). */
  serviceBodyLimitBytes: number;
  region: string;
  log: LocalLog;
}

export interface ApiServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How long close() lets in-flight requests finish before cutting their connections. */
const closeGraceMs = 2_000;

/** The dev server: API Gateway's part of the deployed service, in front of the same family handlers. */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const matchRoute = createRouteMatcher(routeList);
  const { handlers, log, region } = options;

  async function invokeFamily(request: IncomingMessage, method: string, path: string, body: Buffer): Promise<HttpResult> {
    const match = matchRoute(method, path);
    // Unknown paths and wrong methods go to API Gateway's `$default` route: the web family answers the HTML
    // 404 page for a page path, else JSON 404/405 (decision 071).
    const family: Family = match.kind === 'found' ? match.route.family : 'web';
    const requestId = randomUUID();
    const event = toApiGatewayEvent(
      { method, url: request.url ?? '/', headers: request.headers, body, sourceIp: peerAddress(request), httpVersion: request.httpVersion },
      {
        routeKey: match.kind === 'found' ? routeKeyFor(method, match.route) : '$default',
        ...(match.kind === 'found' ? { pathParameters: match.pathParameters } : {}),
        requestId,
      },
    );
    const fn = httpFunction(family);
    const outcome = await invokeWithDeadline(
      () => runAsFunction(family, () => handlers[family](event, createLambdaContext({ ...fn, requestId, region }))),
      fn.timeoutMs,
    );
    if (outcome.kind === 'returned') return fromApiGatewayResult(outcome.value);
    if (outcome.kind === 'threw') {
      log.error(`The ${family} handler threw`, outcome.error);
      return jsonResult(500, { error: 'Internal server error' });
    }
    return jsonResult(504, { error: `The ${family} function timed out after ${fn.timeoutMs / 1_000} s` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = (request.method ?? 'GET').toUpperCase();
    const path = (request.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    let status: number;
    if (method === 'OPTIONS') {
      answerPreflight(response);
      status = 204;
    } else {
      const read = await readBody(request, options.maxBodyBytes);
      let result: HttpResult;
      if (read.kind === 'too_large') {
        result = jsonResult(
          413,
          { error: bodyTooLargeMessage(options.serviceBodyLimitBytes) },
          read.drained ? {} : { connection: 'close' },
        );
      } else if (path.startsWith(localRoutePrefix)) {
        const url = new URL(request.url ?? '/', 'http://localhost');
        // The local billing pages stand in for Stripe calling the billing function's webhook.
        result = await runAsFunction('billing', () =>
          handleLocalRoute(method, url, read.body, {
            runSweep: options.runSweep,
            billing: options.billingPages,
            iamTally: options.iamTally,
            log,
          }),
        );
      } else {
        result = await invokeFamily(request, method, path, read.body);
      }
      writeHttpResult(result, response, { omitBody: method === 'HEAD' });
      status = result.statusCode;
    }
    log.info(`${method} ${request.url ?? '/'} → ${status} (${Date.now() - started} ms)`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log.error(`Dev server failed on ${request.method} ${request.url}`, error);
      if (response.headersSent) response.destroy();
      else writeHttpResult(jsonResult(500, { error: 'Internal server error' }), response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), closeGraceMs).unref();
      });
      return closing;
    },
  };
}

/** The socket's peer, as API Gateway reports the client: never a header the client could set. */
function peerAddress(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
