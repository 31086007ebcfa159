import { describe, expect, it } from 'vitest';
import { policyFromAllowList, STRICT_POLICY } from '#shared/outbound/target-policy.js';
import { isSpecialUseName, MAX_URL_LENGTH, validateTargetUrl } from '#shared/outbound/target-url.js';
import type { TargetUrlRejection } from '#shared/outbound/target-url.js';

const DEV_POLICY = { allowPrivateHosts: ['127.0.0.1', 'localhost'] };

function rejection(raw: string, policy = STRICT_POLICY): TargetUrlRejection | 'accepted' {
  const result = validateTargetUrl(raw, policy);
  return result.ok ? 'accepted' : result.reason;
}

describe('validateTargetUrl', () => {
  it('accepts public http and https URLs and returns the parsed URL', () => {
    const result = validateTargetUrl('https://Shop.Example.com/products/1?x=1', STRICT_POLICY);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.url.href).toBe('https://shop.example.com/products/1?x=1');
    expect(rejection('http://shop.example.com')).toBe('accepted');
    expect(rejection('https://8.8.8.8/')).toBe('accepted');
    expect(rejection('https://[2606:4700:4700::1111]/')).toBe('accepted');
    expect(rejection('https://shop.example.com./')).toBe('accepted');
  });

  it.each(['not a url', '/relative/path', 'shop.example.com', '', 'http://', 'http://1.2.3.4.5/'])('refuses %j as malformed', (raw) => {
    expect(rejection(raw)).toBe('malformed');
  });

  it.each([
    'ftp://shop.example.com/',
    'file:///etc/passwd',
    'gopher://shop.example.com/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'ws://shop.example.com/',
  ])('refuses the scheme of %s', (raw) => {
    expect(rejection(raw)).toBe('unsupported_scheme');
  });

  it.each(['http://user@shop.example.com/', 'https://user:secret@shop.example.com/', 'https://:secret@shop.example.com/'])(
    'refuses credentials in %s',
    (raw) => {
      expect(rejection(raw)).toBe('credentials');
    },
  );

  it('accepts ports 80 and 443 (explicit or default) and refuses any other port', () => {
    expect(rejection('http://shop.example.com:80/')).toBe('accepted');
    expect(rejection('https://shop.example.com:443/')).toBe('accepted');
    expect(rejection('http://shop.example.com:443/')).toBe('accepted');
    expect(rejection('https://shop.example.com:80/')).toBe('accepted');
    expect(rejection('http://shop.example.com:8080/')).toBe('port');
    expect(rejection('https://shop.example.com:22/')).toBe('port');
    expect(rejection('http://8.8.8.8:6379/')).toBe('port');
  });

  it(`refuses URLs longer than ${MAX_URL_LENGTH} characters`, () => {
    const base = 'https://shop.example.com/';
    expect(rejection(base + 'a'.repeat(MAX_URL_LENGTH - base.length))).toBe('accepted');
    expect(rejection(base + 'a'.repeat(MAX_URL_LENGTH - base.length + 1))).toBe('too_long');
    // Percent-encoding can make the parsed URL longer than the input.
    expect(rejection(base + 'é'.repeat(500))).toBe('too_long');
  });

  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/',
    'http://metadata/',
    'http://instance-data/',
    'http://instance-data.ec2.internal/',
    'http://metadata.tencentyun.com/',
    'http://Metadata.Packet.net./',
    'http://metadata.platformequinix.com/',
    'http://router.home.arpa/',
    'http://nas.lan/',
    'http://wiki.corp/',
    'http://shop.test/',
    'http://shop.invalid/',
    'http://shop.example/',
    'http://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/',
    'http://portal.intranet/',
    'http://db.private/',
    'http://intranet/',
    'http://shopserver/',
  ])('refuses the single-label or special-use host in %s', (raw) => {
    expect(rejection(raw)).toBe('special_use_host');
  });

  describe('literal IP addresses', () => {
    it.each([
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://198.18.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::a00:1]/',
      'http://[2002:a00:1::]/',
      'http://[2001::1]/',
      'http://[2001:db8::1]/',
    ])('refuses %s', (raw) => {
      expect(rejection(raw)).toBe('blocked_address');
    });

    // The WHATWG URL parser turns all of these into 127.0.0.1 (or 10.0.0.1) before we see them.
    it.each([
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://127.0.1/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'http://%31%32%37.0.0.1/',
      'http://127.0.0.1./',
      'http://①②⑦.0.0.1/',
      'http://167772161/',
      'http://0xa.0.0.1/',
    ])('refuses the unusual IPv4 form %s', (raw) => {
      expect(rejection(raw)).toBe('blocked_address');
    });
  });

  describe('with allowPrivateHosts (development and tests)', () => {
    it('allows the named hosts with private addresses and any port', () => {
      expect(rejection('http://127.0.0.1:5173/', DEV_POLICY)).toBe('accepted');
      expect(rejection('http://localhost:3000/', DEV_POLICY)).toBe('accepted');
      expect(rejection('http://LOCALHOST./', DEV_POLICY)).toBe('accepted');
      // Matched after the URL parser normalised the host, so odd spellings of 127.0.0.1 match too.
      expect(rejection('http://2130706433:8080/', DEV_POLICY)).toBe('accepted');
    });

    it('changes nothing for other hosts', () => {
      expect(rejection('http://10.0.0.1/', DEV_POLICY)).toBe('blocked_address');
      expect(rejection('http://127.0.0.2/', DEV_POLICY)).toBe('blocked_address');
      expect(rejection('http://[::1]/', DEV_POLICY)).toBe('blocked_address');
      expect(rejection('http://app.localhost/', DEV_POLICY)).toBe('special_use_host');
      expect(rejection('http://shop.example.com:8080/', DEV_POLICY)).toBe('port');
    });

    it('still refuses bad schemes and credentials for allowed hosts', () => {
      expect(rejection('ftp://127.0.0.1/', DEV_POLICY)).toBe('unsupported_scheme');
      expect(rejection('http://user:pw@localhost/', DEV_POLICY)).toBe('credentials');
    });

    it('allows IPv6 loopback when it is named, with or without brackets', () => {
      expect(rejection('http://[::1]:8080/', { allowPrivateHosts: ['::1'] })).toBe('accepted');
      expect(rejection('http://[::1]:8080/', { allowPrivateHosts: ['[::1]'] })).toBe('accepted');
    });
  });

  it('gives messages that name the url field', () => {
    const result = validateTargetUrl('ftp://shop.example.com/', STRICT_POLICY);
    expect(result).toEqual({ ok: false, reason: 'unsupported_scheme', message: 'url must use http or https' });
  });
});

describe('isSpecialUseName', () => {
  it('does not refuse ordinary public names that merely contain a special word', () => {
    expect(isSpecialUseName('localhost-shop.com')).toBe(false);
    expect(isSpecialUseName('test.shop.com')).toBe(false);
    expect(isSpecialUseName('example.com')).toBe(false);
    expect(isSpecialUseName('my-local.store')).toBe(false);
  });
});

describe('policyFromAllowList', () => {
  it('parses ALLOW_PRIVATE_TARGETS into normalised host names', () => {
    expect(policyFromAllowList(' 127.0.0.1, LocalHost. ,,[::1]')).toEqual({
      allowPrivateHosts: ['127.0.0.1', 'localhost', '::1'],
    });
    expect(policyFromAllowList(undefined)).toEqual({ allowPrivateHosts: [] });
    expect(policyFromAllowList('')).toEqual({ allowPrivateHosts: [] });
  });
});
