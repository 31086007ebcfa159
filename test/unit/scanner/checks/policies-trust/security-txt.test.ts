import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { html } from '#test/unit/scanner/checks/policies-trust/fixtures.js';

const { run } = checkRunner(policiesTrustChecks);

describe('security_txt', () => {
  const valid = 'Contact: mailto:security@shop.example\nExpires: 2027-06-01T00:00:00Z\n';

  it('passes with a Contact and an Expires in the future', () => {
    const { result } = run('security_txt', { securityTxt: valid });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/.well-known/security.txt',
      value: 'Contact mailto:security@shop.example; Expires 2027-06-01T00:00:00.000Z',
    });
  });

  it('warns when expired, and renews the date in the snippet', () => {
    const { result, advice } = run('security_txt', {
      securityTxt: 'Contact: mailto:security@shop.example\nExpires: 2025-01-01T00:00:00Z\n',
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('expired on 2025-01-01');
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('Contact: mailto:security@shop.example');
    expect(snippet).toContain('Expires: 2027-11-22T12:00:00Z');
  });

  it('warns without Expires', () => {
    const { result } = run('security_txt', { securityTxt: 'Contact: https://shop.example/security\n' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('Expires is missing');
  });

  it('fails when absent or a soft 404', () => {
    const absent = run('security_txt', {});
    expect(absent.result.status).toBe('fail');
    expect(absent.result.evidence[0]?.value).toBe('HTTP 404');
    expect(absent.advice().snippet).toContain('Contact: mailto:security@shop.example');
    const soft = run('security_txt', { securityTxt: html({ body: '<h1>Page not found</h1>' }) });
    expect(soft.result.status).toBe('fail');
  });

  it('is not assessed when not fetched in time or on a transport failure', () => {
    expect(run('security_txt', { securityTxt: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
    expect(run('security_txt', { securityTxt: { failed: 'timeout' } }).result.status).toBe('not_assessed');
  });
});
