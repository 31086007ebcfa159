import { describe, expect, it } from 'vitest';
import { localToolBackend } from '#bin/cli/mcp-local-tools.js';
import { privateTargetHint, resolvedPrivateHint } from '#bin/cli/private-target.js';
import { loadConfig } from '#shared/config.js';
import type { LookupFn } from '#shared/outbound/resolve-host.js';
import { isIP } from 'node:net';

const strict = { allowPrivateHosts: [] };

/** A resolver that knows only these names; anything else does not resolve. */
function resolver(names: Record<string, string[]>): LookupFn {
  return async (host) => {
    const addresses = names[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  };
}

const lookup = resolver({
  localhost: ['127.0.0.1', '::1'],
  'shop.test': ['10.0.0.5'],
  'shop.example.com': ['93.184.215.14'],
  'metadata.google.internal': ['169.254.169.254'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['10.0.0.7', '169.254.169.254'],
  'link.test': ['fe80::1'],
  'nowhere.test': ['0.0.0.0'],
  'v6nowhere.test': ['::'],
  'ec2.test': ['fd00:ec2::254'],
});

/** Metadata, link-local and unspecified addresses (IPv4, IPv6, and IPv4 inside IPv6) and names that resolve to them. */
const neverSuggested = [
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.0.23/',
  'http://169.254.10.1:8080/',
  'http://168.63.129.16/',
  'http://100.100.100.200/',
  'http://192.0.0.192/',
  'http://0.0.0.0:3000/',
  'http://0.1.2.3/',
  'http://[::]/',
  'http://[fe80::1]/',
  'http://[fd00:ec2::254]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[::169.254.169.254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'https://metadata.test:8443/',
  'http://mixed.test/',
  'http://link.test/',
  'http://nowhere.test/',
  'http://v6nowhere.test/',
  'http://ec2.test/',
];

describe('ALLOW_PRIVATE_TARGETS hints', () => {
  it.each(neverSuggested)('never suggests allowing %s', async (url) => {
    expect(await privateTargetHint(url, strict, lookup)).toBeNull();
    expect(await resolvedPrivateHint(url, lookup)).toBeNull();
  });

  it('still suggests it for private and loopback addresses and names, and for a public host on another port', async () => {
    expect(await privateTargetHint('http://10.0.0.5/', strict, lookup)).toBe(
      '10.0.0.5 is a private address; set ALLOW_PRIVATE_TARGETS=10.0.0.5 to scan it (development only)',
    );
    expect(await privateTargetHint('http://192.168.1.20:8080/', strict, lookup)).toContain('set ALLOW_PRIVATE_TARGETS=192.168.1.20');
    expect(await privateTargetHint('http://[::1]/', strict, lookup)).toContain('::1 is a private address; set ALLOW_PRIVATE_TARGETS=::1');
    expect(await privateTargetHint('http://localhost:3000/', strict, lookup)).toBe(
      'localhost is not a public host name; set ALLOW_PRIVATE_TARGETS=localhost to scan it (development only)',
    );
    expect(await privateTargetHint('http://shop.test/', strict, lookup)).toContain('set ALLOW_PRIVATE_TARGETS=shop.test');
    expect(await privateTargetHint('https://shop.example.com:8443/', strict, lookup)).toBe(
      'port 8443 is not scanned on public hosts (80 and 443 only); set ALLOW_PRIVATE_TARGETS=shop.example.com to scan it (development only)',
    );
    expect(await resolvedPrivateHint('https://shop.test/', lookup)).toBe(
      'shop.test leads to a private address; set ALLOW_PRIVATE_TARGETS=shop.test to scan it (development only)',
    );
  });

  it('gives no hint where allowing the host would not help', async () => {
    expect(await privateTargetHint('ftp://shop.example.com/', strict, lookup)).toBeNull();
    expect(await privateTargetHint('http://127.0.0.1/', { allowPrivateHosts: ['127.0.0.1'] }, lookup)).toBeNull();
    // A name that does not resolve, and a public one whose private address came from a redirect elsewhere.
    expect(await privateTargetHint('http://unknown.test/', strict, lookup)).toBeNull();
    expect(await resolvedPrivateHint('https://shop.example.com/', lookup)).toBeNull();
  });

  it('the stdio MCP server answers scan_site for the metadata address without the hint, and a private one with it', async () => {
    const fetcher = { fetch: () => Promise.reject(new Error('nothing is fetched for a refused URL')) };
    const tools = localToolBackend(loadConfig({}), fetcher as never);
    await expect(tools.scanSite({ url: 'http://169.254.169.254/latest/meta-data/' })).rejects.toSatisfy(
      (error: Error) => error.message !== '' && !error.message.includes('ALLOW_PRIVATE_TARGETS'),
    );
    await expect(tools.scanSite({ url: 'http://10.0.0.5/' })).rejects.toThrow(
      '10.0.0.5 is a private address; set ALLOW_PRIVATE_TARGETS=10.0.0.5 to scan it (development only)',
    );
  });
});
