import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { FetchError } from './fetch-error.js';
import { resolveAndCheckHost, systemLookup } from './resolve-host.js';
import type { HostCheck, LookupFn, ResolvedAddress } from './resolve-host.js';
import { isAllowedPrivateHost } from './target-policy.js';
import type { TargetPolicy } from './target-policy.js';

export interface SafeConnectorOptions {
  policy: TargetPolicy;
  lookup?: LookupFn;
  connectTimeoutMs: number;
}

export interface ConnectTarget {
  protocol: 'http:' | 'https:';
  hostname: string;
  /** As the URL has it: empty for the scheme's default. */
  port: string;
}

export type SafeConnector = (target: ConnectTarget) => Promise<Socket>;

// The URL parser leaves the port empty when it is the scheme's default.
const PUBLIC_PORTS = new Set(['', '80', '443']);

/**
 * Opens every connection only after checking it: the host (IP literal or every address its name
 * resolves to) must be public, and the socket is then opened to the checked IP itself, so no second
 * DNS answer (DNS rebinding) can change where it goes. The host name still drives TLS SNI and the
 * certificate check. The whole of it (lookup, TCP, TLS) is bounded by the connect time-out.
 */
export function createSafeConnector(options: SafeConnectorOptions): SafeConnector {
  const lookup = options.lookup ?? systemLookup;
  return async (target) => {
    const started = Date.now();
    const addresses = await checkTarget(target, options, lookup);
    const left = () => Math.max(1, options.connectTimeoutMs - (Date.now() - started));
    return connectToFirstReachable(connectionCandidates(addresses), target, left);
  };
}

async function checkTarget(target: ConnectTarget, options: SafeConnectorOptions, lookup: LookupFn): Promise<ResolvedAddress[]> {
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  if (!PUBLIC_PORTS.has(target.port) && !isAllowedPrivateHost(hostname, options.policy)) {
    throw new FetchError('blocked', `port ${target.port} refused for ${hostname}`);
  }
  const check = await withTimeout(resolveAndCheckHost(hostname, options.policy, lookup), options.connectTimeoutMs);
  if (check.ok) return check.addresses;
  throw hostCheckError(hostname, check);
}

function hostCheckError(hostname: string, check: Exclude<HostCheck, { ok: true }>): FetchError {
  if (check.reason === 'blocked') {
    return new FetchError('blocked', `${hostname} resolves to ${check.address} (${check.range})`);
  }
  return new FetchError('unreachable', `${hostname} could not be resolved`, { cause: check.error });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new FetchError('timeout', `DNS lookup took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// The first address, then the first of the other family: enough to get past a broken IPv6 route
// without turning one fetch into a sweep of every address a name has.
function connectionCandidates(addresses: ResolvedAddress[]): ResolvedAddress[] {
  const [first] = addresses;
  if (!first) return [];
  const other = addresses.find(({ family }) => family !== first.family);
  return other ? [first, other] : [first];
}

async function connectToFirstReachable(candidates: ResolvedAddress[], target: ConnectTarget, timeLeft: () => number): Promise<Socket> {
  let lastError: unknown = new FetchError('unreachable', `no address to connect to for ${target.hostname}`);
  for (const candidate of candidates) {
    try {
      return await openSocket(candidate.address, target, timeLeft());
    } catch (error) {
      lastError = error;
      if (error instanceof FetchError && error.kind === 'timeout') break;
    }
  }
  throw lastError;
}

function openSocket(address: string, target: ConnectTarget, timeoutMs: number): Promise<Socket> {
  const tls = target.protocol === 'https:';
  const port = Number(target.port || (tls ? 443 : 80));
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = tls
      ? tlsConnect({ host: address, port, ...(isIP(hostname) ? {} : { servername: hostname }), ALPNProtocols: ['http/1.1'] })
      : netConnect({ host: address, port });
    const timer = setTimeout(
      () => socket.destroy(new FetchError('timeout', `no connection to ${hostname} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.removeListener('error', done);
      if (error) reject(error);
      else resolve(socket);
    };
    socket.once(tls ? 'secureConnect' : 'connect', () => done());
    socket.once('error', done);
  });
}
