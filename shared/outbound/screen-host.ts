import { isIP } from 'node:net';
import { resolveAndCheckHost, systemLookup, type LookupFn } from './resolve-host.js';
import { normalizeHost, type TargetPolicy } from './target-policy.js';

/** What resolving a URL's host while validating it found; messages are safe to return in a 400. */
export type HostScreen = { ok: true } | { ok: false; reason: 'blocked' | 'unresolvable' | 'timed_out'; message: string };

/**
 * Resolves a host the way the connector will, within `timeoutMs`, so an SSRF-blocked name is refused
 * while the request is validated (400) instead of failing at connect time. The connector still checks
 * every connection: a name may resolve differently a moment later (DNS rebinding).
 */
export async function screenHost(
  hostname: string,
  policy: TargetPolicy,
  timeoutMs: number,
  lookup: LookupFn = systemLookup,
): Promise<HostScreen> {
  const host = normalizeHost(hostname);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed_out'>((resolve) => {
    timer = setTimeout(() => resolve('timed_out'), timeoutMs);
  });
  const check = await Promise.race([resolveAndCheckHost(host, policy, lookup), timedOut]).finally(() => clearTimeout(timer));
  if (check === 'timed_out') return { ok: false, reason: 'timed_out', message: `${host} did not resolve within ${timeoutMs} ms` };
  if (check.ok) return { ok: true };
  if (check.reason === 'blocked') {
    const what = isIP(host) === 0 ? `${host} resolves to an address that is not allowed` : `${host} is not a public address`;
    return { ok: false, reason: 'blocked', message: `${what} (${check.range})` };
  }
  return { ok: false, reason: 'unresolvable', message: `${host} does not resolve to any address` };
}
