import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { checkout, shopifyHome, softNotFound, ucpProfile } from '#test/unit/scanner/checks/agentic-commerce/fixtures.js';

const { run } = checkRunner(agenticCommerceChecks);

describe('ucp_profile', () => {
  it('passes a valid profile with a checkout capability', () => {
    const { result } = run('ucp_profile', { ucp: ucpProfile(checkout) });
    expect(result.status).toBe('pass');
    expect(result.platformProvided).toBeUndefined();
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/.well-known/ucp',
      value: 'version 2026-01-23, capabilities: dev.ucp.shopping.checkout',
    });
  });

  it("credits a Shopify store's generated profile as platform provided", () => {
    const { result } = run('ucp_profile', { homepage: shopifyHome, ucp: ucpProfile(checkout) });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.summary).toContain('served by Shopify');
  });

  it('warns on a valid profile without checkout, and advises adding the capability', () => {
    const { result, advice } = run('ucp_profile', { ucp: ucpProfile({ 'dev.ucp.shopping.catalog': [{ version: '2026-01-23' }] }) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('declares no checkout capability');
    expect(result.evidence[0]?.value).toContain('dev.ucp.shopping.catalog');
    expect(advice().snippet).toContain('dev.ucp.shopping.checkout');
  });

  it('fails a profile that is present but invalid, naming the problem', () => {
    const { result, advice } = run('ucp_profile', { ucp: '{"ucp":{"services":{"dev.ucp.shopping":[]}}}' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('is not usable: version');
    expect(advice().title).toBe('Fix your UCP profile');
  });

  it('fails when there is no profile (404 or soft 404), and advises one for the shop', () => {
    const missing = run('ucp_profile', {});
    expect(missing.result.status).toBe('fail');
    expect(missing.result.evidence[0]).toEqual({ url: 'https://shop.example/.well-known/ucp', value: 'answered HTTP 404' });
    const { snippet, effort } = missing.advice();
    expect(snippet).toContain('"endpoint": "https://shop.example/ucp/v1"');
    expect(snippet).toContain('"dev.ucp.shopping.checkout"');
    expect(effort).toBe('L');
    expect(missing.advice().why).toContain('Found: https://shop.example/.well-known/ucp: answered HTTP 404.');
    expect(JSON.parse(snippet ?? '')).toHaveProperty('ucp.version');
    expect(run('ucp_profile', { ucp: softNotFound }).result.evidence[0]?.value).toContain('soft 404');
  });

  it('is not assessed when the profile was not fetched', () => {
    expect(run('ucp_profile', { ucp: { skipped: 'deadline' } }).result).toMatchObject({ status: 'not_assessed', score: null });
  });
});
