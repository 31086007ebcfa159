import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { challenge, html } from '#test/unit/scanner/checks/policies-trust/fixtures.js';

const footer = `<footer>
  <a href="/policies/terms-of-service">Terms of service</a> <a href="/policies/privacy-policy">Privacy policy</a>
  <a href="/policies/refund-policy">Refund policy</a> <a href="/policies/shipping-policy">Shipping</a>
  <a href="/pages/contact">Contact us</a> <a href="/pages/about-us">Our story</a>
  <a href="/pages/faq">FAQ</a> <a href="https://help.shop.example/">Help centre</a>
</footer>`;

const { run } = checkRunner(policiesTrustChecks);

describe('policy_links', () => {
  it('passes when the homepage links the policy and help pages', () => {
    const { result } = run('policy_links', { homepage: html({ body: footer }) });
    expect(result).toMatchObject({ status: 'pass', score: 1 });
    expect(result.summary).toBe('The homepage links all 8 policy and help pages.');
    expect(result.evidence).toContainEqual({ url: 'https://shop.example/policies/refund-policy', value: 'returns: "Refund policy"' });
  });

  it('recognises German link texts and paths', () => {
    const german = `<footer><a href="/agb">AGB</a><a href="/datenschutz">Datenschutzerklärung</a><a href="/widerruf">Widerrufsbelehrung</a>
      <a href="/versand">Versand &amp; Zahlung</a><a href="/kontakt">Kontakt</a><a href="/ueber-uns">Über uns</a><a href="/hilfe">Hilfe</a></footer>`;
    const { result } = run('policy_links', { homepage: html({ body: german, lang: 'de-DE' }) });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('missing FAQ');
  });

  it('warns with some links and lists the missing kinds', () => {
    const { result, advice } = run('policy_links', {
      homepage: html({
        body: '<footer><a href="/privacy">Privacy</a><a href="mailto:hello@shop.example">Email us</a><a href="/terms">Terms</a></footer>',
      }),
    });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.evidence[0]).toEqual({ url: 'https://shop.example/', value: 'missing: returns, shipping, about, FAQ, support' });
    expect(result.summary).toBe('The homepage links 3 of 8 policy and help pages; missing returns, shipping, about, FAQ, support.');
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('<a href="/returns">Returns and refunds</a>');
    expect(snippet).not.toContain('Privacy policy');
  });

  it('fails when the raw HTML links none, and uses Shopify paths on a Shopify shop', () => {
    const shopify = html({
      body: '<div id="app"></div><script src="https://cdn.shopify.com/s/files/theme.js"></script><script>window.Shopify = {};</script>',
    });
    const { result, artifacts, advice } = run('policy_links', { homepage: shopify });
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(artifacts.platform.platform).toBe('shopify');
    expect(advice().snippet).toContain('<a href="/policies/refund-policy">Returns and refunds</a>');
    // A page drawn by scripts may inject its links: the advice says why plain links matter.
    expect(advice().fix).toContain('Links injected by JavaScript');
  });

  it('never blames JavaScript on a homepage that runs no script', () => {
    const { result, advice } = run('policy_links', { homepage: html({ body: '<h1>Hollin Tea</h1><p>Loose leaf tea.</p>' }) });
    expect(result.status).toBe('fail');
    expect(advice().fix).not.toContain('JavaScript');
  });

  it('reads rel="privacy-policy" and rel="terms-of-service" link relations', () => {
    const head =
      '<link rel="privacy-policy" href="/legal/privacy"><link rel="terms-of-service" href="/legal/tos"><link rel="stylesheet" href="/assets/support.css">';
    const { result } = run('policy_links', { homepage: html({ body: head }) });
    expect(result.evidence[0]?.value).toBe('missing: returns, shipping, contact, about, FAQ, support');
  });

  it('ignores long promotional link texts', () => {
    const banner = '<a href="/collections/sale">Free shipping on every order over £50 this week only — shop the sale now</a>';
    expect(run('policy_links', { homepage: html({ body: banner }) }).result.status).toBe('fail');
  });

  it('is not assessed when the homepage is behind a bot wall or failed', () => {
    expect(run('policy_links', { homepage: challenge }).result.status).toBe('not_assessed');
    expect(run('policy_links', { homepage: { failed: 'timeout' } }).result.status).toBe('not_assessed');
  });
});
