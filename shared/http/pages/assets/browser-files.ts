import { readFileSync } from 'node:fs';

/**
 * The browser code and styles of the web pages, kept as real files beside this module so that ESLint
 * and Prettier read them (docs/decisions/051-browser-assets-as-files.md).
 */
export const siteStyles = [
  'site.css',
  'report.css',
  'pricing.css',
  'nav.css',
  'dashboard-work.css',
  'dashboard-keys-webhooks.css',
  'watched-sites.css',
] as const;

/**
 * The site script's parts, in the order they are joined into the one file pages load: the shared
 * helpers first, the dashboard (which renders the sections registered before it) last.
 */
export const siteScripts = [
  'core.js',
  'page.js',
  'scanner-form.js',
  'sign-in-form.js',
  'recheck-buttons.js',
  'owned-report.js',
  'nav.js',
  'dashboard-account.js',
  'dashboard-scan.js',
  'dashboard-scans.js',
  'dashboard-sites.js',
  'dashboard-competitors.js',
  'dashboard-webhooks.js',
  'dashboard-batches.js',
  'dashboard-keys.js',
  'dashboard-curl.js',
  'site-page.js',
  'dashboard.js',
] as const;

export const browserFileNames = [...siteStyles, ...siteScripts, 'sign-in.js'] as const;
export type BrowserFileName = (typeof browserFileNames)[number];
export type BrowserFiles = Record<BrowserFileName, string>;

/** This module's directory: the sources' when run from source, the bundle's in a function. */
export const browserFilesDirectory = new URL('./', import.meta.url);

/**
 * Read from this directory when run from source (dev server, tests); in a function's bundle, from beside
 * it, where CDK copies them (lib/function-bundling.ts `bundleFiles`).
 */
export function readBrowserFiles(): BrowserFiles {
  return Object.fromEntries(
    browserFileNames.map((name) => [name, readFileSync(new URL(name, browserFilesDirectory), 'utf8')]),
  ) as BrowserFiles;
}

const files: BrowserFiles = readBrowserFiles();

export function browserFile(name: BrowserFileName): string {
  return files[name];
}

/** Several files joined into one, each on its own lines. */
export function joinedBrowserFiles(names: readonly BrowserFileName[]): string {
  return names.map((name) => files[name]).join('\n');
}
