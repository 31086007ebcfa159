import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCycle, findCycles, ioPackages, layerOf, layerViolations, readImportGraph, specifiersOf } from './import-graph.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const runtimeFolders = ['shared', 'functions', 'lib', 'bin'];
// bench/ is read too: it may import any layer (and test/), but not in a cycle; so is browser/, the pages' code,
// which imports only itself. test/ is not read; an import of test/ from runtime code is still an edge (to a
// file that exists), and the layer rules catch it.
const graph = readImportGraph(repoRoot, [...runtimeFolders, 'bench', 'browser']);
const isRuntime = (file: string) => runtimeFolders.some((folder) => file.startsWith(`${folder}/`));
const isBrowser = (file: string) => file.startsWith('browser/');
const isTooling = (file: string) => isRuntime(file) || file.startsWith('bench/') || isBrowser(file);

describe('the import graph (one way down the layers of the README, no cycles)', () => {
  it('reads every project import as a file of the repository', () => {
    expect(graph.files.filter(isRuntime).length).toBeGreaterThan(100);
    expect(graph.unresolved.map(({ from, specifier }) => `${from} -> ${specifier}`)).toEqual([]);
  });

  it('places every runtime file in a layer', () => {
    expect(graph.files.filter((file) => isRuntime(file) && layerOf(file) === undefined)).toEqual([]);
  });

  it('has no import cycle among runtime, bin/, bench/ and browser/ files (type-only imports count)', () => {
    const read = graph.files.filter(isTooling);
    expect(read.filter((file) => file.startsWith('bin/')).length).toBeGreaterThan(5);
    expect(read.filter((file) => file.startsWith('bench/')).length).toBeGreaterThan(5);
    expect(read.filter(isBrowser).length).toBeGreaterThan(5);
    const cycles = findCycles(read, graph.edges).map((cycle) => describeCycle(cycle, graph.edges));
    expect(cycles.join('\n\n')).toBe('');
  });

  it('imports only downwards, and runtime code never imports lib/, bin/, bench/ or test/', () => {
    expect(layerViolations(graph.edges).join('\n')).toBe('');
  });

  it('keeps the browser code to itself: it imports no package and no other folder, and nothing imports it', () => {
    expect(graph.packages.filter(({ from }) => isBrowser(from)).map(({ from, name }) => `${from} -> ${name}`)).toEqual([]);
    const crossing = graph.edges.filter(({ from, to }) => isBrowser(from) !== isBrowser(to));
    expect(crossing.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it('keeps the model free of packages that do I/O', () => {
    const offenders = graph.packages
      .filter(({ from, name }) => layerOf(from) === 'model' && ioPackages.some((pattern) => pattern.test(name)))
      .map(({ from, name }) => `${from} -> ${name}`);
    expect(offenders.join('\n')).toBe('');
  });
});

describe('the checker itself', () => {
  it('reads type-only imports, export-from and dynamic imports as edges', () => {
    const source = [
      "import type { A } from './a.js';",
      "import { b } from '#shared/b.js';",
      "export { c } from '../c.js';",
      "export * from './d.js';",
      "const e = await import('./e.js');",
      "import 'node:fs';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a.js', '#shared/b.js', '../c.js', './d.js', './e.js', 'node:fs']);
  });

  it('finds a cycle and a self-import in a small graph, and nothing in a tree', () => {
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'];
    const edges = [
      { from: 'a.ts', to: 'b.ts' },
      { from: 'b.ts', to: 'c.ts' },
      { from: 'c.ts', to: 'a.ts' },
      { from: 'c.ts', to: 'd.ts' },
      { from: 'e.ts', to: 'e.ts' },
    ];
    expect(findCycles(files, edges)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(describeCycle(['a.ts', 'b.ts', 'c.ts'], edges)).toBe('cycle of 3 files:\n  a.ts -> b.ts\n  b.ts -> c.ts\n  c.ts -> a.ts');
    expect(findCycles(files, edges.slice(0, 2))).toEqual([]);
  });

  it('finds an import up the layers, out of runtime code into lib/, and into or out of browser/', () => {
    const edges = [
      { from: 'shared/model/accounts/account.ts', to: 'shared/db/account-store.ts' },
      { from: 'shared/db/account-store.ts', to: 'shared/model/accounts/account.ts' },
      { from: 'functions/api.ts', to: 'lib/function-catalog.ts' },
      { from: 'lib/stack.ts', to: 'shared/http/route-table.ts' },
      { from: 'shared/use-cases/scans.ts', to: 'test/support/fake.ts' },
      { from: 'browser/pages/site.ts', to: 'shared/model/scopes.ts' },
      { from: 'shared/http/pages/layout.ts', to: 'browser/shared/dom.ts' },
    ];
    expect(layerViolations(edges)).toEqual([
      'browser/pages/site.ts -> shared/model/scopes.ts  (browser -> model)',
      'functions/api.ts -> lib/function-catalog.ts  (functions -> lib)',
      'shared/http/pages/layout.ts -> browser/shared/dom.ts  (http -> browser)',
      'shared/model/accounts/account.ts -> shared/db/account-store.ts  (model -> db)',
      'shared/use-cases/scans.ts -> test/support/fake.ts  (use-cases -> test)',
    ]);
  });
});
