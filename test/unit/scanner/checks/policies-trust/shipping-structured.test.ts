import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { html, organization, productWith } from '#test/unit/scanner/checks/policies-trust/fixtures.js';

const shippingDetails = {
  '@type': 'OfferShippingDetails',
  shippingRate: { '@type': 'MonetaryAmount', value: 3.95, currency: 'GBP' },
  shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
  deliveryTime: {
    '@type': 'ShippingDeliveryTime',
    handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
    transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
  },
};

const { run } = checkRunner(policiesTrustChecks);

describe('shipping_structured', () => {
  it('passes with OfferShippingDetails on the offer', () => {
    const { result } = run('shipping_structured', { products: [html({ jsonLd: [productWith({ shippingDetails })] })] });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.value).toBe(
      'OfferShippingDetails on Offer: shippingRate 3.95 GBP, shippingDestination GB, deliveryTime 0-1 DAY',
    );
  });

  it('passes with a ShippingService on the Organization', () => {
    const service = {
      '@type': 'ShippingService',
      shippingConditions: {
        '@type': 'ShippingConditions',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'GBP' },
        transitTime: { '@type': 'ServicePeriod', duration: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'd' } },
      },
    };
    const { result } = run('shipping_structured', { homepage: html({ jsonLd: [{ ...organization, hasShippingService: service }] }) });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('on OnlineStore');
  });

  it('warns on partial shipping details', () => {
    const { deliveryTime: _d, ...partial } = shippingDetails;
    const { result } = run('shipping_structured', { products: [html({ jsonLd: [productWith({ shippingDetails: partial })] })] });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('missing deliveryTime');
  });

  it('fails when the product pages state no shipping details, with a snippet in the shop currency', () => {
    const { result, advice } = run('shipping_structured', { products: [html({ jsonLd: [productWith({})] })] });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('agents cannot tell a buyer what delivery costs or when it arrives');
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('"@type": "OfferShippingDetails"');
    expect(snippet).toContain('"currency": "GBP"');
    expect(snippet).toContain('"addressCountry": "GB"');
  });

  it('is not assessed on a homepage-only scan without shipping markup', () => {
    expect(run('shipping_structured', { homepage: html({}) }).result.status).toBe('not_assessed');
  });
});
