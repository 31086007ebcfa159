import { describe, expect, it } from 'vitest';
import { formatReport } from '#bin/cli/format-report.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

function section(report: string, title: string): string[] {
  const lines = report.split('\n');
  const start = lines.indexOf(`  ${title}`);
  expect(start, title).toBeGreaterThan(-1);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

describe('the text report of the CLI', () => {
  const report = formatReport(sampleResult());

  it('gives one line per assistant: name, verdict, first failing step with its reason, first fix', () => {
    expect(section(report, 'Assistants')).toEqual([
      '    ChatGPT        can trust  buy fails: No ACP product feed or checkout is published.; first fix: Put the price in the product markup',
      '    Google         can buy    every step passes',
      '    Perplexity     blocked    find fails: robots.txt disallows PerplexityBot and Perplexity-User on /.; first fix: Put the price in the product markup',
      '    Claude         can find   read warning: Prices are only in the page text.; first fix: Product identifiers',
      '    Copilot        can read   trust fails: No return policy is linked.; first fix: Put the price in the product markup',
      '    Amazon Rufus   can trust  buy not checked: A free scan reads no product page.',
    ]);
  });

  it('puts the assistants right after the score, before the dimensions', () => {
    const lines = report.split('\n');
    expect(lines.indexOf('  Assistants')).toBe(3);
    expect(lines.indexOf('  Dimensions')).toBeGreaterThan(lines.indexOf('  Assistants'));
  });

  it('gives one line per agent-facing document: id, status, version, first problem', () => {
    const lines = section(report, 'Agent-facing documents');
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe('    robots_txt                  valid        -');
    expect(lines[2]).toBe('    llms_txt                    missing      -');
    expect(lines[3]).toBe('    markdown                    not checked  -');
    expect(lines[4]).toBe(
      `    ucp                         broken       2026-01-23${' '.repeat(22)}version 2026-01-23 is older than the current 2026-04-08 (+1 more)`,
    );
    expect(lines[8]).toBe(`    ai_catalog                  broken       -${' '.repeat(31)}served as text/html: an HTML page, not JSON`);
    expect(lines[9]).toBe('    api_catalog                 valid        RFC 9727');
  });

  it('says where a declared version stands, and what a valid document could improve', () => {
    const result = sampleResult();
    const ucp = result.signals.findIndex((signal) => signal.id === 'ucp');
    result.signals[ucp] = {
      ...result.signals[ucp]!,
      status: 'valid',
      problems: [],
      versionStanding: 'older',
      warnings: ['version 2026-01-23 is older than the current 2026-04-08', 'signing_keys is missing'],
    };
    const line = section(formatReport(result), 'Agent-facing documents')[4];
    expect(line).toBe(
      `    ucp                         valid        2026-01-23 (older, still read)  to improve: version 2026-01-23 is older than the current 2026-04-08 (+1 more)`,
    );
  });

  it('leaves both parts out for a result that has neither (stored before them)', () => {
    const old = formatReport({ ...sampleResult(), assistants: [], signals: [] });
    expect(old).not.toContain('Assistants');
    expect(old).not.toContain('Agent-facing documents');
    expect(old).toContain('  Dimensions');
  });

  it('replaces the control characters a scanned site could use to drive the terminal with spaces', () => {
    const result = sampleResult();
    result.signals[0] = { ...result.signals[0]!, status: 'invalid', problems: ['\u001b]8;;https://evil.example\u0007click\u001b[2J'] };
    const text = formatReport(result);
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u0007');
    expect(text).toContain(']8;;https://evil.example click [2J');
  });
});
