/**
 * Comments cite only files in the repository: a path from the repository's root must exist, and a bare
 * file name must be the name of some file in it. A moved or renamed file leaves no stale citation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_FOLDERS = ['shared', 'functions', 'lib', 'bin', 'bench', 'test', 'browser'];
const SKIPPED = new Set(['node_modules', 'fixtures', 'golden', 'cdk.out', '.cdk', '.data', 'dist']);
const TOP_FOLDERS = ['shared', 'functions', 'lib', 'bin', 'bench', 'test', 'docs', 'browser'];
/** Names that look like files but are not ours to cite: a package, and files on other people's servers. */
const NOT_FILES = new Set(['ipaddr.js', 'products.json', 'tags.js', 'tdmrep.json', 'agents.md', 'acp.json']);
// A name that starts a placeholder pattern (`<check-id>.test.ts`, `${name}.ts`, `*.ts`) is no citation.
const CITED = /(?<![\w/.@>}*-])((?:[\w.-]+\/)*\w[\w.-]*\.(?:ts|md|js|css|json))\b/g;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The text of a file's comments, line by line: `//` lines and the lines of block comments. */
function commentLines(source: string): string[] {
  const lines: string[] = [];
  for (const match of source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)) lines.push(...match[0].split('\n'));
  return lines;
}

const repositoryFiles = SOURCE_FOLDERS.flatMap((folder) => filesUnder(path.join(ROOT, folder)));
const knownNames = new Set(
  [...repositoryFiles, ...filesUnder(path.join(ROOT, 'docs')), ...readdirSync(ROOT).map((name) => path.join(ROOT, name))].map((file) =>
    path.basename(file),
  ),
);

function staleCitations(file: string): string[] {
  const stale: string[] = [];
  for (const line of commentLines(readFileSync(file, 'utf8'))) {
    if (/https?:\/\//.test(line)) continue;
    for (const [, cited] of line.matchAll(CITED)) {
      const name = cited!;
      if (NOT_FILES.has(name)) continue;
      const top = name.split('/')[0]!;
      const exists = TOP_FOLDERS.includes(top) ? existsInRepository(name) : knownNames.has(path.basename(name));
      if (!exists) stale.push(`${path.relative(ROOT, file)}: ${name}`);
    }
  }
  return stale;
}

function existsInRepository(relative: string): boolean {
  try {
    statSync(path.join(ROOT, relative));
    return true;
  } catch {
    return false;
  }
}

describe('comments', () => {
  it('cite only files that exist in the repository', () => {
    const sources = repositoryFiles.filter((file) => /\.(ts|js)$/.test(file));
    expect(sources.flatMap(staleCitations)).toEqual([]);
  });
});
