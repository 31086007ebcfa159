import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STANDARDS } from '#shared/scanner/standards.js';

const root = join(import.meta.dirname, '../../..');

interface Row {
  signal: string;
  version: string;
  source: string;
  checked: string;
}

function tableRows(): Row[] {
  const text = readFileSync(join(root, 'docs/standards.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| Signal') && !line.startsWith('| ---'))
    .map((line) => {
      const [signal = '', version = '', source = '', checked = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { signal, version, source, checked };
    });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** A quoted date (2026-04-08) or a quoted or path-embedded v-number (v0.1, /v1.2/), as versions are written. */
const VERSION_LITERAL = /['"`/](20\d\d-\d\d-\d\d|v\d+\.\d+(?:\.\d+)?)(?=['"`/])/g;

describe('docs/standards.md', () => {
  const rows = tableRows();

  it('gives every row a version, a source URL and the date it was checked', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.version, row.signal).not.toBe('');
      expect(row.source, row.signal).toMatch(/https?:\/\//);
      expect(row.checked, row.signal).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('lists every version the scanner names, under the standard that defines it', () => {
    for (const standard of Object.values(STANDARDS)) {
      const row = rows.find((candidate) => candidate.signal === standard.name);
      expect(row, `${standard.name} has no row`).toBeDefined();
      expect(row?.version, standard.name).toBe(standard.version);
    }
  });

  it('finds no version written in the scanner outside shared/scanner/standards.ts', () => {
    const strays = filesUnder(join(root, 'shared/scanner'))
      .filter((path) => !path.endsWith('standards.ts'))
      .flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(VERSION_LITERAL)].map((match) => `${path.slice(root.length + 1)}: ${match[1]}`),
      );
    expect(strays).toEqual([]);
  });
});
