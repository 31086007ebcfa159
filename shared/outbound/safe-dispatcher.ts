import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { FetchError } from './fetch-error.js';
import type { LookupFn } from './resolve-host.js';
import { createSafeConnector, type SafeConnector } from './safe-connector.js';
import type { TargetPolicy } from './target-policy.js';
import { DEFAULT_TIMEOUTS, resolveTimeouts } from './timeouts.js';
import type { Timeouts } from './timeouts.js';

export interface SafeDispatcherOptions {
  policy: TargetPolicy;
  lookup?: LookupFn;
  timeouts?: Partial<Timeouts>;
}

export interface SafeRequest {
  /** `http://host[:port]` */
  origin: string;
  path: string;
  method: string;
  headers?: Record<string, string>;
  /** Sent as is (webhook deliveries); scans send none. */
  body?: string;
  signal?: AbortSignal;
  /** From sending the request until its response headers are complete. */
  headersTimeout?: number;
  /**
   * The request may be sent again, once, when the pooled connection it went out on was closed idle
   * (see closedWhileIdle). GET and HEAD always may; another method only when its receiver dedupes it.
   */
  repeatable?: boolean;
}

export interface SafeResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

export interface SafeDispatcher {
  request(options: SafeRequest): Promise<SafeResponse>;
  destroy(): Promise<void>;
}

type ConnectionOptions = { host?: string | null; hostname?: string | null; port?: number | string | null };
type ConnectionCallback = (error: Error | null, socket: Socket) => void;

/**
 * Node's agent, with every new connection opened by the checked connector (the sockets it pools are to
 * checked addresses only). `pooled: false` opens a connection for every request and keeps none.
 */
function checkedAgent<A extends typeof HttpAgent | typeof HttpsAgent>(
  Base: A,
  protocol: 'http:' | 'https:',
  connect: SafeConnector,
  pooled = true,
): InstanceType<A> {
  // A scan's first round asks one host for its page twice (signed and not) and the fixed set of site files at
  // once (shared/scanner/site-files.ts, 16 today): room for all of them, or the last ones wait a round trip.
  const agent = new Base({ keepAlive: pooled, maxSockets: 20 }) as InstanceType<A>;
  (agent as unknown as { createConnection: (options: ConnectionOptions, callback: ConnectionCallback) => undefined }).createConnection = (
    options,
    callback,
  ) => {
    const hostname = String(options.hostname ?? options.host ?? '');
    const port = options.port === undefined || options.port === null ? '' : String(options.port);
    const defaultPort = protocol === 'https:' ? '443' : '80';
    connect({ protocol, hostname, port: port === defaultPort ? '' : port }).then(
      (socket) => callback(null, socket),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), undefined as unknown as Socket),
    );
    return undefined;
  };
  return agent;
}

/**
 * A pooled connection the server closed while it sat idle, met by the next request before any answer:
 * the keep-alive race every HTTP client has (a server's idle time-out and a reuse cross on the wire,
 * likelier when either side is slow). Node's agent does not heed a server's Keep-Alive hint unless it
 * has a time-out of its own. A GET or HEAD is idempotent, so it is sent again, once, on a new
 * connection, as browsers do; another method only when the caller says it may be (`repeatable`).
 */
function closedWhileIdle(outgoing: ClientRequest, error: Error, request: SafeRequest): boolean {
  if (!outgoing.reusedSocket || request.signal?.aborted) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.repeatable !== true) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * The one client every outbound request (scans, webhooks) goes through, on Node's own http and https:
 * no redirects are followed (callers re-validate each Location themselves, see createFetcher).
 */
export function createSafeDispatcher(options: SafeDispatcherOptions): SafeDispatcher {
  const timeouts = resolveTimeouts(DEFAULT_TIMEOUTS, options.timeouts);
  const connect = createSafeConnector({ policy: options.policy, lookup: options.lookup, connectTimeoutMs: timeouts.connectMs });
  const agents = { 'http:': checkedAgent(HttpAgent, 'http:', connect), 'https:': checkedAgent(HttpsAgent, 'https:', connect) };
  // A request sent again after a stale pooled connection goes out on a new one: the pool may hold more stale ones.
  const fresh = { 'http:': checkedAgent(HttpAgent, 'http:', connect, false), 'https:': checkedAgent(HttpsAgent, 'https:', connect, false) };

  let closed = false;
  const send = (request: SafeRequest, firstTry: boolean): Promise<SafeResponse> =>
    new Promise<SafeResponse>((resolve, reject) => {
      if (closed) {
        reject(new Error('The dispatcher is closed'));
        return;
      }
      const url = new URL(request.path, request.origin);
      const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
      const open = protocol === 'https:' ? httpsRequest : httpRequest;
      const headersTimeout = request.headersTimeout ?? timeouts.headersMs;
      const outgoing = open(url, {
        method: request.method,
        headers: request.headers ?? {},
        agent: (firstTry ? agents : fresh)[protocol],
        ...(request.signal ? { signal: request.signal } : {}),
      });
      const timer = setTimeout(
        () => outgoing.destroy(new FetchError('timeout', `no response headers within ${headersTimeout} ms`)),
        headersTimeout,
      );
      outgoing.once('response', (response) => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
      });
      outgoing.once('error', (error) => {
        clearTimeout(timer);
        if (firstTry && closedWhileIdle(outgoing, error, request)) resolve(send(request, false));
        else reject(error);
      });
      outgoing.end(request.body);
    });
  return {
    request: (request) => send(request, true),
    destroy: async () => {
      closed = true;
      for (const agent of [agents['http:'], agents['https:'], fresh['http:'], fresh['https:']]) agent.destroy();
    },
  };
}
