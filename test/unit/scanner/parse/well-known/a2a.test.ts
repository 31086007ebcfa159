import { describe, expect, it } from 'vitest';
import { validateAgentCard } from '#shared/scanner/parse/well-known/a2a.js';

const CARD = {
  name: 'Acme Merchant Agent',
  description: 'Sells tents',
  url: 'https://shop.example/a2a',
  version: '1.0.0',
  capabilities: {
    streaming: true,
    extensions: [
      { uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', required: true, params: { roles: ['merchant'] } },
      { uri: 'https://example.com/other-extension' },
    ],
  },
  skills: [{ id: 'search', name: 'Search', description: 'Search products' }],
};

describe('validateAgentCard', () => {
  it('reads a card with an AP2 extension', () => {
    expect(validateAgentCard(JSON.stringify(CARD))).toEqual({
      present: true,
      valid: true,
      name: 'Acme Merchant Agent',
      url: 'https://shop.example/a2a',
      protocolVersion: null,
      hasAp2Extension: true,
      ap2Roles: ['merchant'],
      problems: [],
    });
  });

  it('reads the A2A protocol version the card declares: top-level in 0.3, per interface in 1.0', () => {
    const v03 = { protocolVersion: '0.3.0', name: 'Acme', url: 'https://shop.example/a2a' };
    expect(validateAgentCard(JSON.stringify(v03))).toMatchObject({ valid: true, protocolVersion: '0.3.0' });
    const v1 = {
      name: 'Acme',
      supportedInterfaces: [{ url: 'https://shop.example/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    };
    expect(validateAgentCard(JSON.stringify(v1))).toMatchObject({ valid: true, protocolVersion: '1.0' });
  });

  it('reads an A2A 1.0 card whose url is in supportedInterfaces, without AP2', () => {
    const v1 = {
      name: 'Acme',
      supportedInterfaces: [{ url: 'https://shop.example/a2a/v1', protocolBinding: 'JSONRPC' }],
      capabilities: {},
    };
    expect(validateAgentCard(JSON.stringify(v1))).toMatchObject({
      valid: true,
      url: 'https://shop.example/a2a/v1',
      hasAp2Extension: false,
      ap2Roles: [],
    });
  });

  it('is present but invalid without a name or a service url', () => {
    const noName = validateAgentCard(JSON.stringify({ url: 'https://shop.example/a2a' }));
    expect(noName).toMatchObject({ present: true, valid: false });
    expect(noName.problems).toEqual(['name: Invalid input: expected string, received undefined']);
    expect(validateAgentCard('{"name":"Acme","url":"/a2a"}')).toMatchObject({
      valid: false,
      problems: ['no absolute http(s) service url'],
    });
  });

  it('is absent for a soft-404 HTML page or non-JSON', () => {
    expect(validateAgentCard('<!DOCTYPE html><title>404</title>')).toMatchObject({
      present: false,
      problems: ['HTML page served instead of JSON (soft 404)'],
    });
    expect(validateAgentCard('{broken').present).toBe(false);
  });
});
