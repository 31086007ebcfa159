import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../../docs/decisions/', import.meta.url);
const files = readdirSync(folder)
  .filter((name) => name !== 'README.md')
  .sort();
const index = readFileSync(new URL('README.md', folder), 'utf8');

describe('docs/decisions', () => {
  it('holds only numbered decisions, 001 onwards without gaps or repeats', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((name) => !/^\d{3}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.test(name))).toEqual([]);
    expect(files.map((name) => Number(name.slice(0, 3)))).toEqual(files.map((_, position) => position + 1));
  });

  it('gives every decision a title and the sections Context, Decision and Consequences, in that order', () => {
    for (const name of files) {
      const text = readFileSync(new URL(name, folder), 'utf8');
      const headings = text.split('\n').filter((line) => /^##? /.test(line));
      expect(headings[0], name).toMatch(/^# \S/);
      expect(
        headings.slice(1).filter((line) => line.startsWith('## ')),
        name,
      ).toEqual(['## Context', '## Decision', '## Consequences']);
    }
  });

  it('lists every decision in the index, once', () => {
    for (const name of files) expect(index.split(`](${name})`).length - 1, name).toBe(1);
  });
});
