import { readFileSync } from 'node:fs';

/**
 * The browser code and styles of the web pages, kept as real files beside this module so that ESLint
 * and Prettier read them (docs/decisions/051-browser-assets-as-files.md).
 */
export const browserFileNames = ['site.css', 'site.js', 'sign-in.js'] as const;
export type BrowserFileName = (typeof browserFileNames)[number];
export type BrowserFiles = Record<BrowserFileName, string>;

/**
 * The files' text, written into a function's bundle by esbuild `define` (lib/function-bundling.ts
 * `bundleDefines`): a bundle has no directory of sources to read them from.
 */
declare const BROWSER_FILES: BrowserFiles | undefined;

/** Read from this directory: run from source (dev server, tests) and at bundling time. */
export function readBrowserFiles(): BrowserFiles {
  return Object.fromEntries(
    browserFileNames.map((name) => [name, readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')]),
  ) as BrowserFiles;
}

const files: BrowserFiles = typeof BROWSER_FILES === 'object' ? BROWSER_FILES : readBrowserFiles();

export function browserFile(name: BrowserFileName): string {
  return files[name];
}
