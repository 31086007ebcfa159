import { describe, expect, it } from 'vitest';
import { validateLlmsTxt } from '#shared/scanner/parse/llms-txt-parser.js';

const GOOD = `# Acme Outdoor

> Tents, stoves and sleeping bags, shipped across the EU.

## Shop

- [Tents](https://acme.example/collections/tents): all tents with prices
- [Returns policy](https://acme.example/policies/refund-policy)
`;

describe('validateLlmsTxt', () => {
  it('accepts a llmstxt.org document with an H1, links and enough text', () => {
    expect(validateLlmsTxt(GOOD)).toEqual({
      present: true,
      valid: true,
      title: 'Acme Outdoor',
      linkCount: 2,
      length: GOOD.trim().length,
      problems: [],
    });
  });

  it('accepts an agents.md with a setext H1 after an intro, and autolinks', () => {
    const agentsMd =
      'Welcome, agents.\n\nAcme Agents Guide\n=================\n\nOrder via <https://acme.example/api/orders> please, thanks.\n';
    const result = validateLlmsTxt(agentsMd);
    expect(result).toMatchObject({ present: true, valid: true, title: 'Acme Agents Guide', linkCount: 1 });
    expect(result.problems).toEqual(['does not start with the H1 (llmstxt.org puts it first)']);
  });

  it('keeps a title ending in # and strips closing hashes', () => {
    expect(validateLlmsTxt(`# Learn C#\n\n${'x'.repeat(60)} [a](https://a.example)`).title).toBe('Learn C#');
    expect(validateLlmsTxt(`# Shop ##\n\n${'x'.repeat(60)} [a](https://a.example)`).title).toBe('Shop');
  });

  it('is present but invalid without a link', () => {
    const result = validateLlmsTxt('# Acme\n\nWe sell tents and stoves and sleeping bags to campers everywhere.');
    expect(result).toMatchObject({ present: true, valid: false, linkCount: 0, problems: ['no Markdown link'] });
  });

  it('is present but invalid when shorter than 50 characters', () => {
    const result = validateLlmsTxt('# A\n[b](https://a.example)');
    expect(result.present).toBe(true);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual(['shorter than 50 characters']);
  });

  it('ignores headings and links inside fenced code blocks', () => {
    const result = validateLlmsTxt(
      'Some intro text that is long enough to pass the length rule.\n\n```bash\n# not a heading\ncurl [x](https://a.example)\n```\n',
    );
    expect(result.present).toBe(false);
    expect(result.problems).toEqual(['no H1 heading, so this is not an llms.txt document']);
  });

  it('treats an HTML page as a soft 404 (absent)', () => {
    const result = validateLlmsTxt('<!doctype html>\n<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1></body></html>');
    expect(result).toMatchObject({ present: false, valid: false, problems: ['HTML page served instead of Markdown (soft 404)'] });
  });

  it('treats plain text without an H1, JSON and empty bodies as absent', () => {
    expect(validateLlmsTxt('Not Found').present).toBe(false);
    expect(validateLlmsTxt('{"error":"not found","status":404}').problems).toEqual(['JSON served instead of Markdown']);
    expect(validateLlmsTxt(' \n ').problems).toEqual(['empty body']);
  });

  it('tolerates a byte-order mark and CRLF line endings', () => {
    const result = validateLlmsTxt(`\uFEFF${GOOD.replace(/\n/g, '\r\n')}`);
    expect(result).toMatchObject({ present: true, valid: true, title: 'Acme Outdoor', linkCount: 2 });
  });
});
