import { describe, expect, it } from 'vitest';
import { formatReport } from '#bin/cli/format-report.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';

/** The vendor page the sample gives for Perplexity. */
const perplexityPage = sampleResult().assistants[2]!.access[0]!.source!;

/** The sample as a scanner before the search / user-initiated split stored it. */
function withoutAccess(): ScanResult {
  const result = sampleResult();
  return { ...result, assistants: result.assistants.map((assistant) => ({ ...assistant, access: [] })) };
}

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
    expect(section(formatReport(withoutAccess()), 'Assistants')).toEqual([
      '    ChatGPT        can trust  buy fails: No ACP product feed or checkout is published.; first fix: Put the price in the product markup',
      '    Google         can buy    every step passes',
      '    Perplexity     blocked    find fails: robots.txt disallows PerplexityBot and Perplexity-User on /.; first fix: Put the price in the product markup',
      '    Claude         can find   read warning: Prices are only in the page text.; first fix: Product identifiers',
      '    Copilot        can read   trust fails: No return policy is linked.; first fix: Put the price in the product markup',
      '    Amazon Rufus   can trust  buy not checked: A free scan reads no product page.',
    ]);
  });

  it("gives under each assistant its search and user-initiated visits, the vendor's page, and the edge probe's finding", () => {
    const lines = section(report, 'Assistants');
    expect(lines.slice(0, 3)).toEqual([
      '    ChatGPT        can trust  buy fails: No ACP product feed or checkout is published.; first fix: Put the price in the product markup',
      '      Search (OAI-SearchBot): allowed by robots.txt (https://vendor.example/bots)',
      '      User-initiated (ChatGPT-User): allowed by robots.txt; the vendor says it may ignore robots.txt (https://vendor.example/bots)',
    ]);
    const perplexity = lines.findIndex((line) => line.startsWith('    Perplexity '));
    expect(lines.slice(perplexity + 1, perplexity + 4)).toEqual([
      `      Search (PerplexityBot): blocked by robots.txt (${perplexityPage})`,
      `      User-initiated (Perplexity-User): blocked by robots.txt, but the vendor says it may ignore robots.txt (${perplexityPage})`,
      '      Edge: Perplexity-User was refused (HTTP 403) where the scanner got HTTP 200 on https://shop.example/',
    ]);
    expect(lines).toContain('      User-initiated: no agent documented');
  });

  it('prints the access of a result made before the split as before: the assistant lines alone', () => {
    expect(section(formatReport(withoutAccess()), 'Assistants')).toHaveLength(6);
  });

  it('replaces the control characters in agent names, vendor pages and probed pages with spaces', () => {
    const result = sampleResult();
    const perplexity = result.assistants[2]!;
    const [search, user] = perplexity.access;
    perplexity.access = [
      { ...search!, agents: ['Bot\u001b[2J'], source: 'https://vendor.example/\u001b]8;;https://evil.example\u0007' },
      {
        ...user!,
        edge: {
          ...user!.edge!,
          token: 'User\r\n::error::x',
          pages: [{ ...user!.edge!.pages[0]!, url: 'https://shop.example/\u009b31m', agent: 'HTTP 403\u2028' }],
        },
      },
    ];
    const text = formatReport(result);
    for (const control of ['\u001b', '\u0007', '\r', '\u009b', '\u2028']) expect(text).not.toContain(control);
    expect(text).toContain('      Search (Bot [2J): blocked by robots.txt (https://vendor.example/ ]8;;https://evil.example)');
    expect(text).toContain(
      '      Edge: User ::error::x was refused (HTTP 403 ) where the scanner got HTTP 200 on https://shop.example/ 31m',
    );
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
