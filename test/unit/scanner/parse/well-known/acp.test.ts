import { describe, expect, it } from 'vitest';
import { validateAcpDiscovery } from '#shared/scanner/parse/well-known/acp.js';

const DRAFT_EXAMPLE = {
  protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29', '2026-01-30'] },
  api_base_url: 'https://shop.example/api',
  transports: ['rest', 'mcp'],
  capabilities: { services: ['checkout', 'orders'], extensions: [{ name: 'discount' }] },
};

describe('validateAcpDiscovery', () => {
  it('accepts the discovery draft shape', () => {
    expect(validateAcpDiscovery(JSON.stringify(DRAFT_EXAMPLE))).toEqual({
      present: true,
      valid: true,
      conformsToDraft: true,
      version: '2026-01-30',
      apiBaseUrl: 'https://shop.example/api',
      transports: ['rest', 'mcp'],
      services: ['checkout', 'orders'],
      hasCheckout: true,
      recognisedFields: ['protocol', 'api_base_url', 'transports', 'capabilities'],
      problems: [],
    });
  });

  it('accepts other recognisable documents but says where they differ from the draft', () => {
    const result = validateAcpDiscovery(JSON.stringify({ version: '2025-09-29', checkout_url: 'https://shop.example/acp/checkout' }));
    expect(result).toMatchObject({ present: true, valid: true, conformsToDraft: false, version: '2025-09-29', hasCheckout: true });
    expect(result.problems).toContain('protocol: Invalid input: expected object, received undefined');
  });

  it('rejects a non-http api_base_url from the draft shape', () => {
    const result = validateAcpDiscovery(JSON.stringify({ ...DRAFT_EXAMPLE, api_base_url: '/api' }));
    expect(result).toMatchObject({ valid: true, conformsToDraft: false, apiBaseUrl: null });
    expect(result.problems).toEqual(['api_base_url: must be an absolute http(s) URL']);
  });

  it('is present but invalid for JSON without recognisable fields', () => {
    const result = validateAcpDiscovery('{"hello":"world"}');
    expect(result.present).toBe(true);
    expect(result.valid).toBe(false);
    expect(result.problems[0]).toBe('no recognisable ACP discovery field');
    expect(validateAcpDiscovery('"acp"')).toMatchObject({ present: true, valid: false, problems: ['document is not a JSON object'] });
  });

  it('is absent for a soft-404 HTML page or non-JSON', () => {
    expect(validateAcpDiscovery('<html><head><title>Shop</title></head></html>')).toEqual({
      present: false,
      valid: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAcpDiscovery('Not Found').present).toBe(false);
  });
});
