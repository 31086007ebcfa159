import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: NodejsFunction bundles from here, with the root lockfile. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const lockFile = path.join(repoRoot, 'package-lock.json');

/** `publicScanner` -> `public-scanner`: the file name of a function's entry point. */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Lambda entry points live in functions/http/<family>.ts and functions/workers/<worker>.ts. */
export function entryPath(kind: 'http' | 'workers', name: string): string {
  return path.join(repoRoot, 'functions', kind, `${kebabCase(name)}.ts`);
}
