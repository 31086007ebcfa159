import { afterEach, describe, expect, it, vi } from 'vitest';
import { inertJson, oneLine, toStderr, toStdout, withoutWorkflowCommands } from '#bin/cli/inert-output.js';
import { formatReport } from '#bin/cli/format-report.js';
import { formatMarkdown, scanFailedMarkdown } from '#bin/cli/format-markdown.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { sampleResult } from '#test/support/scan-result-parts.js';
import { workflowCommandLines } from '#test/support/workflow-command-lines.js';
import { commandPayloads, hostile } from '#test/fixtures/command-injection-shop.js';

/** The fields of a ScanResult whose text can come from the scanned site (or quote it), at any depth. */
const siteTextKeys = new Set([
  'url',
  'finalUrl',
  'reason',
  'summary',
  'title',
  'why',
  'fix',
  'snippet',
  'name',
  'price',
  'currency',
  'availability',
  'sku',
  'gtin',
  'mpn',
  'brand',
  'image',
  'value',
  'version',
  'problems',
  // An assistant's access and the edge probe: the pages' answers quote what the site sent.
  'agents',
  'vendorSays',
  'source',
  'token',
  'userAgent',
  'scanner',
  'agent',
]);

function poisoned(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return siteTextKeys.has(key) ? hostile(value, { startsWithCommand: true }) : value;
  if (Array.isArray(value)) return value.map((item) => poisoned(item, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, poisoned(item, name)]));
  return value;
}

/** sampleResult with a cap, a product and evidence: every part of a result that holds site text. */
function fullResult(): ScanResult {
  const result = sampleResult();
  result.caps = [{ id: 'bot_wall', limit: 60, reason: 'A bot wall answers agents with a challenge.' }];
  const facts = {
    name: 'Mug',
    price: '12.50',
    currency: 'GBP',
    availability: 'InStock',
    sku: 'MUG-1',
    gtin: '4006381333986',
    mpn: 'M1',
    brand: 'B',
    image: 'https://shop.example/mug.jpg',
  };
  const sources = {
    name: null,
    price: null,
    currency: null,
    availability: null,
    sku: null,
    gtin: null,
    mpn: null,
    brand: null,
    image: null,
  };
  result.products = [{ url: 'https://shop.example/products/mug', ...facts, source: 'json-ld', sources }];
  result.checks[0]!.evidence = [{ url: 'https://shop.example/robots.txt', value: 'Disallow: /' }];
  return result;
}

/** Every site-supplied string of fullResult carrying every payload, and starting with `::error::`. */
function hostileResult(): ScanResult {
  return poisoned(fullResult()) as ScanResult;
}

describe('text a scanned site supplies, in what the command line prints', () => {
  it('cannot write a workflow command in the text report, and adds no line to it', () => {
    const printed = withoutWorkflowCommands(formatReport(hostileResult()));
    expect(workflowCommandLines(printed)).toEqual([]);
    expect(printed.split('\n')).toHaveLength(formatReport(fullResult()).split('\n').length);
    // Still there to read, on one line.
    expect(printed).toContain('    : :error::Mug ::error::site-newline ::add-mask::site-mask ::set-output name=site::site-crlf');
  });

  it('cannot write one in the markdown report or the job summary, even before the final guard', () => {
    expect(workflowCommandLines(formatMarkdown(hostileResult()))).toEqual([]);
    expect(workflowCommandLines(scanFailedMarkdown(hostile('https://shop.example/'), hostile('Scan failed')))).toEqual([]);
  });

  it('cannot write one in the JSON, which still reads back exactly as the result was', () => {
    const result = hostileResult();
    const json = inertJson(result);
    expect(workflowCommandLines(json)).toEqual([]);
    expect(json.split('\n')).toHaveLength(1);
    expect(JSON.parse(json)).toEqual(result);
  });
});

describe('the final guard on output lines', () => {
  it('changes a line that starts with `::` after any white space the runner trims, and every `##[`', () => {
    for (const space of ['', '  ', '\t', '\u00a0', '\u3000', '\u200b', '\ufeff']) {
      expect(withoutWorkflowCommands(`${space}::error::x`)).toBe(`${space}: :error::x`);
    }
    expect(withoutWorkflowCommands('a ##[error]x ##[warning]y')).toBe('a ## [error]x ## [warning]y');
    expect(withoutWorkflowCommands('::site-token::')).toBe(': :site-token::');
  });

  it('splits at every break the runner or a terminal sees, and guards each line', () => {
    const output = `Report${commandPayloads.join('')}`;
    const guarded = withoutWorkflowCommands(output);
    expect(workflowCommandLines(guarded)).toEqual([]);
    // eslint-disable-next-line no-control-regex
    expect(guarded).not.toMatch(/[\r\u000b\u000c\u0085\u2028\u2029]/);
    expect(guarded.split('\n')).toContain(': :add-mask::site-mask');
  });

  it('leaves ordinary output as it was, `::` inside a line included', () => {
    const report = [
      'https://shop.example/',
      '  Score 58/100 (needs work), pro tier, 95% of the rubric assessed, custom',
      '    Blue mug: 12.50 GBP, InStock, sku std::mug, gtin - (json-ld)',
      '      http://[::1]:8080/products/mug',
      '## 🟠 Agent readiness: 58/100 (Needs work)',
      '### Dimensions',
      '',
    ].join('\n');
    expect(withoutWorkflowCommands(report)).toBe(report);
  });

  it('puts site text on one line, each run of breaks and controls one space', () => {
    expect(oneLine(' Blue\r\n\u2028mug\u001b[2J\u202e \t')).toBe('Blue mug [2J');
    expect(oneLine('%0A::warning::x')).toBe('%0A::warning::x');
  });
});

describe('how the command line prints', () => {
  afterEach(() => vi.restoreAllMocks());

  it("guards stdout and stderr, a failed MCP tool's error and its stack included", () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
    toStdout(hostile('Report', { startsWithCommand: true }));
    toStderr('MCP tool failed:', new Error(hostile('Unexpected token in JSON at', { startsWithCommand: true })));
    expect(printed).toHaveLength(2);
    expect(printed[1]).toContain('MCP tool failed: Error: ::error::Unexpected token in JSON at');
    expect(printed[1]).toMatch(/\n {4}at /);
    expect(workflowCommandLines(printed.join('\n'))).toEqual([]);
  });
});
