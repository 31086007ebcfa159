import { describe, expect, it } from 'vitest';
import { detectPlatform } from '#shared/scanner/parse/platform.js';

describe('detectPlatform', () => {
  it('detects Shopify from headers with high confidence', () => {
    const result = detectPlatform({ html: '<html></html>', headers: { 'X-ShopId': '123', 'content-type': 'text/html' } });
    expect(result).toMatchObject({ platform: 'shopify', evidence: 'header x-shopid', confidence: 'high' });
  });

  it('detects Shopify from the _shopify_y cookie in Set-Cookie, including a WHATWG Headers object', () => {
    const headers = new Headers();
    headers.append('set-cookie', 'localization=US; Expires=Wed, 01 Jan 2031 00:00:00 GMT; path=/');
    headers.append('set-cookie', '_shopify_y=abc; path=/');
    expect(detectPlatform({ html: '', headers })).toMatchObject({ platform: 'shopify', evidence: 'cookie _shopify_y', confidence: 'high' });
    expect(detectPlatform({ html: '', cookies: ['_shopify_y'] }).platform).toBe('shopify');
  });

  it('detects Shopify from HTML markers with medium confidence', () => {
    const html = '<script>Shopify.theme = {"name":"Dawn"};</script><link href="//cdn.shopify.com/s/files/1/theme.css">';
    const result = detectPlatform({ html });
    expect(result).toMatchObject({ platform: 'shopify', evidence: 'HTML loads cdn.shopify.com', confidence: 'medium' });
    expect(result.signals).toHaveLength(2);
  });

  it('detects WooCommerce', () => {
    const html = '<body class="home woocommerce-page"><script src="/wp-content/plugins/woocommerce/assets/js/frontend.js"></script>';
    expect(detectPlatform({ html })).toMatchObject({ platform: 'woocommerce', confidence: 'medium' });
    expect(
      detectPlatform({ html: '<script>var wc_add_to_cart_params = {"wc_ajax_url":"/?wc-ajax=%%endpoint%%"};</script>' }).platform,
    ).toBe('woocommerce');
  });

  it('does not take the word woocommerce in prose for a WooCommerce shop', () => {
    expect(detectPlatform({ html: '<p>We migrated away from woocommerce last year.</p>' }).platform).toBe('custom');
  });

  it('detects BigCommerce', () => {
    const html = '<img src="https://cdn11.bigcommerce.com/s-abc/images/x.jpg"><div data-content-region="home_below_menu"></div>';
    expect(detectPlatform({ html })).toMatchObject({ platform: 'bigcommerce', evidence: 'HTML loads cdn11.bigcommerce.com' });
  });

  it('detects Magento from headers and HTML', () => {
    expect(detectPlatform({ html: '', headers: { 'x-magento-cache-debug': 'HIT' } })).toMatchObject({
      platform: 'magento',
      evidence: 'header x-magento-cache-debug',
    });
    const html =
      '<script type="text/x-magento-init">{"*":{"Magento_Ui/js/core/app":{}}}</script><script src="/static/mage/cookies.js"></script>';
    expect(detectPlatform({ html }).platform).toBe('magento');
  });

  it('prefers the platform with the most signals and keeps the others visible', () => {
    const html = '<img src="https://cdn.shopify.com/x.png"><body class="woocommerce"><script src="/wp-content/plugins/woocommerce/x.js">';
    const result = detectPlatform({ html });
    expect(result.platform).toBe('woocommerce');
    expect(result.signals.map((s) => s.platform)).toEqual(['shopify', 'woocommerce', 'woocommerce']);
  });

  it('returns custom with no evidence when nothing matches', () => {
    expect(detectPlatform({ html: '<html><body><h1>Hand-made shop</h1></body></html>', headers: { server: 'nginx' } })).toEqual({
      platform: 'custom',
      evidence: null,
      confidence: null,
      signals: [],
    });
  });
});
