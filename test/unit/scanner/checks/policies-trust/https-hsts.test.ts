import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { html } from '#test/unit/scanner/checks/policies-trust/fixtures.js';

const { run } = checkRunner(policiesTrustChecks);

describe('https_hsts', () => {
  const hsts = (value: string) => ({ body: html({}), headers: { 'Strict-Transport-Security': value } });

  it('passes with a redirect to https and a long HSTS max-age', () => {
    const { result } = run('https_hsts', { homepage: hsts('max-age=31536000; includeSubDomains') });
    expect(result.status).toBe('pass');
    expect(result.evidence).toEqual([
      { url: 'http://shop.example/', value: 'HTTP 301 to https://shop.example/' },
      { url: 'https://shop.example/', value: 'strict-transport-security: max-age=31536000; includeSubDomains' },
    ]);
  });

  it('warns with the redirect but no HSTS, and advises the header line', () => {
    const { result, advice } = run('https_hsts', { homepage: html({}) });
    expect(result.status).toBe('warn');
    expect(result.summary).toBe('HTTP redirects to HTTPS (301); no HSTS header.');
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('Strict-Transport-Security "max-age=31536000; includeSubDomains"');
    expect(snippet).not.toContain('listen 80');
  });

  it('warns when HSTS is sent but http:// is served without a redirect', () => {
    const { result } = run('https_hsts', { homepage: hsts('max-age=63072000'), plainHttp: { status: 200, body: html({}) } });
    expect(result.status).toBe('warn');
    expect(result.evidence[0]?.value).toBe('HTTP 200 without a redirect to https://');
  });

  it('fails with neither, counting a short max-age and a redirect elsewhere as missing', () => {
    const { result, advice } = run('https_hsts', {
      homepage: hsts('max-age=300'),
      plainHttp: { status: 302, headers: { location: 'http://shop.example/home' } },
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('HSTS max-age 300 is below 15552000');
    expect(advice().snippet).toContain('return 301 https://$host$request_uri;');
  });

  it('judges on HSTS alone when port 80 is closed, and says so', () => {
    const ok = run('https_hsts', { homepage: hsts('max-age=31536000'), plainHttp: { failed: 'unreachable' } }).result;
    expect(ok.status).toBe('pass');
    expect(ok.summary).toMatch(
      /^Judged on HSTS alone because http:\/\/shop.example\/ could not be reached \(unreachable; many shops close port 80\)/,
    );
    expect(run('https_hsts', { homepage: html({}), plainHttp: { failed: 'unreachable' } }).result.status).toBe('fail');
    expect(run('https_hsts', { homepage: hsts('max-age=86400'), plainHttp: { skipped: 'deadline' } }).result.status).toBe('warn');
  });

  it('is not assessed when neither the homepage nor http:// could be fetched', () => {
    expect(run('https_hsts', { homepage: { failed: 'timeout' }, plainHttp: { failed: 'timeout' } }).result.status).toBe('not_assessed');
  });
});
