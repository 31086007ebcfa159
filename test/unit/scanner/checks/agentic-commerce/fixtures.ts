/** Pages and files the agentic-commerce check tests share. */
export const softNotFound = '<!doctype html><html><head><title>Page not found</title></head><body><h1>Oops</h1></body></html>';

export const shopifyHome =
  '<!doctype html><html><head><title>Mug Shop</title><script src="https://cdn.shopify.com/s/files/1/theme.js"></script></head><body><h1>Mugs</h1></body></html>';

/** A public EC P-256 key as UCP signing_keys publish it. */
export const signingKey = {
  kid: 'shop-2026-11',
  kty: 'EC',
  crv: 'P-256',
  x: 'OqYiqjrZ8idlGCkZ9ttgLfNGcABmQrlgJ01TvbIv2oQ',
  y: 'pzVhne6gjUXeF7-6i4j_xXUxUEbvSEOFi-OoPpk-BGM',
  use: 'sig',
  alg: 'ES256',
};

export const paymentHandlers = {
  'com.example.processor_tokenizer': [
    {
      id: 'processor_tokenizer',
      version: '2026-04-08',
      spec: 'https://psp.example/ucp/tokenizer',
      available_instruments: [{ type: 'card' }],
    },
  ],
};

/** A UCP 2026-04-08 business profile with payment handlers and a signing key; `extra` overrides parts of it (null leaves one out). */
export const ucpProfile = (
  capabilities: Record<string, unknown>,
  services: Record<string, unknown> = {
    'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'rest', endpoint: 'https://shop.example/ucp/v1' }],
  },
  extra: { version?: string; payment_handlers?: unknown; signing_keys?: unknown } = {},
) => {
  const { version = '2026-04-08', payment_handlers = paymentHandlers, signing_keys = [signingKey] } = extra;
  return JSON.stringify({
    ucp: { version, services, capabilities, ...(payment_handlers === null ? {} : { payment_handlers }) },
    ...(signing_keys === null ? {} : { signing_keys }),
  });
};

export const checkout = {
  'dev.ucp.shopping.checkout': [{ version: '2026-04-08', spec: 'https://ucp.dev/2026-04-08/specification/checkout' }],
};

export const identityLinking = {
  'dev.ucp.common.identity_linking': [
    {
      version: '2026-04-08',
      spec: 'https://ucp.dev/2026-04-08/specification/identity-linking',
      config: { scopes: { 'dev.ucp.shopping.order:read': {}, 'dev.ucp.shopping.order:manage': {} } },
    },
  ],
};
