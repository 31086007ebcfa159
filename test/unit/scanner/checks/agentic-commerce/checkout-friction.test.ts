import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { cloudflareWall, homepage, productPage } from '#test/unit/scanner/checks/agentic-commerce/action-fixtures.js';

const { run } = checkRunner(agenticCommerceChecks);

describe('checkout_friction', () => {
  it('passes express wallet and guest checkout markers without CAPTCHA or login wall', () => {
    const body = '<div class="shopify-payment-button" data-shopify="payment-button"></div><p>No account needed: checkout as guest.</p>';
    const { result } = run('checkout_friction', { homepage: homepage(), products: [productPage(body)] });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('Shop Pay / Shopify dynamic checkout');
    const french = run('checkout_friction', { products: [productPage("<p>Commander en tant qu'invité, sans compte.</p>")] }).result;
    expect(french.evidence).toEqual([{ url: 'https://shop.example/products/item-1', value: `"Commander en tant qu'invité"` }]);
    expect(result.evidence).toContainEqual({ url: 'https://shop.example/products/item-1', value: '"checkout as guest"' });
  });

  it('warns on a CAPTCHA script, naming the vendor and the page', () => {
    const { result, advice } = run('checkout_friction', {
      homepage: homepage('', '<script src="https://www.google.com/recaptcha/api.js" async defer></script>'),
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toBe('A CAPTCHA (reCAPTCHA) on https://shop.example/ can stop agents before checkout.');
    expect(advice().title).toBe('Keep CAPTCHAs off product pages and the way to checkout');
  });

  it('warns when neither express nor guest checkout is visible', () => {
    const { result, advice } = run('checkout_friction', { products: [productPage('<p>Delivery in 3 days.</p>')] });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('No express wallet or guest checkout');
    expect(advice().snippet).toContain('check out as a guest');
  });

  it('fails when buying needs an account, quoting the text', () => {
    const { result, advice } = run('checkout_friction', {
      products: [productPage('<p>Please log in to see prices.</p><div class="apple-pay-button"></div>')],
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('says "log in to see prices"');
    expect(advice().title).toBe('Let shoppers see prices and buy without logging in');
  });

  it('is not assessed when no page could be read', () => {
    const { result } = run('checkout_friction', { homepage: cloudflareWall });
    expect(result.status).toBe('not_assessed');
    expect(result.evidence[0]?.value).toContain('bot wall');
  });
});
