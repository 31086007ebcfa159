import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import {
  checkout,
  identityLinking,
  shopifyHome,
  signingKey,
  softNotFound,
  ucpProfile,
} from '#test/unit/scanner/checks/agentic-commerce/fixtures.js';

const { run } = checkRunner(agenticCommerceChecks);
const url = 'https://shop.example/.well-known/ucp';

describe('ucp_profile', () => {
  it('passes a current profile with checkout, a payment handler and a usable signing key, recording each finding', () => {
    const { result } = run('ucp_profile', { ucp: ucpProfile({ ...checkout, ...identityLinking }) });
    expect(result.status).toBe('pass');
    expect(result.platformProvided).toBeUndefined();
    expect(result.evidence).toEqual([
      { url, value: 'version 2026-04-08, capabilities: dev.ucp.shopping.checkout, dev.ucp.common.identity_linking' },
      { url, value: 'version: current' },
      { url, value: 'payment handlers: com.example.processor_tokenizer' },
      { url, value: 'signing keys: 1 usable of 1 (shop-2026-11)' },
      { url, value: 'identity linking: declared (scopes: dev.ucp.shopping.order:read, dev.ucp.shopping.order:manage)' },
      { url, value: 'served: directly, as JSON' },
    ]);
  });

  it("credits a Shopify store's generated profile as platform provided", () => {
    const { result } = run('ucp_profile', { homepage: shopifyHome, ucp: ucpProfile(checkout) });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.summary).toContain('served by Shopify');
  });

  it('warns on an older version and says which version to upgrade to; a newer version is fine', () => {
    const old = run('ucp_profile', { ucp: ucpProfile(checkout, undefined, { version: '2026-01-23' }) });
    expect(old.result.status).toBe('warn');
    expect(old.result.summary).toContain('version 2026-01-23 is older than the current 2026-04-08: upgrade to 2026-04-08');
    expect(old.result.evidence).toContainEqual({ url, value: 'version: outdated, upgrade to 2026-04-08' });
    const { snippet, title } = old.advice();
    expect(title).toBe('Bring your UCP profile up to UCP 2026-04-08');
    expect(JSON.parse(snippet ?? '')).toMatchObject({ ucp: { version: '2026-04-08' } });
    expect(snippet).not.toContain('2026-01-23');

    // A later date is judged by the draft's rules: capabilities name their schema, keys sit in keys[].
    const newer = JSON.parse(ucpProfile(checkout, undefined, { version: '2026-09-30', signing_keys: null })) as {
      ucp: { capabilities: Record<string, { schema?: string }[]> };
      keys?: unknown[];
    };
    for (const entry of newer.ucp.capabilities['dev.ucp.shopping.checkout'] ?? [])
      entry.schema = 'https://ucp.dev/schemas/shopping/checkout.json';
    newer.keys = [signingKey];
    const later = run('ucp_profile', { ucp: JSON.stringify(newer) });
    expect(later.result.status).toBe('pass');
    expect(later.result.evidence).toContainEqual({ url, value: 'version: newer' });
  });

  it('warns when signing_keys is missing or its keys are unusable, naming the key and why', () => {
    const missing = run('ucp_profile', { ucp: ucpProfile(checkout, undefined, { signing_keys: null }) });
    expect(missing.result.status).toBe('warn');
    expect(missing.result.summary).toContain('signing_keys is missing: agents cannot verify signed checkout messages and webhooks');

    const rsa = { kid: 'legacy-rsa', kty: 'RSA', n: 'sXch...', e: 'AQAB', alg: 'RS256' };
    const noKid = { ...signingKey, kid: undefined };
    const unusable = run('ucp_profile', { ucp: ucpProfile(checkout, undefined, { signing_keys: [rsa, noKid] }) });
    expect(unusable.result.status).toBe('warn');
    expect(unusable.result.summary).toContain('signing key legacy-rsa: kty RSA: UCP signatures are ECDSA (EC keys)');
    expect(unusable.result.summary).toContain('signing key (no kid): no kid');
    expect(unusable.result.summary).toContain('no usable signing key (EC P-256/ES256 expected)');
    expect(unusable.result.evidence).toContainEqual({ url, value: 'signing keys: 0 usable of 2' });

    const withPrivate = run('ucp_profile', { ucp: ucpProfile(checkout, undefined, { signing_keys: [{ ...signingKey, d: 'secret' }] }) });
    expect(withPrivate.result.summary).toContain('signing key shop-2026-11: publishes private key material (d)');
  });

  it('warns when no payment handler is declared (an empty map conforms), and reads the older payment.handlers shape', () => {
    const empty = run('ucp_profile', { ucp: ucpProfile(checkout, undefined, { payment_handlers: {} }) });
    expect(empty.result.status).toBe('warn');
    expect(empty.result.summary).toContain('ucp.payment_handlers is empty: no payment handler declared');
    expect(empty.result.evidence).toContainEqual({ url, value: 'payment handlers: none' });

    const none = run('ucp_profile', { ucp: ucpProfile(checkout, undefined, { payment_handlers: null }) });
    expect(none.result.status).toBe('warn');
    expect(none.result.summary).toContain('ucp.payment_handlers: is missing: declare your payment handlers');

    const legacy = JSON.parse(ucpProfile(checkout, undefined, { payment_handlers: null })) as Record<string, unknown>;
    legacy.payment = { handlers: [{ id: 'shop_pay', name: 'com.shopify.shop_pay', version: '2026-04-08' }] };
    const older = run('ucp_profile', { ucp: JSON.stringify(legacy) });
    expect(older.result.status).toBe('warn');
    expect(older.result.evidence).toContainEqual({ url, value: 'payment handlers: com.shopify.shop_pay' });
  });

  it('fails a profile answered through a redirect, and warns on one served as text/html', () => {
    const redirected = run('ucp_profile', {
      ucp: {
        url: 'https://shop.example/pages/ucp.json',
        redirects: [{ url, status: 301, location: 'https://shop.example/pages/ucp.json' }],
        body: ucpProfile(checkout),
      },
    });
    expect(redirected.result.status).toBe('fail');
    expect(redirected.result.summary).toContain(
      `answered through a redirect (to https://shop.example/pages/ucp.json) instead of directly at ${url}`,
    );
    expect(redirected.advice().fix).toContain('directly (no redirect) as application/json');

    const html = run('ucp_profile', { ucp: { body: ucpProfile(checkout), headers: { 'content-type': 'text/html; charset=utf-8' } } });
    expect(html.result.status).toBe('warn');
    expect(html.result.summary).toContain('served as text/html, not application/json');
    expect(html.result.evidence).toContainEqual({ url, value: 'served: directly, not as JSON' });
  });

  it('warns on a valid profile without checkout, and advises adding the capability', () => {
    const { result, advice } = run('ucp_profile', { ucp: ucpProfile({ 'dev.ucp.shopping.catalog': [{ version: '2026-04-08' }] }) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('declares no checkout capability');
    expect(result.evidence[0]?.value).toContain('dev.ucp.shopping.catalog');
    expect(advice().snippet).toContain('dev.ucp.shopping.checkout');
    expect(advice().snippet).toContain('"version": "2026-04-08"');
  });

  it('fails a profile that is present but broken, naming the problem', () => {
    const { result, advice } = run('ucp_profile', { ucp: '{"ucp":{"services":{"dev.ucp.shopping":[]}}}' });
    expect(result.status).toBe('fail');
    expect(result.summary).toBe(
      `The UCP profile at ${url} is not usable: no service is declared, so agents have no endpoint to call; ` +
        'ucp.version: needs the UCP version the profile follows, such as 2026-04-08; ' +
        'ucp.payment_handlers: is missing: declare your payment handlers (an empty map {} if you have none yet).',
    );
    expect(advice().title).toBe('Fix your UCP profile');
  });

  it('fails when there is no profile (404 or soft 404), and advises a current one for the shop', () => {
    const missing = run('ucp_profile', {});
    expect(missing.result.status).toBe('fail');
    expect(missing.result.evidence[0]).toEqual({ url, value: 'answered HTTP 404' });
    const { snippet, effort } = missing.advice();
    expect(snippet).toContain('"endpoint": "https://shop.example/ucp/v1"');
    expect(snippet).toContain('"dev.ucp.shopping.checkout"');
    expect(effort).toBe('L');
    expect(missing.advice().why).toContain(`Found: ${url}: answered HTTP 404.`);
    const profile = JSON.parse(snippet ?? '') as { ucp: Record<string, unknown>; signing_keys: unknown[] };
    expect(profile.ucp).toMatchObject({ version: '2026-04-08' });
    expect(profile.ucp).toHaveProperty('payment_handlers');
    expect(profile.ucp).toHaveProperty(['capabilities', 'dev.ucp.common.identity_linking']);
    expect(profile.signing_keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(run('ucp_profile', { ucp: softNotFound }).result.evidence[0]?.value).toContain('soft 404');
  });

  it('is not assessed when the profile was not fetched', () => {
    expect(run('ucp_profile', { ucp: { skipped: 'deadline' } }).result).toMatchObject({ status: 'not_assessed', score: null });
  });
});
