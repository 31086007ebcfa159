import { isIP } from 'node:net';
import fc from 'fast-check';
import { classifyAddress, stripBrackets } from '#shared/outbound/address-policy.js';

/**
 * Where a generated target may point: the fuzzer's own loopback servers (shops, receivers), loopback
 * ports nothing listens on, and IP literals the SSRF guard refuses before connecting. Never a DNS name:
 * the service reads a bare word in a URL field as `https://<word>`, which would be a lookup.
 */
export interface TargetHosts {
  /** Origins such as `http://127.0.0.1:4100`, served by the fuzzer itself. */
  loopbackOrigins: string[];
}

/** Loopback ports below 1024 that no test server binds: connection refused, at once. */
const closedLoopbackOrigins = ['http://127.0.0.1:1', 'http://127.0.0.1:9', 'https://127.0.0.1:7', 'http://[::1]:1'];

/** IP literals the guard refuses without connecting: private, link-local, metadata, unspecified, reserved. */
const refusedOrigins = [
  'http://10.0.0.1',
  'https://10.255.255.254:8443',
  'http://169.254.169.254',
  'http://192.168.1.1',
  'http://172.16.0.1',
  'http://0.0.0.0',
  'http://100.64.0.1',
  'http://[fd00::1]',
  'http://[fe80::1]',
  'http://[::ffff:10.0.0.1]',
  'http://224.0.0.1',
  'http://240.0.0.1',
];

/** Strings that neither parse as a URL nor, with `https://` put in front, as a host. */
const unparseable = ['://', '\u0000', '[', 'not a url', '%zz', '[::1', 'ftp ://x'];

const pathSegment = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{0,12}$/),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map((value) => encodeURIComponent(value)),
  fc.constantFrom('products', 'sitemap.xml', 'robots.txt', '.well-known/ucp', 'a%00b', '%F0%9F%98%80'),
);

const suffix = fc
  .record({
    segments: fc.array(pathSegment, { maxLength: 4 }),
    query: fc.option(fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{0,6}$/), { nil: undefined }),
  })
  .map(({ segments, query }) => `/${segments.join('/')}${query ? `?${query}` : ''}`);

/** Loopback URLs with a path: text appended to one stays on the same origin. */
export function loopbackUrlArbitrary(hosts: TargetHosts): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...hosts.loopbackOrigins, ...closedLoopbackOrigins), suffix).map(([origin, path]) => `${origin}${path}`);
}

/** Target URLs for any field the service may read as a URL or host. */
export function targetUrlArbitrary(hosts: TargetHosts): fc.Arbitrary<string> {
  const origins = [...hosts.loopbackOrigins, ...closedLoopbackOrigins];
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...origins), suffix).map(([origin, path]) => `${origin}${path}`) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...refusedOrigins), suffix).map(([origin, path]) => `${origin}${path}`) },
    { weight: 1, arbitrary: fc.constantFrom(...unparseable) },
    // Over-long, still loopback: the path is what grows.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...origins), fc.integer({ min: 1_900, max: 5_000 }))
        .map(([origin, length]) => `${origin}/${'a'.repeat(length)}`),
    },
  );
}

const loopbackHost = /^(?:127(?:\.\d{1,3}){3}|\[::1\])$/;

/** The host a string could reach if read as a URL or, failing that, as a bare host with `https://` put in front. */
export function reachableHost(value: string): string | null {
  const trimmed = value.trim();
  const parsed = URL.parse(trimmed) ?? URL.parse(`https://${trimmed}`);
  return parsed && parsed.hostname !== '' ? parsed.hostname : null;
}

/**
 * Whether `value`, wherever the service reads a URL, can only reach loopback or an IP literal the
 * SSRF guard refuses without connecting. Any name (a lookup) or public address is unsafe.
 */
export function isSafeTarget(value: string): boolean {
  const host = reachableHost(value);
  return host === null || loopbackHost.test(host) || (isIP(stripBrackets(host)) !== 0 && !classifyAddress(host).allowed);
}
