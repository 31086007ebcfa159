import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');

/** The lines of the README's level-2 section `heading`, up to the next level-2 heading. */
function section(heading: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  expect(start, `README section "${heading}"`).toBeGreaterThan(-1);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** Code spans that name a repository path: a folder or file with a slash, no placeholders or spaces. */
function repositoryPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((span) => span.includes('/') && !/[<>*:@]/.test(span) && !span.startsWith('/') && !span.startsWith('http'));
}

describe('README layout', () => {
  const rows = section('Where each capability lives').filter((line) => line.startsWith('| ') && !line.startsWith('| Capability'));

  it('has one row per capability, each naming at least one path', () => {
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const row of rows) expect(repositoryPaths(row.split(' | ').slice(1).join(' | ')), row).not.toEqual([]);
  });

  it('names only paths that exist in the layout table', () => {
    const paths = rows.flatMap((row) => repositoryPaths(row));
    expect(paths.filter((path) => !existsSync(new URL(path, root)))).toEqual([]);
  });

  it('names only paths that exist in the request walked end to end and the layers', () => {
    const paths = [...repositoryPaths(section('One request, end to end').join('\n')), ...repositoryPaths(section('Layers').join('\n'))];
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(new URL(path, root)))).toEqual([]);
  });
});
