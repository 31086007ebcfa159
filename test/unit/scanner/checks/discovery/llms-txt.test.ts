import { describe, expect, it } from 'vitest';
import { discoveryChecks } from '#shared/scanner/checks/discovery/index.js';
import { checkRunner } from '#test/unit/scanner/checks/check-runner.js';
import { page, softNotFound } from '#test/unit/scanner/checks/discovery/fixtures.js';

const { run } = checkRunner(discoveryChecks);

describe('llms_txt', () => {
  const llms = '# Mug Shop\n\n> Handmade mugs shipped across the UK.\n\n- [All mugs](https://shop.example/collections/mugs): the catalog\n';

  it('passes a valid /llms.txt', () => {
    const { result } = run('llms_txt', { llmsTxt: llms });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]).toEqual({
      url: 'https://shop.example/llms.txt',
      value: `H1 "Mug Shop", 1 links, ${llms.trim().length} characters`,
    });
  });

  it('passes a valid /agents.md when llms.txt is missing', () => {
    const { result } = run('llms_txt', { agentsMd: llms });
    expect(result.status).toBe('pass');
    expect(result.evidence[0]?.url).toBe('https://shop.example/agents.md');
  });

  it('warns on an llms.txt without links, quoting the problems, and advises a skeleton from the shop', () => {
    const { result, advice } = run('llms_txt', {
      llmsTxt: '# Mug Shop\n\nWe sell mugs.',
      homepage: page('', '<a href="/policies/shipping-policy">Shipping</a><a href="/pages/contact">Contact us</a>'),
    });
    expect(result.status).toBe('warn');
    expect(result.summary).toContain('no Markdown link');
    expect(result.summary).toContain('shorter than 50 characters');
    const { snippet } = advice();
    expect(snippet).toMatch(/^# Mug Shop\n/);
    expect(snippet).toContain('- [Shipping](https://shop.example/policies/shipping-policy)');
    expect(snippet).toContain('- [Contact](https://shop.example/pages/contact)');
  });

  it('is not applicable when neither file exists, soft 404s included', () => {
    const { result } = run('llms_txt', { llmsTxt: softNotFound });
    expect(result).toMatchObject({ status: 'not_applicable', score: null });
    expect(result.evidence.map((e) => e.value)).toEqual(['HTML page served instead of Markdown (soft 404)', 'answered HTTP 404']);
  });

  it('is not assessed when a file was not fetched in time', () => {
    const { result } = run('llms_txt', { llmsTxt: { skipped: 'deadline' } });
    expect(result.status).toBe('not_assessed');
    expect(result.summary).toContain('https://shop.example/llms.txt not fetched before the scan deadline');
  });
});
