import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { checkout, shopifyHome, softNotFound, ucpProfile } from '#test/unit/scanner/checks/agentic-commerce/fixtures.js';

const { run } = checkRunner(agenticCommerceChecks);

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
