/**
 * JavaScript in the runtime folders is generated, never written: the pages' code is TypeScript in browser/,
 * bundled into shared/http/pages/assets/bundles/ (lib/browser-bundling.ts), a folder git ignores
 * (docs/decisions/119-browser-code-in-typescript.md). A `.js` file anywhere else there is a file someone
 * wrote that no type check, and perhaps no bundle, reads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserBundles, bundleFileName, bundlesFolder } from '#shared/http/pages/assets/browser-files.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNTIME_FOLDERS = ['shared', 'functions', 'lib', 'bin'];
const generated = new Set(browserBundles.map((name) => `shared/http/pages/assets/${bundleFileName(name)}`));

function scriptsUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const child = path.posix.join(folder, name);
    if (name === 'node_modules') return [];
    if (statSync(path.join(ROOT, child)).isDirectory()) return scriptsUnder(child);
    return /\.(js|mjs|cjs|jsx)$/.test(name) ? [child] : [];
  });
}

describe('JavaScript files under shared/, functions/, lib/ and bin/', () => {
  it('are the generated browser bundles alone', () => {
    const scripts = RUNTIME_FOLDERS.flatMap(scriptsUnder);
    expect(scripts.filter((file) => !generated.has(file))).toEqual([]);
  });

  it('are in a folder git ignores, so no generated bundle is committed', () => {
    const ignored = readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain(`shared/http/pages/assets/${bundlesFolder}/`);
  });
});
