import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
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
 * Node's keep-alive agent, with every new connection opened by the checked connector (the sockets it
 * pools are to checked addresses only).
 */
function checkedAgent<A extends typeof HttpAgent | typeof HttpsAgent>(
  Base: A,
  protocol: 'http:' | 'https:',
  connect: SafeConnector,
): InstanceType<A> {
  // A scan's first round asks one host for its page twice (signed and not) and the fixed set of site files at
  // once (shared/scanner/site-files.ts, 16 today): room for all of them, or the last ones wait a round trip.
  const agent = new Base({ keepAlive: true, maxSockets: 20 }) as InstanceType<A>;
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
 * The one client every outbound request (scans, webhooks) goes through, on Node's own http and https:
 * no redirects are followed (callers re-validate each Location themselves, see createFetcher).
 */
export function createSafeDispatcher(options: SafeDispatcherOptions): SafeDispatcher {
  const timeouts = resolveTimeouts(DEFAULT_TIMEOUTS, options.timeouts);
  const connect = createSafeConnector({ policy: options.policy, lookup: options.lookup, connectTimeoutMs: timeouts.connectMs });
  const agents = { 'http:': checkedAgent(HttpAgent, 'http:', connect), 'https:': checkedAgent(HttpsAgent, 'https:', connect) };

  let closed = false;
  return {
    request: (request) =>
      new Promise<SafeResponse>((resolve, reject) => {
        if (closed) {
          reject(new Error('The dispatcher is closed'));
          return;
        }
        const url = new URL(request.path, request.origin);
        const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
        const send = protocol === 'https:' ? httpsRequest : httpRequest;
        const headersTimeout = request.headersTimeout ?? timeouts.headersMs;
        const outgoing = send(url, {
          method: request.method,
          headers: request.headers ?? {},
          agent: agents[protocol],
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
          reject(error);
        });
        outgoing.end(request.body);
      }),
    destroy: async () => {
      closed = true;
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
