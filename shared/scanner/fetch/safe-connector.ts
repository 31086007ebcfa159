import { buildConnector } from 'undici';
import { FetchError } from './errors.js';
import { resolveAndCheckHost, systemLookup } from './resolve-host.js';
import type { HostCheck, LookupFn, ResolvedAddress } from './resolve-host.js';
import { isAllowedPrivateHost } from './target-policy.js';
import type { TargetPolicy } from './target-policy.js';

export interface SafeConnectorOptions {
  policy: TargetPolicy;
  lookup?: LookupFn;
  connectTimeoutMs: number;
}

type ConnectCallbackArgs = Parameters<buildConnector.Callback>;

// The URL parser leaves the port empty when it is the scheme's default.
const PUBLIC_PORTS = new Set(['', '80', '443']);

/**
 * An undici connector that checks every connection before its socket opens: the host (IP literal
 * or every address its name resolves to) must be public, and the socket is then opened to the
 * checked IP itself, so no second DNS answer (DNS rebinding) can change where it goes. The
 * original host name still drives TLS SNI and certificate checks (undici derives them from `host`).
 */
export function createSafeConnector(options: SafeConnectorOptions): buildConnector.connector {
  const openSocket = buildConnector({ timeout: options.connectTimeoutMs });
  const lookup = options.lookup ?? systemLookup;

  return (target, callback) => {
    checkTarget(target, options, lookup).then(
      (addresses) => connectToFirstReachable(connectionCandidates(addresses), target, openSocket, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

async function checkTarget(
  target: buildConnector.Options,
  options: SafeConnectorOptions,
  lookup: LookupFn,
): Promise<ResolvedAddress[]> {
  const { hostname, port } = target;
  if (!PUBLIC_PORTS.has(port) && !isAllowedPrivateHost(hostname, options.policy)) {
    throw new FetchError('blocked', `port ${port} refused for ${hostname}`);
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

function connectToFirstReachable(
  candidates: ResolvedAddress[],
  target: buildConnector.Options,
  openSocket: buildConnector.connector,
  callback: buildConnector.Callback,
): void {
  const [candidate, ...rest] = candidates;
  if (!candidate) {
    callback(new FetchError('unreachable', `no address to connect to for ${target.hostname}`), null);
    return;
  }
  try {
    openSocket({ ...target, hostname: candidate.address }, (...result: ConnectCallbackArgs) => {
      if (result[0] !== null && rest.length > 0) {
        connectToFirstReachable(rest, target, openSocket, callback);
        return;
      }
      callback(...result);
    });
  } catch (error) {
    callback(error instanceof Error ? error : new Error(String(error)), null);
  }
}
