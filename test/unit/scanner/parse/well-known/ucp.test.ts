import { describe, expect, it } from 'vitest';
import { validateUcpProfile } from '#shared/scanner/parse/well-known/ucp.js';

const CURRENT_PROFILE = {
  ucp: {
    version: '2026-04-08',
    services: {
      'dev.ucp.shopping': [
        { version: '2026-04-08', transport: 'rest', endpoint: 'https://shop.example/ucp/v1' },
        { version: '2026-04-08', transport: 'mcp', endpoint: 'https://shop.example/ucp/mcp' },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }],
      'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout' }],
    },
  },
};

describe('validateUcpProfile', () => {
  it('reads the current map-based profile', () => {
    expect(validateUcpProfile(JSON.stringify(CURRENT_PROFILE))).toEqual({
      present: true,
      valid: true,
      version: '2026-04-08',
      hasServices: true,
      capabilities: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.fulfillment'],
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp'],
      mcpEndpoints: ['https://shop.example/ucp/mcp'],
      problems: [],
    });
  });

  it('reads the older profile with per-transport service objects and a capability array', () => {
    const older = {
      ucp: {
        version: '2026-01-11',
        services: {
          'dev.ucp.shopping': {
            version: '2026-01-11',
            rest: { schema: 'https://ucp.dev/services/shopping/openapi.json', endpoint: 'https://shop.example/api' },
            mcp: { schema: 'https://ucp.dev/services/shopping/mcp.json', endpoint: 'https://shop.example/mcp' },
          },
        },
        capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }],
      },
    };
    const result = validateUcpProfile(JSON.stringify(older));
    expect(result).toMatchObject({
      present: true,
      valid: true,
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp'],
      mcpEndpoints: ['https://shop.example/mcp'],
    });
  });

  it('reads a flat profile with a services array carrying transports and capabilities', () => {
    const flat = {
      version: '2026-01-11',
      services: [
        {
          type: 'dev.ucp.shopping',
          transports: [
            { type: 'rest', endpoint: 'https://gw.example/api/v1' },
            { type: 'MCP', endpoint: 'https://gw.example/mcp' },
          ],
          capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }],
        },
      ],
    };
    expect(validateUcpProfile(JSON.stringify(flat))).toMatchObject({
      valid: true,
      version: '2026-01-11',
      capabilities: ['dev.ucp.shopping.checkout'],
      hasCheckoutCapability: true,
      transports: ['rest', 'mcp'],
      mcpEndpoints: ['https://gw.example/mcp'],
    });
  });

  it('is valid without checkout, which it reports separately', () => {
    const noCheckout = {
      ucp: {
        version: '2026-04-08',
        services: { 'dev.ucp.shopping': [{ transport: 'rest', endpoint: 'https://s.example/api' }] },
        capabilities: { 'dev.ucp.shopping.catalog': [] },
      },
    };
    expect(validateUcpProfile(JSON.stringify(noCheckout))).toMatchObject({ valid: true, hasCheckoutCapability: false, mcpEndpoints: [] });
  });

  it('is present but invalid for JSON of the wrong shape', () => {
    const result = validateUcpProfile(JSON.stringify({ ucp: { services: 'none' } }));
    expect(result.present).toBe(true);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual(['version: Invalid input: expected string, received undefined', 'services: Invalid input']);
  });

  it('is invalid when services is empty or the document is not an object', () => {
    expect(validateUcpProfile('{"version":"2026-04-08","services":{}}')).toMatchObject({
      present: true,
      valid: false,
      problems: ['services is empty'],
    });
    expect(validateUcpProfile('[1,2]')).toMatchObject({ present: true, valid: false, problems: ['profile is not a JSON object'] });
  });

  it('is absent for a soft-404 HTML page, non-JSON or an empty body', () => {
    expect(validateUcpProfile('<!DOCTYPE html><html><body>Page not found</body></html>')).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateUcpProfile('ucp: yes')).toMatchObject({ present: false, problems: ['body is not JSON'] });
    expect(validateUcpProfile('')).toMatchObject({ present: false, problems: ['empty body'] });
  });
});
