import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import, export-from or dynamic import between two files of the repository (paths relative to its root). */
export interface Edge {
  from: string;
  to: string;
}

export interface ImportGraph {
  files: string[];
  edges: Edge[];
  /** Imports of packages (bare specifiers and `node:` modules), by importing file. */
  packages: { from: string; name: string }[];
  /** Project specifiers that point at no file: a broken reading of the graph, not a layer question. */
  unresolved: { from: string; specifier: string }[];
}

/** Every specifier a file names: static imports (type-only too), export-from, `import()` and `import x = require()`. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, false).importedFiles.map((file) => file.fileName);
}

function sourceFiles(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const child = path.posix.join(folder, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(path.join(root, child)).isDirectory()) return sourceFiles(root, child);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [child] : [];
  });
}

function manifestImports(root: string): [string, string][] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
  return Object.entries(manifest.imports ?? {});
}

/** Subpath imports of package.json into the repository ("#shared/*": "./shared/*"), as prefix pairs. */
function subpathImports(root: string): [string, string][] {
  return manifestImports(root)
    .filter(([, target]) => target.startsWith('./'))
    .map(([key, target]) => [key.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\*$/, '')]);
}

/** Subpath imports that name a file of a package rather than of the repository: the package, by import. */
function packageImports(root: string): Map<string, string> {
  return new Map(manifestImports(root).flatMap(([key, target]) => (target.startsWith('./') ? [] : [[key, target] as const])));
}

/** The repository file a project specifier names (`.js` written for a `.ts` file), or undefined for a package. */
function resolve(root: string, importer: string, specifier: string, aliases: [string, string][]): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (!alias) return undefined;
    target = path.posix.normalize(alias[1] + specifier.slice(alias[0].length));
  }
  for (const candidate of [target.replace(/\.js$/, '.ts'), target.replace(/\.mjs$/, '.mts'), target]) {
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return target;
}

function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier.split('/')[0]!;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Reads the imports of every .ts file under the given folders of the repository (parsed, not type-checked). */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const aliases = subpathImports(root);
  const intoPackages = packageImports(root);
  const files = folders.flatMap((folder) => sourceFiles(root, folder));
  const graph: ImportGraph = { files, edges: [], packages: [], unresolved: [] };
  for (const file of files) {
    for (const specifier of specifiersOf(readFileSync(path.join(root, file), 'utf8'))) {
      const isProject = (specifier.startsWith('.') || specifier.startsWith('#')) && !intoPackages.has(specifier);
      if (!isProject) {
        graph.packages.push({ from: file, name: packageName(intoPackages.get(specifier) ?? specifier) });
        continue;
      }
      const target = resolve(root, file, specifier, aliases);
      if (target === undefined || !existsSync(path.join(root, target))) graph.unresolved.push({ from: file, specifier });
      else graph.edges.push({ from: file, to: target });
    }
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function findCycles(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) if (next.has(edge.from) && next.has(edge.to)) next.get(edge.from)!.push(edge.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;

  // Iterative, so a long chain of imports cannot exhaust the call stack.
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { file: string; child: number }[] = [{ file: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.file)!;
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ file: child, child: 0 });
        } else if (onStack.has(child)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      const selfImport = children.includes(frame.file);
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
  }
  return cycles;
}

/** The edges inside one cycle, as `importer -> imported` lines. */
export function describeCycle(cycle: string[], edges: Edge[]): string {
  const members = new Set(cycle);
  const inside = edges.filter((edge) => members.has(edge.from) && members.has(edge.to)).map((edge) => `  ${edge.from} -> ${edge.to}`);
  return [`cycle of ${cycle.length} files:`, ...[...new Set(inside)].sort()].join('\n');
}

export type Layer =
  | 'model'
  | 'config'
  | 'outbound'
  | 'scanner'
  | 'db'
  | 'adapters'
  | 'dependencies'
  | 'use-cases'
  | 'http'
  | 'mcp'
  | 'functions'
  | 'lib'
  | 'bin'
  | 'bench'
  | 'test'
  | 'browser';

const layerByPrefix: [string, Layer][] = [
  ['shared/model/', 'model'],
  ['shared/config.ts', 'config'],
  ['shared/outbound/', 'outbound'],
  ['shared/scanner/', 'scanner'],
  ['shared/db/', 'db'],
  ['shared/adapters/', 'adapters'],
  ['shared/dependencies.ts', 'dependencies'],
  ['shared/all-dependencies.ts', 'dependencies'],
  ['shared/use-cases/', 'use-cases'],
  ['shared/http/', 'http'],
  ['shared/mcp/', 'mcp'],
  ['functions/', 'functions'],
  ['lib/', 'lib'],
  ['bin/', 'bin'],
  ['bench/', 'bench'],
  ['test/', 'test'],
  ['browser/', 'browser'],
];

/** The layer a file belongs to, or undefined for a file no layer claims (itself a finding). */
export function layerOf(file: string): Layer | undefined {
  return layerByPrefix.find(([prefix]) => file === prefix || file.startsWith(prefix))?.[1];
}

const bottom: Layer[] = ['model', 'config'];
const composition: Layer[] = [...bottom, 'outbound', 'scanner', 'db', 'adapters', 'dependencies'];
const runtime: Layer[] = [...composition, 'use-cases', 'http', 'mcp', 'functions'];

/** What each layer may import (itself included). Tools on top (bin, bench, test) may import any layer but test/bench and browser/. */
export const allowedImports: Record<Layer, Layer[]> = {
  model: bottom,
  config: bottom,
  outbound: [...bottom, 'outbound'],
  scanner: [...bottom, 'outbound', 'scanner'],
  db: [...bottom, 'db'],
  adapters: [...bottom, 'outbound', 'db', 'adapters'],
  dependencies: composition,
  'use-cases': [...composition, 'use-cases'],
  http: [...composition, 'use-cases', 'http'],
  // The MCP server's tools run as the REST routes they mirror: over the use cases, through the dispatch's steps.
  mcp: [...composition, 'use-cases', 'http', 'mcp'],
  functions: runtime,
  lib: [...runtime, 'lib'],
  bin: [...runtime, 'lib', 'bin'],
  bench: [...runtime, 'lib', 'bin', 'bench', 'test'],
  test: [...runtime, 'lib', 'bin', 'bench', 'test'],
  // The pages' code runs in the browser: it imports only its own modules, and no other layer imports it
  // (the service serves what lib/browser-bundling.ts builds from it).
  browser: ['browser'],
};

/** Edges that run up the layers or out of runtime code into tools, as `importer -> imported (from -> to)` lines. */
export function layerViolations(edges: Edge[], allowed: Record<Layer, Layer[]> = allowedImports): string[] {
  const found = new Set<string>();
  for (const edge of edges) {
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    if (from === undefined || to === undefined) continue;
    if (!allowed[from].includes(to)) found.add(`${edge.from} -> ${edge.to}  (${from} -> ${to})`);
  }
  return [...found].sort();
}

/** Packages that do I/O (or wait: timers): the model names none of them. */
export const ioPackages = [
  /^@aws-sdk\//,
  /^@aws-lambda-powertools\//,
  /^undici$/,
  /^stripe$/,
  /^node:(fs|net|http|https|dns|tls|dgram|child_process|worker_threads|http2|timers)$/,
  /^(fs|net|http|https|dns|tls|dgram|child_process|worker_threads|http2|timers)$/,
];
