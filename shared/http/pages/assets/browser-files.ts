import { readFileSync } from 'node:fs';

/**
 * The browser code and styles of the web pages, kept as real files beside this module so that ESLint
 * and Prettier read them (docs/decisions/051-browser-assets-as-files.md).
 */
export const siteStyles = ['site.css'] as const;

/**
 * The site script's parts, in the order they are joined into the one file pages load: the shared
 * helpers first, the dashboard (which renders the sections registered before it) last.
 */
export const siteScripts = [
  'core.js',
  'page.js',
  'scanner-form.js',
  'sign-in-form.js',
  'owned-report.js',
  'dashboard-account.js',
  'dashboard-scans.js',
  'dashboard-sites.js',
  'dashboard-webhooks.js',
  'dashboard-keys.js',
  'dashboard-curl.js',
  'dashboard.js',
] as const;

export const browserFileNames = [...siteStyles, ...siteScripts, 'sign-in.js'] as const;
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

/** Several files joined into one, each on its own lines. */
export function joinedBrowserFiles(names: readonly BrowserFileName[]): string {
  return names.map((name) => files[name]).join('\n');
}
