import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';

const { run } = checkRunner(agenticCommerceChecks);

const productPage = (product: Record<string, unknown> & { name: string }) =>
  `<!doctype html><html><head><title>${product.name}</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', ...product })}</script></head><body><h1>${product.name}</h1></body></html>`;

const fullProduct = {
  name: 'Blue mug',
  image: 'https://shop.example/cdn/blue-mug.jpg',
  sku: 'MUG-BLUE',
  brand: { '@type': 'Brand', name: 'Potter & Co' },
  offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
};

describe('acp_ready', () => {
  const acpJson = JSON.stringify({
    protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2025-09-29', '2026-01-30', '2026-04-17'] },
    api_base_url: 'https://shop.example/acp',
    transports: ['rest'],
    capabilities: { services: ['checkout'] },
  });

  it('passes a valid /.well-known/acp.json', () => {
    const { result } = run('acp_ready', { acp: acpJson });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('with checkout');
    expect(result.evidence[0]?.value).toBe('fields: protocol, api_base_url, transports, capabilities, version 2026-04-17');
  });

  it('notes an older ACP version in the evidence of a valid document', () => {
    const older = JSON.stringify({
      ...JSON.parse(acpJson),
      protocol: { name: 'acp', version: '2025-09-29', supported_versions: ['2025-09-29'] },
    });
    const { result } = run('acp_ready', { acp: older });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.value).toContain('version 2025-09-29 (current: 2026-04-17); to fix: protocol.version: the latest ACP');
  });

  it('warns when product data maps onto a feed but there is no ACP endpoint, with a prefilled feed item', () => {
    const { result, advice } = run('acp_ready', { products: [productPage(fullProduct)] });
    expect(result).toMatchObject({ status: 'warn', score: 0.5 });
    expect(result.summary).toContain('ready to feed');
    const { snippet, title } = advice();
    expect(title).toBe('Publish an agentic product feed and ACP discovery document');
    expect(snippet).toContain('"title": "Blue mug"');
    expect(snippet).toContain('"price": "12.50 GBP"');
    expect(snippet).toContain('"availability": "in_stock"');
    expect(snippet).toContain('"api_base_url": "https://shop.example/acp"');
    expect(snippet).toContain('"version": "2026-04-17"');
    const item = JSON.parse(snippet?.split('\n\n')[0]?.replace(/^\/\/.*\n/, '') ?? '') as Record<string, unknown>;
    expect(item).toMatchObject({
      item_id: 'MUG-BLUE',
      url: 'https://shop.example/products/item-1',
      image_url: 'https://shop.example/cdn/blue-mug.jpg',
      brand: 'Potter & Co',
      seller_url: 'https://shop.example',
      is_eligible_search: true,
      is_eligible_checkout: false,
    });
    for (const field of ['target_countries', 'store_country', 'seller_privacy_policy', 'seller_tos', 'description', 'gtin'])
      expect(item).toHaveProperty(field);
    for (const retired of ['enable_search', 'enable_checkout', 'link', 'image_link', 'id']) expect(item).not.toHaveProperty(retired);
    expect(advice().fix).toContain('seller_privacy_policy and seller_tos');
  });

  it("fills the feed's policy URLs from the homepage links and reads gtin or mpn as recommended", () => {
    const home =
      '<!doctype html><html><head><title>Mug Shop</title></head><body><footer><a href="/policies/privacy-policy">Privacy policy</a> <a href="/policies/terms-of-service">Terms of service</a></footer></body></html>';
    const { result, advice } = run('acp_ready', { homepage: home, products: [productPage({ ...fullProduct, mpn: 'PC-MUG-01' })] });
    expect(result.evidence[1]).toEqual({ url: 'https://shop.example/products/item-1', value: 'all required feed fields present' });
    const item = JSON.parse(
      advice()
        .snippet?.split('\n\n')[0]
        ?.replace(/^\/\/.*\n/, '') ?? '',
    ) as Record<string, unknown>;
    expect(item).toMatchObject({
      mpn: 'PC-MUG-01',
      seller_privacy_policy: 'https://shop.example/policies/privacy-policy',
      seller_tos: 'https://shop.example/policies/terms-of-service',
    });
    expect(item).not.toHaveProperty('gtin');
    expect(run('acp_ready', { products: [productPage(fullProduct)] }).result.evidence[1]?.value).toBe(
      'all required feed fields present; recommended: gtin or mpn',
    );
  });

  it("maps schema.org availability onto the feed's enum", () => {
    const preorder = { ...fullProduct, offers: { ...fullProduct.offers, availability: 'https://schema.org/PreOrder' } };
    expect(run('acp_ready', { products: [productPage(preorder)] }).advice().snippet).toContain('"availability": "pre_order"');
  });

  it('averages over product pages and names the page that falls short', () => {
    const { result } = run('acp_ready', {
      products: [productPage(fullProduct), productPage({ ...fullProduct, brand: undefined, name: 'Red mug' })],
    });
    expect(result).toMatchObject({ status: 'warn', score: 0.25 });
    expect(result.summary).toContain('1 of 2 product pages');
    expect(result.evidence).toContainEqual({ url: 'https://shop.example/products/item-2', value: 'missing: brand' });
  });

  it('fails when product data lacks feed fields, with JSON-LD prefilled from the page', () => {
    const { result, advice } = run('acp_ready', { products: [productPage({ ...fullProduct, sku: undefined, brand: undefined })] });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('lacks item_id (sku or gtin), brand');
    const { snippet } = advice();
    expect(snippet).toContain('"name": "Blue mug"');
    expect(snippet).toContain('"priceCurrency": "GBP"');
    expect(snippet).toContain('"sku": "<your SKU>"');
  });

  it('fails an invalid acp.json when no product page was assessed', () => {
    const { result } = run('acp_ready', { acp: '{"hello":"world"}' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('protocol: required, but missing: add it');
  });

  it('fails an acp.json that misses a member the discovery schema requires', () => {
    const { result } = run('acp_ready', {
      acp: JSON.stringify({ ...JSON.parse(acpJson), transports: undefined, product_feed: '/feed.xml' }),
    });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('transports: required, but missing: add it');
    expect(result.summary).toContain('unknown member "product_feed"');
  });

  it('is not assessed without acp.json and without product pages', () => {
    const { result } = run('acp_ready', {});
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('no product page was assessed');
  });
});
