import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';

const { run } = checkRunner(agenticCommerceChecks);

const softNotFound = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Oops</h1></body></html>';
const shopifyHome =
  '<!doctype html><html><head><title>Mug Shop</title><script src="https://cdn.shopify.com/s/files/1/theme.js"></script></head><body><h1>Mugs</h1></body></html>';
const ucpProfile = (
  capabilities: Record<string, unknown>,
  services: Record<string, unknown> = {
    'dev.ucp.shopping': [{ version: '2026-01-23', transport: 'rest', endpoint: 'https://shop.example/ucp/v1' }],
  },
) => JSON.stringify({ ucp: { version: '2026-01-23', services, capabilities } });
const checkout = { 'dev.ucp.shopping.checkout': [{ version: '2026-01-23', spec: 'https://ucp.dev/specification/checkout' }] };

const productPage = (product: Record<string, unknown> & { name: string }) =>
  `<!doctype html><html><head><title>${product.name}</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', ...product })}</script></head><body><h1>${product.name}</h1></body></html>`;
const fullProduct = {
  name: 'Blue mug',
  image: 'https://shop.example/cdn/blue-mug.jpg',
  sku: 'MUG-BLUE',
  brand: { '@type': 'Brand', name: 'Potter & Co' },
  offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
};

describe('agentic commerce checks', () => {
  it('follow the rubric: ids, order, dimension and points adding up to 15', () => {
    expect(agenticCommerceChecks.map((c) => [c.id, c.points])).toEqual([
      ['ucp_profile', 5],
      ['acp_ready', 2],
      ['mcp_discovery', 2],
      ['a2a_ap2', 1],
      ['actionable_forms', 3],
      ['checkout_friction', 2],
    ]);
    expect(agenticCommerceChecks.every((c) => c.dimension === 'agentic_commerce')).toBe(true);
    expect(agenticCommerceChecks.reduce((sum, c) => sum + c.points, 0)).toBe(15);
  });
});

describe('ucp_profile', () => {
  it('passes a valid profile with a checkout capability', () => {
    const { result } = run('ucp_profile', { ucp: ucpProfile(checkout) });
    expect(result.status).toBe('pass');
    expect(result.platformProvided).toBeUndefined();
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/.well-known/ucp',
      value: 'version 2026-01-23, capabilities: dev.ucp.shopping.checkout',
    });
  });

  it("credits a Shopify store's generated profile as platform provided", () => {
    const { result } = run('ucp_profile', { homepage: shopifyHome, ucp: ucpProfile(checkout) });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.summary).toContain('served by Shopify');
  });

  it('warns on a valid profile without checkout, and advises adding the capability', () => {
    const { result, advice } = run('ucp_profile', { ucp: ucpProfile({ 'dev.ucp.shopping.catalog': [{ version: '2026-01-23' }] }) });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('declares no checkout capability');
    expect(result.evidence[0]?.value).toContain('dev.ucp.shopping.catalog');
    expect(advice().snippet).toContain('dev.ucp.shopping.checkout');
  });

  it('fails a profile that is present but invalid, naming the problem', () => {
    const { result, advice } = run('ucp_profile', { ucp: '{"ucp":{"services":{"dev.ucp.shopping":[]}}}' });
    expect(result.status).toBe('fail');
    expect(result.summary).toContain('is not usable: version');
    expect(advice().title).toBe('Fix your UCP profile');
  });

  it('fails when there is no profile (404 or soft 404), and advises one for the shop', () => {
    const missing = run('ucp_profile', {});
    expect(missing.result.status).toBe('fail');
    expect(missing.result.evidence[0]).toEqual({ url: 'https://shop.example/.well-known/ucp', value: 'answered HTTP 404' });
    const { snippet, effort } = missing.advice();
    expect(snippet).toContain('"endpoint": "https://shop.example/ucp/v1"');
    expect(snippet).toContain('"dev.ucp.shopping.checkout"');
    expect(effort).toBe('L');
    expect(missing.advice().why).toContain('Found: https://shop.example/.well-known/ucp: answered HTTP 404.');
    expect(JSON.parse(snippet ?? '')).toHaveProperty('ucp.version');
    expect(run('ucp_profile', { ucp: softNotFound }).result.evidence[0]?.value).toContain('soft 404');
  });

  it('is not assessed when the profile was not fetched', () => {
    expect(run('ucp_profile', { ucp: { skipped: 'deadline' } }).result).toMatchObject({ status: 'not_assessed', score: null });
  });
});

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

describe('mcp_discovery', () => {
  it('passes a valid /.well-known/mcp.json', () => {
    const { result } = run('mcp_discovery', {
      mcp: '{"name":"Mug Shop MCP","endpoint":"https://shop.example/mcp","transport":"streamable-http"}',
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/.well-known/mcp.json',
      value: 'endpoints: https://shop.example/mcp; transports: streamable-http',
    });
  });

  it('passes a server card', () => {
    const { result } = run('mcp_discovery', {
      mcpServerCard: '{"name":"shop","version":"1.0.0","remotes":[{"type":"streamable-http","url":"https://shop.example/api/mcp"}]}',
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/.well-known/mcp/server-card');
  });

  it('passes an MCP transport declared in the UCP profile, platform provided on Shopify', () => {
    const services = { 'dev.ucp.shopping': [{ version: '2026-01-23', transport: 'mcp', endpoint: 'https://shop.example/api/ucp/mcp' }] };
    const { result } = run('mcp_discovery', { homepage: shopifyHome, ucp: ucpProfile(checkout, services) });
    expect(result).toMatchObject({ status: 'pass', platformProvided: true });
    expect(result.summary).toContain('https://shop.example/api/ucp/mcp');
  });

  it('warns on a file that is there but declares no endpoint', () => {
    const { result } = run('mcp_discovery', { mcp: '{"name":"Mug Shop MCP"}' });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('no absolute http(s) MCP endpoint');
  });

  it('fails when nothing declares an MCP server, and advises a server card', () => {
    const { result, advice } = run('mcp_discovery', { mcp: softNotFound });
    expect(result.status).toBe('fail');
    expect(result.evidence.map((e) => e.url)).toEqual([
      'https://shop.example/.well-known/mcp.json',
      'https://shop.example/.well-known/mcp/server-card',
      'https://shop.example/.well-known/ucp',
    ]);
    expect(JSON.parse(advice().snippet ?? '')).toMatchObject({ remotes: [{ type: 'streamable-http', url: 'https://shop.example/mcp' }] });
  });

  it('is not assessed when a discovery file was not fetched', () => {
    const { result } = run('mcp_discovery', { mcp: { failed: 'timeout' } });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('could not be fetched (timeout)');
  });
});

describe('a2a_ap2', () => {
  const card = (extensions: unknown[]) =>
    JSON.stringify({ name: 'Mug Shop agent', url: 'https://shop.example/a2a', capabilities: { extensions } });

  it('passes an agent card with the AP2 extension, naming the roles', () => {
    const { result } = run('a2a_ap2', {
      agentCard: card([{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: { roles: ['merchant'] } }]),
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.value).toBe('AP2 extension; roles: merchant');
  });

  it('warns on an agent card without AP2, and on an incomplete card', () => {
    const plain = run('a2a_ap2', { agentCard: card([]) });
    expect(plain.result.status).toBe('warn');
    expect(plain.result.summary).toContain('declares no AP2 extension');
    expect(plain.advice().snippet).toContain('"uri": "https://github.com/google-agentic-commerce/ap2/tree/v0.1"');
    const incomplete = run('a2a_ap2', { agentCard: '{"name":"Mug Shop agent"}' });
    expect(incomplete.result.status).toBe('warn');
    expect(incomplete.result.summary).toContain('no absolute http(s) service url');
  });

  it('fails without an agent card', () => {
    expect(run('a2a_ap2', {}).result).toMatchObject({ status: 'fail', score: 0 });
  });

  it('is not assessed when the card was not fetched', () => {
    expect(run('a2a_ap2', { agentCard: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});
