/** Pages and files the agentic-commerce check tests share. */
export const softNotFound = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Oops</h1></body></html>';

export const shopifyHome =
  '<!doctype html><html><head><title>Mug Shop</title><script src="https://cdn.shopify.com/s/files/1/theme.js"></script></head><body><h1>Mugs</h1></body></html>';

export const ucpProfile = (
  capabilities: Record<string, unknown>,
  services: Record<string, unknown> = {
    'dev.ucp.shopping': [{ version: '2026-01-23', transport: 'rest', endpoint: 'https://shop.example/ucp/v1' }],
  },
) => JSON.stringify({ ucp: { version: '2026-01-23', services, capabilities } });

export const checkout = { 'dev.ucp.shopping.checkout': [{ version: '2026-01-23', spec: 'https://ucp.dev/specification/checkout' }] };
