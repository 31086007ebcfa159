import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendOutputs, outputEntry } from '#bin/cli/action-outputs.js';
import { appendStepSummary, stepSummaryLimit } from '#bin/cli/step-summary.js';
import { parseScanArgs } from '#bin/cli/scan-args.js';
import { readOutputs } from './github-output-reader.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'github-files-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('step outputs (GITHUB_OUTPUT)', () => {
  it('are written in the multiline form with a fresh delimiter each', async () => {
    const file = path.join(dir, 'output');
    await writeFile(file, 'report=/tmp/report.md\n');
    expect(await appendOutputs(file, { score: '58', band: 'needs_work' })).toBeNull();
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(
      /^report=\/tmp\/report\.md\nscore<<(ghadelimiter_[0-9a-f-]{36})\n58\n\1\nband<<(ghadelimiter_[0-9a-f-]{36})\nneeds_work\n\2\n$/,
    );
    expect(readOutputs(text)).toEqual({ report: '/tmp/report.md', score: '58', band: 'needs_work' });
  });

  it('keep a value with line breaks, `=` or a delimiter-like line whole', () => {
    const value = 'line one\nband=agent_ready\nEOF\nghadelimiter_x';
    expect(readOutputs(outputEntry('note', value))).toEqual({ note: value });
    // A value holding the delimiter it was given gets another one.
    expect(readOutputs(outputEntry('note', value, 'EOF'))).toEqual({ note: value });
    expect(() => outputEntry('bad\nname', 'x')).toThrow('not an output name');
  });

  it('report a file that cannot be written instead of throwing', async () => {
    expect(await appendOutputs(path.join(dir, 'missing-folder', 'output'), { score: '1' })).toMatch(
      /^cannot write the step outputs: ENOENT/,
    );
  });
});

describe('the job summary (GITHUB_STEP_SUMMARY)', () => {
  it('gets each report appended, after what the job wrote before', async () => {
    const file = path.join(dir, 'summary.md');
    await writeFile(file, '# Earlier step\n');
    expect(await appendStepSummary(file, '## Report one')).toBeNull();
    expect(await appendStepSummary(file, '## Report two')).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('# Earlier step\n## Report one\n\n## Report two\n\n');
  });

  it('is created when the file does not exist yet', async () => {
    const file = path.join(dir, 'new-summary.md');
    expect(await appendStepSummary(file, '## Report')).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('## Report\n\n');
  });

  it('is left alone once a report would take it over 1 MiB, which GitHub would not show', async () => {
    const file = path.join(dir, 'full-summary.md');
    await writeFile(file, 'x'.repeat(stepSummaryLimit - 100));
    expect(await appendStepSummary(file, 'y'.repeat(200))).toMatch(/job summary is full/);
    expect((await readFile(file, 'utf8')).length).toBe(stepSummaryLimit - 100);
  });

  it('reports a path it cannot write instead of throwing', async () => {
    expect(await appendStepSummary(dir, '## Report')).toMatch(/^cannot write the job summary: EISDIR/);
  });
});

describe('--format', () => {
  const url = 'https://a.example.com';

  it('reads text, json and markdown, text by default', () => {
    expect(parseScanArgs([url]).format).toBe('text');
    expect(parseScanArgs([url, '--format', 'markdown']).format).toBe('markdown');
    expect(parseScanArgs([url, '--format=json']).format).toBe('json');
    expect(parseScanArgs([url, '--format', 'text']).format).toBe('text');
  });

  it('keeps --json as --format json', () => {
    expect(parseScanArgs([url, '--json']).format).toBe('json');
    expect(parseScanArgs([url, '--json', '--format', 'json']).format).toBe('json');
    expect(() => parseScanArgs([url, '--json', '--format', 'markdown'])).toThrow(
      '--json means --format json; it cannot go with --format markdown',
    );
  });

  it('refuses an unknown format, naming the ones there are', () => {
    expect(() => parseScanArgs([url, '--format', 'html'])).toThrow('--format must be one of text, json, markdown, not "html"');
    expect(() => parseScanArgs([url, '--format', ''])).toThrow('--format must be one of text, json, markdown');
  });
});
