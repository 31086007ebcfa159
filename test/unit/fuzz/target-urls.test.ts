import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateTargetUrl } from '#shared/outbound/target-url.js';
import { stripBrackets } from '#shared/outbound/address-policy.js';
import { assertSafeBody, planRequests, targetStrings } from '../../../bench/fuzz/engine.js';
import type { OpenApiDocument } from '../../../bench/fuzz/openapi-document.js';
import { isSafeTarget, loopbackUrlArbitrary, reachableHost, targetUrlArbitrary } from '../../../bench/fuzz/target-urls.js';

const hosts = { loopbackOrigins: ['http://127.0.0.1:4101', 'http://127.0.0.1:4102'] };
// What `npm run fuzz` sets: loopback is the one private host a scan may reach.
const policy = { allowPrivateHosts: ['127.0.0.1'] };

/** The property: the host is loopback, or an IP literal the guard refuses, or there is no host at all. */
function expectLoopbackOnly(value: string) {
  const host = reachableHost(value);
  if (host !== null) expect(isIP(stripBrackets(host)), `${JSON.stringify(value)} names ${host}, not an IP literal`).not.toBe(0);
  const checked = validateTargetUrl(value.trim(), policy);
  if (checked.ok) expect(checked.url.hostname, `${JSON.stringify(value)} is accepted as a target`).toBe('127.0.0.1');
  expect(isSafeTarget(value), JSON.stringify(value)).toBe(true);
}

describe('target URLs the fuzzer generates', () => {
  it('reach only 127.0.0.1, or IP literals the SSRF guard refuses, or parse as no host at all', () => {
    fc.assert(fc.property(targetUrlArbitrary(hosts), expectLoopbackOnly), { numRuns: 5_000 });
  });

  it('loopback URLs keep their host whatever is appended to them', () => {
    fc.assert(
      fc.property(loopbackUrlArbitrary(hosts), fc.string({ unit: 'binary', maxLength: 30 }), (url, tail) => {
        expect(URL.parse(`${url}${tail}`)?.hostname ?? '127.0.0.1').toMatch(/^(?:127\.0\.0\.1|\[::1\])$/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('every target in every planned body of the real document, mutations included, is loopback-only', () => {
    const document = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
    const planned = planRequests(document, hosts, { requests: 6_000, seed: 42, maxBodyBytes: 65_536 });
    let targets = 0;
    for (const request of planned) {
      const text = request.body?.text;
      if (text === undefined) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
      for (const target of targetStrings(parsed)) {
        targets += 1;
        expectLoopbackOnly(target);
      }
      expect(() => assertSafeBody(text)).not.toThrow();
    }
    expect(targets).toBeGreaterThan(500);
  });

  it('tells unsafe targets apart: names and public addresses are refused before sending', () => {
    for (const unsafe of [
      'example.com',
      'https://shop.example.com/',
      'http://8.8.8.8/',
      'localhost',
      'http://a b.example.com.evil',
      'word',
    ]) {
      expect(isSafeTarget(unsafe), unsafe).toBe(false);
    }
    expect(() => assertSafeBody(JSON.stringify({ urls: ['http://127.0.0.1:1/', 'shop.example.com'] }))).toThrow(/could leave loopback/);
    expect(() => assertSafeBody(JSON.stringify({ label: 'shop.example.com' }))).not.toThrow();
  });
});
