/**
 * Names by role (docs/decisions/057-folders-by-layer-names-by-role.md): under shared/, a base name is one
 * file's, so a name found in a stack trace or a review points at one place. Barrels (`index.ts`) and a
 * module's `types.ts` are the exceptions.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SHARED = fileURLToPath(new URL('shared/', new URL('../../../', import.meta.url)));
const SHARED_BY_DESIGN = new Set(['index.ts', 'types.ts']);

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.(ts|js|css)$/.test(name) ? [full] : [];
  });
}

describe('file names under shared/', () => {
  it('are unique, but for index.ts and types.ts', () => {
    const byName = new Map<string, string[]>();
    for (const file of sourcesUnder(SHARED)) {
      const name = path.basename(file);
      if (!SHARED_BY_DESIGN.has(name)) byName.set(name, [...(byName.get(name) ?? []), path.relative(SHARED, file)]);
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
  });
});
