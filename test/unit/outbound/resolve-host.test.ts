import { describe, expect, it, vi } from 'vitest';
import { resolveAndCheckHost } from '#shared/outbound/resolve-host.js';
import type { LookupFn, ResolvedAddress } from '#shared/outbound/resolve-host.js';
import { STRICT_POLICY } from '#shared/outbound/target-policy.js';

function fakeDns(records: Record<string, string[]>): LookupFn {
  return vi.fn((hostname: string) => {
    const addresses = records[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  });
}

const dns = fakeDns({
  'shop.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'evil.example.com': ['127.0.0.1'],
  'private.example.com': ['10.0.0.1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['8.8.8.8', '10.0.0.1'],
  'mixed6.example.com': ['2606:4700:4700::1111', 'fd00:ec2::254'],
  'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
  'shop.test-public.com': ['127.0.0.1'],
  'bogus.example.com': ['not-an-address'],
  'empty.example.com': [],
});

describe('resolveAndCheckHost', () => {
  it('returns every address of a public name', async () => {
    await expect(resolveAndCheckHost('shop.example.com', STRICT_POLICY, dns)).resolves.toEqual({
      ok: true,
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it.each([
    ['evil.example.com', '127.0.0.1', 'loopback'],
    ['private.example.com', '10.0.0.1', 'private'],
    ['mapped.example.com', '::ffff:127.0.0.1', 'loopback'],
    ['metadata.example.com', '169.254.169.254', 'cloud-metadata'],
    ['nat64.example.com', '64:ff9b::a9fe:a9fe', 'nat64'],
  ])('refuses %s, which resolves to %s', async (hostname, address, range) => {
    await expect(resolveAndCheckHost(hostname, STRICT_POLICY, dns)).resolves.toEqual({
      ok: false,
      reason: 'blocked',
      address,
      range,
    });
  });

  it('refuses a name if ANY of its addresses is blocked', async () => {
    await expect(resolveAndCheckHost('mixed.example.com', STRICT_POLICY, dns)).resolves.toMatchObject({
      ok: false,
      address: '10.0.0.1',
    });
    await expect(resolveAndCheckHost('mixed6.example.com', STRICT_POLICY, dns)).resolves.toMatchObject({
      ok: false,
      range: 'cloud-metadata',
    });
  });

  it('classifies IP literals without a lookup', async () => {
    const lookup = fakeDns({});
    await expect(resolveAndCheckHost('127.0.0.1', STRICT_POLICY, lookup)).resolves.toMatchObject({ ok: false, range: 'loopback' });
    await expect(resolveAndCheckHost('[::1]', STRICT_POLICY, lookup)).resolves.toMatchObject({ ok: false, range: 'loopback' });
    await expect(resolveAndCheckHost('8.8.8.8', STRICT_POLICY, lookup)).resolves.toEqual({
      ok: true,
      addresses: [{ address: '8.8.8.8', family: 4 }],
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('normalises the name before the lookup (case, trailing dot)', async () => {
    const lookup = fakeDns({ 'shop.example.com': ['8.8.8.8'] });
    await expect(resolveAndCheckHost('SHOP.Example.com.', STRICT_POLICY, lookup)).resolves.toMatchObject({ ok: true });
    expect(lookup).toHaveBeenCalledWith('shop.example.com');
  });

  it('reports names that do not resolve, or resolve to nothing, as unresolvable', async () => {
    await expect(resolveAndCheckHost('missing.example.com', STRICT_POLICY, dns)).resolves.toMatchObject({
      ok: false,
      reason: 'unresolvable',
    });
    await expect(resolveAndCheckHost('empty.example.com', STRICT_POLICY, dns)).resolves.toMatchObject({
      ok: false,
      reason: 'unresolvable',
    });
  });

  it('refuses a lookup answer that is not an IP address, even for an allowed host', async () => {
    const policy = { allowPrivateHosts: ['bogus.example.com'] };
    await expect(resolveAndCheckHost('bogus.example.com', policy, dns)).resolves.toMatchObject({
      ok: false,
      range: 'not-an-ip',
    });
  });

  it('lets an explicitly allowed host resolve to a private address, and only that host', async () => {
    const policy = { allowPrivateHosts: ['shop.test-public.com'] };
    await expect(resolveAndCheckHost('shop.test-public.com', policy, dns)).resolves.toEqual({
      ok: true,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    await expect(resolveAndCheckHost('evil.example.com', policy, dns)).resolves.toMatchObject({ ok: false });
  });
});
