import { describe, expect, it } from 'vitest';
import { agenticCommerceChecks } from '#shared/scanner/checks/agentic-commerce/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { versionOf } from '#shared/scanner/standards.js';
import { validateAgentCard } from '#shared/scanner/parse/well-known/a2a.js';

const { run } = checkRunner(agenticCommerceChecks);

describe('a2a_ap2', () => {
  const card = (extensions: unknown[]) =>
    JSON.stringify({
      name: 'Mug Shop agent',
      description: 'Sells mugs.',
      supportedInterfaces: [{ url: 'https://shop.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      version: '1.0.0',
      capabilities: { extensions },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'shop', name: 'Shop', description: 'Finds a mug.', tags: ['commerce'] }],
    });

  it('passes an agent card with the AP2 extension, naming the roles', () => {
    const { result } = run('a2a_ap2', {
      agentCard: card([{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: { roles: ['merchant'] } }]),
    });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.value).toBe('AP2 extension; roles: merchant');
  });

  it('passes a 0.3 card with the AP2 extension, saying in the evidence that 1.0 is current', () => {
    const v03 = {
      ...JSON.parse(card([{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: { roles: ['merchant'] } }])),
      supportedInterfaces: undefined,
      protocolVersion: '0.3.0',
      url: 'https://shop.example/a2a',
    };
    const { result } = run('a2a_ap2', { agentCard: JSON.stringify(v03) });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.value).toContain('the current A2A is 1.0');
  });

  it('warns on an agent card without AP2, and on an incomplete card', () => {
    const plain = run('a2a_ap2', { agentCard: card([]) });
    expect(plain.result.status).toBe('warn');
    expect(plain.result.summary).toContain('declares no AP2 extension');
    expect(plain.advice().snippet).toContain(`"uri": "https://github.com/google-agentic-commerce/ap2/tree/${versionOf('ap2')}"`);
    expect(validateAgentCard(plain.advice().snippet ?? '')).toMatchObject({ valid: true, problems: [], warnings: [] });
    const incomplete = run('a2a_ap2', { agentCard: '{"name":"Mug Shop agent"}' });
    expect(incomplete.result.status).toBe('warn');
    expect(incomplete.result.summary).toContain('description: required, but missing: add it');
    expect(incomplete.result.summary).toContain('supportedInterfaces: required, but missing: add it');
  });

  it('does not apply without an agent card (404, or an HTML soft 404): not assessed, never a fail', () => {
    for (const agentCard of [undefined, '<!doctype html><html><body>Page not found</body></html>']) {
      const { result } = run('a2a_ap2', agentCard === undefined ? {} : { agentCard });
      expect(result).toMatchObject({ status: 'not_assessed', score: null });
      expect(result.summary).toContain('does not apply');
    }
  });

  it('warns on a card that is JSON but not an object', () => {
    expect(run('a2a_ap2', { agentCard: '[]' }).result).toMatchObject({ status: 'warn', score: 0.5 });
  });

  it('is not assessed when the card was not fetched', () => {
    expect(run('a2a_ap2', { agentCard: { skipped: 'deadline' } }).result.status).toBe('not_assessed');
  });
});
