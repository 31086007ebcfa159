import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const codeFolders = ['bench', 'bin', 'functions', 'lib', 'shared', 'test'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(full);
    return /\.(ts|mts|mjs|js)$/.test(name) ? [full] : [];
  });
}

describe('a fresh clone', () => {
  it('needs nothing beside the repository: no code reads the shared folder next to it', () => {
    const outside = /\.\.\/shared\b|['"]\.\.['"],\s*['"]shared['"]/;
    const offenders = codeFolders
      .flatMap((folder) => sourceFiles(path.join(repoRoot, folder)))
      .filter((file) => file !== fileURLToPath(import.meta.url) && outside.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    expect(offenders).toEqual([]);
  });
});
