/**
 * UCP business profiles written from the schemas (github.com/Universal-Commerce-Protocol/ucp), one full
 * document per version the scanner knows, each using every member its schema defines.
 */

export type Json = Record<string, unknown>;
/** Where a member is: keys may hold dots (`dev.ucp.shopping`), so a path is an array. */
export type Path = (string | number)[];

/** The document with one member changed (`undefined` removes it). */
export function edited(document: Json, path: Path, value: unknown): Json {
  const copy = structuredClone(document);
  const parent = path.slice(0, -1).reduce<Json>((node, key) => node[key] as Json, copy);
  const last = path.at(-1) as string;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

const KEY_EC = {
  kid: 'mugs-2026',
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
  use: 'sig',
  alg: 'ES256',
};

const KEY_OKP = { kid: 'mugs-wba', kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', alg: 'EdDSA' };

/** 2026-04-08: status, supported_versions, embedded config, multi-parent extends, identity linking scopes, instruments. */
export const currentProfile = () => ({
  ucp: {
    version: '2026-04-08',
    status: 'success',
    supported_versions: { '2026-01-23': 'https://mugs.example/.well-known/ucp-2026-01-23.json' },
    services: {
      'dev.ucp.shopping': [
        { version: '2026-04-08', transport: 'rest', endpoint: 'https://mugs.example/api/ucp', spec: 'https://ucp.dev/spec/overview' },
        { version: '2026-04-08', transport: 'mcp', endpoint: 'https://mugs.example/api/mcp', schema: 'https://ucp.dev/mcp.json' },
        { version: '2026-04-08', transport: 'a2a', endpoint: 'https://mugs.example/.well-known/agent-card.json' },
        { version: '2026-04-08', transport: 'embedded', config: { delegate: ['payment.credential'], color_scheme: ['light', 'dark'] } },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: '2026-04-08', schema: 'https://ucp.dev/schemas/checkout.json' }],
      'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout', id: 'ship' }],
      'com.mugs.gift_wrap': [
        { version: '2026-04-08', extends: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.cart'], config: { paper: 'kraft' } },
      ],
      'dev.ucp.common.identity_linking': [
        {
          version: '2026-04-08',
          config: { scopes: { 'dev.ucp.shopping.order:read': {}, 'dev.ucp.shopping.order:manage': { description: 'Manage orders' } } },
        },
      ],
    },
    payment_handlers: {
      'com.psp.cards': [
        {
          id: 'cards',
          version: '2026-04-08',
          spec: 'https://psp.example/ucp',
          available_instruments: [{ type: 'card', constraints: { brands: ['visa'] } }, { type: 'gift_card' }],
          config: { merchant: 'mugs' },
        },
      ],
    },
  },
  signing_keys: [KEY_EC],
});

/** 2026-01-23: no status or supported_versions, one parent per extension, available_instruments not yet defined. */
export const olderProfile = () => ({
  ucp: {
    version: '2026-01-23',
    services: {
      'dev.ucp.shopping': [
        { version: '2026-01-23', transport: 'mcp', endpoint: 'https://mugs.example/api/mcp' },
        // color_scheme is not defined in 2026-01-23, so any value passes.
        { version: '2026-01-23', transport: 'embedded', config: { color_scheme: 'sepia' } },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: '2026-01-23' }],
      'dev.ucp.shopping.discount': [{ version: '2026-01-23', extends: 'dev.ucp.shopping.checkout' }],
    },
    // Not defined in 2026-01-23, so anything passes; 2026-04-08 would refuse the empty list.
    payment_handlers: { 'com.psp.cards': [{ id: 'cards', version: '2026-01-23', available_instruments: [] }] },
  },
  signing_keys: [KEY_EC],
});

/**
 * The draft on main: "draft" versions, capabilities with schema, map_order, hyphenated names, constraint
 * expressions, keys[] with EC and OKP keys.
 */
export const draftProfile = () => ({
  ucp: {
    version: 'draft',
    map_order: { payment_handlers: ['com.mugs-pay.wallet', 'com.psp.cards'] },
    services: { 'dev.ucp.shopping': [{ version: 'draft', transport: 'rest', endpoint: 'https://mugs.example/api/ucp' }] },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: 'draft', schema: 'https://ucp.dev/draft/schemas/checkout.json' }],
      'com.mugs-shop.loyalty': [{ version: 'draft', schema: 'https://mugs.example/loyalty.json', extends: ['dev.ucp.shopping.checkout'] }],
    },
    payment_handlers: {
      'com.psp.cards': [
        {
          id: 'cards',
          version: 'draft',
          available_instruments: [
            {
              type: 'card',
              constraints: {
                required: ['brand'],
                properties: { brand: { enum: ['visa', 'amex'] }, issuer: { properties: { country: { const: 'DE' } } } },
              },
            },
            { type: 'gift_card', constraints: {} },
            {
              type: 'wallet',
              constraints: { anyOf: [{ required: ['provider'] }, { properties: { tier: { enum: ['gold'], const: 'gold' } } }] },
            },
          ],
        },
      ],
      'com.mugs-pay.wallet': [{ id: 'wallet', version: '2026-09-01' }],
    },
  },
  keys: [KEY_OKP, KEY_EC],
});
