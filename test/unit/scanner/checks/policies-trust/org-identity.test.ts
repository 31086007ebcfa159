import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { html, organization, productWith } from '#test/unit/scanner/checks/policies-trust/fixtures.js';

const { run } = checkRunner(policiesTrustChecks);

describe('org_identity', () => {
  it('passes with name, url, logo, contact and sameAs', () => {
    const { result } = run('org_identity', { homepage: html({ jsonLd: [organization] }) });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('OnlineStore "Harbour Goods"');
  });

  it('scores the share of fields and names the missing ones', () => {
    const partial = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Harbour Goods', url: 'https://shop.example/' };
    const social = '<a href="https://www.instagram.com/harbourgoods">Instagram</a><a href="mailto:hello@shop.example">Mail</a>';
    const { result, advice } = run('org_identity', { homepage: html({ jsonLd: [partial], body: social }) });
    expect(result.status).toBe('warn');
    expect(result.score).toBeCloseTo(0.4);
    expect(result.evidence[0]?.value).toBe('Organization "Harbour Goods" missing logo, contactPoint or address, sameAs');
    // The shop has a block: the advice completes it and never asks for one it already has.
    expect(advice().title).toBe("Complete the shop's Organization block");
    expect(advice().fix).toContain('Add logo, contactPoint or address, sameAs to the Organization JSON-LD block on');
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('"https://www.instagram.com/harbourgoods"');
    expect(snippet).toContain('"email": "hello@shop.example"');
  });

  it("fails without an Organization, and does not take a product's brand for the shop", () => {
    const { result, advice } = run('org_identity', { homepage: html({}), products: [html({ jsonLd: [productWith({})] })] });
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/No Organization or OnlineStore markup/);
    expect(advice().title).toBe('Identify the shop with an Organization (OnlineStore) block');
    expect(advice().snippet).toContain('"name": "Harbour Goods"');
  });

  it('is not assessed when no page could be read', () => {
    expect(run('org_identity', { homepage: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });
});
