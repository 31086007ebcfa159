import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const codeFolders = ['bench', 'bin', 'functions', 'lib', 'shared', 'test'];
const skipped = new Set(['node_modules', 'dist', 'cdk.out', '.cdk', '.data']);
/** The one module that knows where data that is not ours lives, and its test (docs/decisions/099-outside-data-stays-outside.md). */
const gateway = new Set(
  ['test/support/outside-data.ts', 'test/unit/support/outside-data.test.ts'].map((file) => path.join(repoRoot, file)),
);

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (skipped.has(name)) return [];
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const files = codeFolders.flatMap((folder) => filesUnder(path.join(repoRoot, folder)));
const sources = files.filter((file) => /\.(ts|mts|mjs|js)$/.test(file));

/** What reaching outside data looks like: the folder beside the repository, the corpora's files, their variables. */
const outsideReferences = [
  /\.\.\/shared\b/,
  /['"]\.\.['"],\s*['"]shared['"]/,
  /fixtures\/product-pages/,
  /ground-truth\.json/,
  /\.html\.gz/,
  /\bconformance\//,
  /manifest\.json/,
  /PRODUCT_PAGES_DIR|CONFORMANCE_DIR/,
];

describe('a fresh clone', () => {
  it('reaches data that is not ours only through test/support/outside-data.ts', () => {
    const offenders = sources
      .filter((file) => !gateway.has(file) && file !== fileURLToPath(import.meta.url))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return outsideReferences.filter((pattern) => pattern.test(text)).map((pattern) => `${path.relative(repoRoot, file)}: ${pattern}`);
      });
    expect(offenders).toEqual([]);
  });

  it('carries no copy of the real product pages', () => {
    const copies = files.filter((file) => file.endsWith('.html.gz') || path.basename(file) === 'ground-truth.json');
    expect(copies.map((file) => path.relative(repoRoot, file))).toEqual([]);
  });
});
