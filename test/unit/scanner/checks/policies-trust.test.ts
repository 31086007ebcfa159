import { describe, expect, it } from 'vitest';
import { policiesTrustChecks } from '#shared/scanner/checks/policies-trust/index.js';
import type { Input } from '#test/unit/scanner/checks/build-artifacts.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';

function html({ jsonLd = [], body = '', lang = 'en-GB' }: { jsonLd?: unknown[]; body?: string; lang?: string }): string {
  const scripts = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('\n');
  return `<!doctype html><html lang="${lang}"><head><title>Harbour Goods – Homeware</title>${scripts}</head><body>${body}</body></html>`;
}

const returnPolicy = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'GB',
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: 30,
};
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
const productWith = (offerExtra: Record<string, unknown>) => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Linen Tea Towel',
  brand: { '@type': 'Organization', name: 'Loom Mill', url: 'https://loommill.example', logo: 'https://loommill.example/logo.png' },
  offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock', ...offerExtra },
});
const organization = {
  '@context': 'https://schema.org',
  '@type': 'OnlineStore',
  name: 'Harbour Goods',
  url: 'https://shop.example/',
  logo: 'https://shop.example/logo.png',
  contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: 'hello@shop.example' },
  sameAs: ['https://www.instagram.com/harbourgoods'],
};

const footer = `<footer>
  <a href="/policies/terms-of-service">Terms of service</a> <a href="/policies/privacy-policy">Privacy policy</a>
  <a href="/policies/refund-policy">Refund policy</a> <a href="/policies/shipping-policy">Shipping</a>
  <a href="/pages/contact">Contact us</a> <a href="/pages/about-us">Our story</a>
  <a href="/pages/faq">FAQ</a> <a href="https://help.shop.example/">Help centre</a>
</footer>`;

const challenge: Input = {
  status: 403,
  headers: { 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
};

const { run } = checkRunner(policiesTrustChecks);

describe('policies_trust dimension', () => {
  it('has the rubric ids in order and points adding up to 15', () => {
    expect(policiesTrustChecks.map((c) => [c.id, c.points])).toEqual([
      ['returns_structured', 3],
      ['shipping_structured', 3],
      ['policy_links', 4],
      ['org_identity', 2],
      ['https_hsts', 2],
      ['security_txt', 1],
    ]);
    expect(policiesTrustChecks.reduce((sum, c) => sum + c.points, 0)).toBe(15);
    expect(policiesTrustChecks.every((c) => c.dimension === 'policies_trust')).toBe(true);
  });
});

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
    const snippet = advice().snippet ?? '';
    expect(snippet).toContain('"https://www.instagram.com/harbourgoods"');
    expect(snippet).toContain('"email": "hello@shop.example"');
  });

  it("fails without an Organization, and does not take a product's brand for the shop", () => {
    const { result, advice } = run('org_identity', { homepage: html({}), products: [html({ jsonLd: [productWith({})] })] });
    expect(result).toMatchObject({ status: 'fail', score: 0 });
    expect(result.summary).toMatch(/No Organization or OnlineStore markup/);
    expect(advice().snippet).toContain('"name": "Harbour Goods"');
  });

  it('is not assessed when no page could be read', () => {
    expect(run('org_identity', { homepage: { failed: 'unreachable' } }).result.status).toBe('not_assessed');
  });
});

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
