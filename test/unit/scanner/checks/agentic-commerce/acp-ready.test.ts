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
    protocol: { name: 'acp', version: '2025-09-29', supported_versions: ['2025-09-29'] },
    api_base_url: 'https://shop.example/acp',
    transports: ['rest'],
    capabilities: { services: ['checkout'] },
  });

  it('passes a valid /.well-known/acp.json', () => {
    const { result } = run('acp_ready', { acp: acpJson });
    expect(result.status).toBe('pass');
    expect(result.summary).toContain('with checkout');
    expect(result.evidence[0]?.value).toContain('version 2025-09-29');
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
    expect(result.summary).toContain('lacks id (sku or gtin), brand');
    const { snippet } = advice();
    expect(snippet).toContain('"name": "Blue mug"');
    expect(snippet).toContain('"priceCurrency": "GBP"');
    expect(snippet).toContain('"sku": "<your SKU>"');
  });

  it('fails an invalid acp.json when no product page was assessed', () => {
    const { result } = run('acp_ready', { acp: '{"hello":"world"}' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('no recognisable ACP discovery field');
  });

  it('is not assessed without acp.json and without product pages', () => {
    const { result } = run('acp_ready', {});
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('no product page was assessed');
  });
});
