/**
 * Address ranges a scan may never connect to, checked in order (the first match names the range
 * in logs). Sources: IANA IPv4/IPv6 special-purpose registries, OWASP SSRF cheat sheet, cloud
 * metadata endpoints (AWS, GCP, Azure, Oracle, DigitalOcean, Hetzner and OpenStack all serve theirs on
 * 169.254.169.254, Oracle also on 192.0.0.192, Alibaba on 100.100.100.200, Tencent on 169.254.0.23:
 * all inside the ranges below, the first three named as such) and Azure's WireServer, the one such host
 * endpoint on a public address. Anything not listed must also be "unicast" for ipaddr.js, and IPv6 must lie
 * in global unicast 2000::/3, so ranges added to those registries later stay blocked.
 */
export const BLOCKED_IPV4_RANGES = [
  ['169.254.169.254/32', 'cloud-metadata'],
  ['192.0.0.192/32', 'cloud-metadata'],
  ['100.100.100.200/32', 'cloud-metadata'],
  ['168.63.129.16/32', 'cloud-host-endpoint'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade-nat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'ietf-protocol'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4-relay'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
] as const;

// IPv4-mapped ::ffff:0:0/96 is not listed: its embedded IPv4 address is classified instead.
export const BLOCKED_IPV6_RANGES = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'ipv4-compatible'],
  ['::ffff:0:0:0/96', 'ipv4-translated'],
  ['64:ff9b::/96', 'nat64'],
  ['64:ff9b:1::/48', 'nat64'],
  ['100::/64', 'discard'],
  ['2001::/32', 'teredo'],
  ['2001::/23', 'ietf-protocol'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment-routing'],
  ['fd00:ec2::254/128', 'cloud-metadata'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
] as const;

export const IPV6_GLOBAL_UNICAST = '2000::/3';

/**
 * Ranges no one is ever told to allow with ALLOW_PRIVATE_TARGETS (bin/cli/private-target.ts): a
 * development machine has no shop there, and a cloud machine has its credentials there.
 */
export const NEVER_ALLOW_LISTED: ReadonlySet<BlockedRangeName> = new Set([
  'cloud-metadata',
  'cloud-host-endpoint',
  'link-local',
  'unspecified',
]);

/**
 * IPv6 ranges whose last 32 bits carry an IPv4 address a packet may end up at (64:ff9b::/96 and a
 * local NAT64 /96); IPv4-mapped addresses are classified as their IPv4 address already.
 */
export const EMBEDS_IPV4: ReadonlySet<BlockedRangeName> = new Set(['ipv4-compatible', 'ipv4-translated', 'nat64']);

export type BlockedRangeName = (typeof BLOCKED_IPV4_RANGES)[number][1] | (typeof BLOCKED_IPV6_RANGES)[number][1] | 'reserved' | 'not-an-ip';
