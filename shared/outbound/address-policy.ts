import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';
import { BLOCKED_IPV4_RANGES, BLOCKED_IPV6_RANGES, IPV6_GLOBAL_UNICAST } from './blocked-ranges.js';
import type { BlockedRangeName } from './blocked-ranges.js';

export type AddressVerdict = { allowed: true } | { allowed: false; range: BlockedRangeName };

/** Parsed on first use, not at start-up: the API functions that check URLs rarely classify an address. */
let parsed:
  | {
      v4: Array<{ cidr: [IPv4, number]; name: BlockedRangeName }>;
      v6: Array<{ cidr: [IPv6, number]; name: BlockedRangeName }>;
      globalUnicast: [IPv6, number];
    }
  | undefined;
function ranges() {
  parsed ??= {
    v4: BLOCKED_IPV4_RANGES.map(([cidr, name]) => ({ cidr: ipaddr.IPv4.parseCIDR(cidr), name })),
    v6: BLOCKED_IPV6_RANGES.map(([cidr, name]) => ({ cidr: ipaddr.IPv6.parseCIDR(cidr), name })),
    globalUnicast: ipaddr.IPv6.parseCIDR(IPV6_GLOBAL_UNICAST),
  };
  return parsed;
}

/**
 * Classifies one IP address (IPv4 dotted decimal, or IPv6 with or without brackets). Only public
 * unicast addresses are allowed; anything that is not a well-formed address is refused.
 */
export function classifyAddress(text: string): AddressVerdict {
  const address = stripBrackets(text);
  switch (isIP(address)) {
    case 4:
      return classifyIPv4(ipaddr.IPv4.parse(address));
    case 6:
      return classifyIPv6(parseIPv6(address));
    default:
      return { allowed: false, range: 'not-an-ip' };
  }
}

export function isPublicAddress(text: string): boolean {
  return classifyAddress(text).allowed;
}

function classifyIPv4(ip: IPv4): AddressVerdict {
  const hit = ranges().v4.find(({ cidr }) => ip.match(cidr));
  if (hit) return { allowed: false, range: hit.name };
  return ip.range() === 'unicast' ? { allowed: true } : { allowed: false, range: 'reserved' };
}

function classifyIPv6(ip: IPv6): AddressVerdict {
  if (ip.isIPv4MappedAddress()) return classifyIPv4(ip.toIPv4Address());
  const hit = ranges().v6.find(({ cidr }) => ip.match(cidr));
  if (hit) return { allowed: false, range: hit.name };
  return ip.match(ranges().globalUnicast) && ip.range() === 'unicast' ? { allowed: true } : { allowed: false, range: 'reserved' };
}

// ipaddr.js 2.5 reads "::1.2.3.4" (IPv4-compatible) as "::ffff:1.2.3.4" (IPv4-mapped), which would let
// "::8.8.8.8"-style addresses through the mapped path. Rewrite a dotted tail as two hex groups first.
function parseIPv6(address: string): IPv6 {
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (!tail.includes('.')) return ipaddr.IPv6.parse(address);
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(tail).octets;
  const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  return ipaddr.IPv6.parse(address.slice(0, lastColon + 1) + hex);
}

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
