import { isIP } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';
import { classifyAddress, stripBrackets } from '#shared/outbound/address-policy.js';
import { EMBEDS_IPV4, NEVER_ALLOW_LISTED } from '#shared/outbound/blocked-ranges.js';
import { systemLookup, type LookupFn } from '#shared/outbound/resolve-host.js';
import { validateTargetUrl } from '#shared/outbound/target-url.js';
import { normalizeHost, type TargetPolicy } from '#shared/outbound/target-policy.js';

/** How long a hint waits for a name to resolve before it gives none. */
const resolveTimeoutMs = 2_000;

/**
 * What to tell someone whose URL the scanner refuses only because its host is loopback, private, not a
 * public name, or on another port: the variable that lets a development machine scan it. Null when
 * ALLOW_PRIVATE_TARGETS would not help (a malformed URL, another scheme, credentials) or must never be
 * suggested (the host is, or resolves to, a metadata, link-local or unspecified address).
 */
export async function privateTargetHint(rawUrl: string, policy: TargetPolicy, lookup: LookupFn = systemLookup): Promise<string | null> {
  const checked = validateTargetUrl(rawUrl.trim(), policy);
  if (checked.ok) return null;
  const url = URL.parse(rawUrl.trim());
  if (!url) return null;
  const host = normalizeHost(url.hostname);
  const what =
    checked.reason === 'blocked_address'
      ? `${host} is a private address`
      : checked.reason === 'special_use_host'
        ? `${host} is not a public host name`
        : checked.reason === 'port'
          ? `port ${url.port} is not scanned on public hosts (80 and 443 only)`
          : null;
  if (what === null || !(await safeToSuggest(host, lookup))) return null;
  return `${what}; set ALLOW_PRIVATE_TARGETS=${host} to scan it (development only)`;
}

/**
 * When a public-looking name (or a page it redirects to) resolved to a private address. Null unless the
 * name itself resolves to one (allowing it would not help a redirect elsewhere) that may be suggested.
 */
export async function resolvedPrivateHint(rawUrl: string, lookup: LookupFn = systemLookup): Promise<string | null> {
  const url = URL.parse(rawUrl.trim());
  if (!url) return null;
  const host = normalizeHost(url.hostname);
  const addresses = await addressesOf(host, lookup);
  if (addresses === null || addresses.every((address) => classifyAddress(address).allowed) || addresses.some(neverAllowListed)) return null;
  return `${host} leads to a private address; set ALLOW_PRIVATE_TARGETS=${host} to scan it (development only)`;
}

/**
 * Whether allowing `host` could only open private or loopback addresses: it resolves (in time), and none
 * of its addresses lies in a range of NEVER_ALLOW_LISTED, directly or embedded in an IPv6 address.
 */
async function safeToSuggest(host: string, lookup: LookupFn): Promise<boolean> {
  const addresses = await addressesOf(host, lookup);
  return addresses !== null && !addresses.some(neverAllowListed);
}

/** The host's addresses (an IP literal is its own); null when it does not resolve in time. */
async function addressesOf(host: string, lookup: LookupFn): Promise<string[] | null> {
  if (isIP(host) !== 0) return [host];
  const answer = lookup(host).then(
    (found) => (found.length > 0 ? found.map(({ address }) => address) : null),
    () => null,
  );
  return Promise.race([answer, setTimeout(resolveTimeoutMs, null, { ref: false })]);
}

function neverAllowListed(address: string): boolean {
  const verdict = classifyAddress(address);
  if (verdict.allowed) return false;
  if (NEVER_ALLOW_LISTED.has(verdict.range)) return true;
  if (!EMBEDS_IPV4.has(verdict.range)) return false;
  const embedded = ipaddr.IPv6.parse(stripBrackets(address)).toByteArray().slice(12);
  return neverAllowListed(embedded.join('.'));
}
