import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { challenge, html, organization, productWith } from '#test/unit/scanner/checks/policies-trust/fixtures.js';

const returnPolicy = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'GB',
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: 30,
};

const { run } = checkRunner(policiesTrustChecks);

describe('returns_structured', () => {
  it('passes with a complete MerchantReturnPolicy on the product offer', () => {
    const { result } = run('returns_structured', {
      homepage: html({}),
      products: [html({ jsonLd: [productWith({ hasMerchantReturnPolicy: returnPolicy })] })],
    });
    expect(result).toMatchObject({ status: 'pass', score: 1 });
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/products/item-1',
      value:
        'MerchantReturnPolicy on Offer: applicableCountry GB, returnPolicyCategory MerchantReturnFiniteReturnWindow, merchantReturnDays 30',
    });
  });

  it('passes with the policy on the homepage Organization, even on a homepage-only scan', () => {
    const { result } = run('returns_structured', {
      homepage: html({ jsonLd: [{ ...organization, hasMerchantReturnPolicy: returnPolicy }] }),
    });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('MerchantReturnPolicy on OnlineStore');
  });

  it('does not need merchantReturnDays when returns are not permitted', () => {
    const noReturns = {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'GB',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    };
    const { result } = run('returns_structured', { homepage: html({ jsonLd: [{ ...organization, hasMerchantReturnPolicy: noReturns }] }) });
    expect(result.status).toBe('pass');
  });

  it('warns on a partial policy and names the missing fields', () => {
    const { merchantReturnDays: _days, ...partial } = returnPolicy;
    const { result, advice } = run('returns_structured', {
      products: [html({ jsonLd: [productWith({ hasMerchantReturnPolicy: partial })] })],
    });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain('missing merchantReturnDays');
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('"applicableCountry": "GB"');
    expect(snippet).toContain('"merchantReturnDays": "<days, e.g. 30>"');
  });

  it('warns on a policy that nothing links to', () => {
    const { result } = run('returns_structured', { homepage: html({ jsonLd: [{ '@context': 'https://schema.org', ...returnPolicy }] }) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('MerchantReturnPolicy not linked from an Offer or Organization');
  });

  it('fails when neither the homepage nor the product pages state one, with a snippet for this shop', () => {
    const { result, advice } = run('returns_structured', {
      homepage: html({ jsonLd: [organization] }),
      products: [html({ jsonLd: [productWith({})] })],
    });
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/No MerchantReturnPolicy .* agents cannot tell a buyer whether and for how long returns are possible/);
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('"@type": "MerchantReturnPolicy"');
    expect(snippet).toContain('"name": "Harbour Goods"');
    expect(snippet).toContain('"url": "https://shop.example/"');
    expect(snippet).toContain('"applicableCountry": "GB"');
  });

  it('fails rather than skips when the scanned URL is itself a product page without one', () => {
    const productPage = html({ jsonLd: [productWith({})] });
    const { result } = run('returns_structured', {
      homepage: productPage,
      products: [productPage],
      scannedPageIsProduct: true,
      tier: 'free',
    });
    expect(result.status).toBe('fail');
  });

  it('is not assessed on a homepage-only scan whose homepage states none', () => {
    const { result } = run('returns_structured', { homepage: html({ jsonLd: [organization] }) });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toMatch(/product pages, where offers usually carry it, were not assessed/);
  });

  it('is not assessed when no page could be read', () => {
    expect(run('returns_structured', { homepage: challenge }).result.status).toBe('not_assessed');
  });
});
