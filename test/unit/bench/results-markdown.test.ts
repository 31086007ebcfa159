import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BENCH_HEADING,
  markdownTable,
  renderBenchSection,
  replaceSection,
  writeBenchSection,
  type BenchResults,
} from '../../../bench/results-markdown.js';

const stored = JSON.parse(readFileSync(new URL('../../../bench/results.json', import.meta.url), 'utf8')) as BenchResults;

const minimal: BenchResults = {
  generatedAt: '2026-11-26T03:00:00.000Z',
  node: 'v20.19.0',
  elapsedS: 1234.5,
  targets: { ratio: 1.5, cpuMedianMs: 50, rssMb: 160 },
  memory: { pages: 5, pageBytes: [2_097_152], baselineRssMb: 63.5, sampledPeakRssMb: 150, maxRssMb: 170.2, scanRssMb: 106.7 },
  webhooks: {
    events: 1000,
    receivers: 5,
    pollers: 5,
    deliveredOnce: 5000,
    duplicates: 0,
    missing: 0,
    deliveriesPerSecond: 119.1,
    p50Ms: 28581,
    p99Ms: 41141,
  },
};

describe('markdownTable', () => {
  it('writes a header, a rule and one row per entry, with figures grouped and pipes escaped', () => {
    expect(markdownTable(['A', 'B'], [[12345.5, 'x|y']])).toBe('| A | B |\n|---|---|\n| 12,345.5 | x\\|y |');
  });
});

describe('renderBenchSection', () => {
  it('starts with the heading and the run date, and renders only the parts the results hold', () => {
    const section = renderBenchSection(minimal);
    const lines = section.split('\n');
    expect(lines[0]).toBe(BENCH_HEADING);
    expect(lines[2]).toContain('run of 2026-11-26');
    expect(lines[2]).toContain('Node v20.19.0, 1,234.5 s in all');
    expect(section.match(/^### .*/gm)).toEqual(['### Memory', '### Webhooks']);
    expect(section).toContain('Growth scan of 5 pages of 2,048 KiB each');
    expect(section).toContain('target: peak at most 160 MB (MISSED)');
    expect(section).toContain('| 170.2 | 63.5 | 106.7 |');
    expect(section).toContain('| 5,000 | 0 | 0 | 119.1 | 28,581 | 41,141 |');
    expect(section.endsWith('\n')).toBe(false);
  });

  it('renders every part of the stored bench/results.json, each table as wide as its header', () => {
    const section = renderBenchSection(stored);
    const headings = section.match(/^### .*/gm) ?? [];
    const expected = [
      '### Latency',
      '### Analysis CPU',
      '### What agents see',
      '### Memory',
      '### Accounts',
      '### Rescans',
      '### Webhooks',
      '### Batches',
      '### Cold start',
      '### Command line',
    ];
    if (stored.rateLimits) expected.push('### Rate limiter');
    expect(headings).toEqual(expected);
    for (const table of section.split('\n\n').filter((block) => block.startsWith('|'))) {
      const rows = table.split('\n');
      const width = rows[0]!.split(' | ').length;
      for (const row of rows.slice(2)) expect(row.replaceAll('\\|', '').split(' | ')).toHaveLength(width);
    }
    const first = stored.latency!.rows[0]!;
    expect(section).toContain(`| ${first.tier} | ${first.shop} | ${first.medianWallMs} |`);
    // Counted inside its own section: another table's row can look alike when its figures are whole numbers.
    const coldStart = section.split('### Cold start')[1]!.split('\n### ')[0]!;
    expect(coldStart.match(/^\| (?:floor|[a-zA-Z]+) \| [\d,]+ \|/gm)).toHaveLength(stored.coldStart!.length);
  });
});

describe('the cold start part', () => {
  const rows = [
    { name: 'floor' as const, bundleBytes: 799_216, importMs: 59, sizeRatio: 1, importRatio: 1, target: 1 },
    {
      name: 'mcp' as const,
      bundleBytes: 1_883_314,
      importMs: 120,
      sizeRatio: 2.36,
      importRatio: 2.03,
      importCpuMs: 250,
      cpuRatio: 2.3,
      target: 2,
    },
  ];

  it('says when it was measured alone, after the run the rest of the section comes from, and its CPU time when measured', () => {
    const alone = renderBenchSection({ ...minimal, coldStart: rows, coldStartMeasuredAt: '2026-11-29T02:00:00.000Z' });
    expect(alone).toContain(
      'Measured alone at 2026-11-29T02:00:00.000Z (`npx tsx bench/measure-alone.ts cold-start`), not in the run above.',
    );
    expect(alone).toContain('| mcp | 1,883 | 120 | 2.36 | 2.03 | 250 | 2.3 | 2 |');
    // A row from a run before CPU time was measured leaves those cells empty.
    expect(alone).toContain('| floor | 799 | 59 | 1 | 1 |  |  | 1 |');
    expect(renderBenchSection({ ...minimal, coldStart: rows })).not.toContain('Measured alone');
  });
});

describe('replaceSection', () => {
  const document = [
    '# Measured results',
    '',
    'Intro.',
    '',
    '## `npm run load`',
    'load table',
    '',
    BENCH_HEADING,
    'old bench',
    '### Old part',
    'old table',
    '',
    '## Earlier figures',
    'kept',
    '',
  ].join('\n');

  it('replaces only the bench section, up to the next level-2 heading, and keeps everything else', () => {
    const result = replaceSection(document, BENCH_HEADING, `${BENCH_HEADING}\n\nnew bench`);
    expect(result).toBe(
      [
        '# Measured results',
        '',
        'Intro.',
        '',
        '## `npm run load`',
        'load table',
        '',
        BENCH_HEADING,
        '',
        'new bench',
        '',
        '## Earlier figures',
        'kept',
        '',
      ].join('\n'),
    );
  });

  it('is stable: replacing with the same section twice gives the same document', () => {
    const once = replaceSection(document, BENCH_HEADING, renderBenchSection(minimal));
    expect(replaceSection(once, BENCH_HEADING, renderBenchSection(minimal))).toBe(once);
  });

  it('replaces a last section up to the end of the document', () => {
    const last = '# T\n\n## A\na\n\n## `npm run bench`\nold\n### x\ny\n';
    expect(replaceSection(last, BENCH_HEADING, `${BENCH_HEADING}\nnew`)).toBe('# T\n\n## A\na\n\n## `npm run bench`\nnew\n');
  });

  it('puts a missing section before the first level-2 heading', () => {
    const without = '# T\n\nIntro.\n\n## A\na\n';
    expect(replaceSection(without, BENCH_HEADING, `${BENCH_HEADING}\nnew`)).toBe('# T\n\nIntro.\n\n## `npm run bench`\nnew\n\n## A\na\n');
  });

  it('appends a missing section to a document without level-2 headings', () => {
    expect(replaceSection('# T\n\nIntro.\n', BENCH_HEADING, `${BENCH_HEADING}\nnew`)).toBe('# T\n\nIntro.\n\n## `npm run bench`\nnew\n');
  });
});

describe('writeBenchSection', () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });

  it('rewrites the section of a file in place', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'results-md-'));
    const file = path.join(folder, 'RESULTS.md');
    writeFileSync(file, '# Measured results\n\n## `npm run load`\nload\n');
    writeBenchSection(file, minimal);
    const written = readFileSync(file, 'utf8');
    expect(written.startsWith(`# Measured results\n\n${BENCH_HEADING}\n`)).toBe(true);
    expect(written.endsWith('\n\n## `npm run load`\nload\n')).toBe(true);
  });
});
