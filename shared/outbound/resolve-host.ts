import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from './address-policy.js';
import type { BlockedRangeName } from './blocked-ranges.js';
import { isAllowedPrivateHost, normalizeHost } from './target-policy.js';
import type { TargetPolicy } from './target-policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has. Injectable so tests never touch real DNS. */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export type HostCheck =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; reason: 'blocked'; address: string; range: BlockedRangeName }
  | { ok: false; reason: 'unresolvable'; error?: unknown };

export const systemLookup: LookupFn = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true });
  return results.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * Resolves a host (name or IP literal) and refuses it if ANY of its addresses is not public,
 * unless the policy allows the host to be private. IP literals are classified without a lookup.
 * Use it at request time for URLs stored for later (watched sites, webhooks); the fetcher runs
 * the same check inside its connector for every connection it opens.
 */
export async function resolveAndCheckHost(hostname: string, policy: TargetPolicy, lookup: LookupFn = systemLookup): Promise<HostCheck> {
  const host = normalizeHost(hostname);
  let candidates: string[];
  if (isIP(host) !== 0) {
    candidates = [host];
  } else {
    try {
      candidates = (await lookup(host)).map(({ address }) => address);
    } catch (error) {
      return { ok: false, reason: 'unresolvable', error };
    }
    if (candidates.length === 0) return { ok: false, reason: 'unresolvable' };
  }

  const allowPrivate = isAllowedPrivateHost(host, policy);
  const addresses: ResolvedAddress[] = [];
  for (const address of candidates) {
    // The socket is opened to exactly these strings, so each must be an IP: a name here would
    // trigger a second, unchecked DNS lookup inside net.connect.
    const family = isIP(address);
    if (family !== 4 && family !== 6) return { ok: false, reason: 'blocked', address, range: 'not-an-ip' };
    const verdict = classifyAddress(address);
    if (!allowPrivate && !verdict.allowed) return { ok: false, reason: 'blocked', address, range: verdict.range };
    addresses.push({ address, family });
  }
  return { ok: true, addresses };
}
