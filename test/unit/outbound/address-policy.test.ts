import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicAddress } from '#shared/outbound/address-policy.js';

// One or more cases per blocked class, with the range name the classifier reports.
const BLOCKED: readonly [address: string, range: string][] = [
  // IPv4
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'cloud-metadata'],
  ['168.63.129.16', 'cloud-host-endpoint'],
  ['169.254.0.23', 'link-local'],
  ['169.254.169.123', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['169.254.170.2', 'link-local'],
  ['100.64.0.1', 'carrier-grade-nat'],
  ['100.127.255.255', 'carrier-grade-nat'],
  ['100.100.100.200', 'cloud-metadata'],
  ['192.0.0.1', 'ietf-protocol'],
  ['192.0.0.192', 'cloud-metadata'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['192.88.99.1', '6to4-relay'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['254.1.2.3', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fd00:ec2::254', 'cloud-metadata'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['ff05::2', 'multicast'],
  ['::127.0.0.1', 'ipv4-compatible'],
  ['::8.8.8.8', 'ipv4-compatible'],
  ['::808:808', 'ipv4-compatible'],
  ['::ffff:0:808:808', 'ipv4-translated'],
  ['64:ff9b::7f00:1', 'nat64'],
  ['64:ff9b::8.8.8.8', 'nat64'],
  ['64:ff9b:1::1', 'nat64'],
  ['2002:7f00:1::1', '6to4'],
  ['2002:808:808::1', '6to4'],
  ['2001::1', 'teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:2::1', 'ietf-protocol'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['100::1', 'discard'],
  ['5f00::1', 'segment-routing'],
  ['4000::1', 'reserved'],
  // IPv4-mapped IPv6: the embedded IPv4 address decides
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'cloud-metadata'],
  ['::ffff:100.64.0.1', 'carrier-grade-nat'],
  ['::ffff:0.0.0.0', 'unspecified'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '100.128.0.1',
  '198.20.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:82a::200e',
  '::ffff:8.8.8.8',
  '[2606:4700:4700::1111]',
];

describe('classifyAddress', () => {
  it.each(BLOCKED)('blocks %s as %s', (address, range) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, range });
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('allows public unicast %s', (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true });
  });

  it.each(['[::1]', '[::ffff:127.0.0.1]'])('accepts bracketed IPv6 %s and still blocks it', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['', 'localhost', 'example.com', '2130706433', '0x7f.1', '127.1', '0177.0.0.1', '1.2.3.4.5', '::g', '8.8.8.8:80'])(
    'refuses %j, which is not a plain IP address',
    (text) => {
      expect(classifyAddress(text)).toEqual({ allowed: false, range: 'not-an-ip' });
    },
  );

  it('classifies an IPv4-mapped address exactly like the IPv4 address it embeds', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ipv4) => {
        expect(classifyAddress(`::ffff:${ipv4}`)).toEqual(classifyAddress(ipv4));
      }),
    );
  });

  it('blocks every IPv4-compatible address, even when the embedded IPv4 address is public', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ipv4) => {
        expect(isPublicAddress(`::${ipv4}`)).toBe(false);
      }),
    );
  });

  it('blocks every address of the private, loopback and link-local IPv4 ranges', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const privateIPv4 = fc.oneof(
      fc.tuple(octet, octet, octet).map(([b, c, d]) => `10.${b}.${c}.${d}`),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => `172.${b}.${c}.${d}`),
      fc.tuple(octet, octet).map(([c, d]) => `192.168.${c}.${d}`),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => `127.${b}.${c}.${d}`),
      fc.tuple(octet, octet).map(([c, d]) => `169.254.${c}.${d}`),
    );
    fc.assert(
      fc.property(privateIPv4, (address) => {
        expect(isPublicAddress(address)).toBe(false);
        expect(isPublicAddress(`::ffff:${address}`)).toBe(false);
      }),
    );
  });

  it('never allows an IPv6 address outside global unicast 2000::/3 (IPv4-mapped aside)', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const outsideGlobalUnicast = group.filter((first) => first < 0x2000 || first > 0x3fff);
    const address = fc
      .tuple(outsideGlobalUnicast, fc.array(group, { minLength: 7, maxLength: 7 }))
      .filter(([first, rest]) => !(first === 0 && rest.slice(0, 4).every((g) => g === 0) && rest[4] === 0xffff))
      .map(([first, rest]) => [first, ...rest].map((g) => g.toString(16)).join(':'));
    fc.assert(
      fc.property(address, (ipv6) => {
        expect(isPublicAddress(ipv6)).toBe(false);
      }),
    );
  });
});
