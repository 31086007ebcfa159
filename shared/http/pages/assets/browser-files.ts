import { existsSync, readFileSync } from 'node:fs';

/**
 * The web pages' styles and scripts as files beside this module (docs/decisions/051-browser-assets-as-files.md):
 * the stylesheet's parts are written here, the scripts are bundles built from browser/ into `bundles/`
 * (docs/decisions/119-browser-code-in-typescript.md). This module only names and reads them.
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
 * The pages' scripts, one bundle each, built from `browser/pages/<name>.ts`: `site` for every page without
 * one of its own (the header's account link, Copy buttons, printing), the others for the page of their name.
 */
export const pageScripts = ['site', 'scanner', 'sign-in-form', 'owned-report', 'dashboard', 'watched-site'] as const;
export type PageScript = (typeof pageScripts)[number];

/** Scripts a page inlines, allowed by the CSP through their hash: the sign-in link's page (sign-in-page.ts). */
export const inlineScripts = ['sign-in'] as const;
export type InlineScript = (typeof inlineScripts)[number];

export const browserBundles = [...pageScripts, ...inlineScripts] as const;
export type BrowserBundle = (typeof browserBundles)[number];

/** The folder the bundles are written to, beside this module from source and beside a function's bundle. */
export const bundlesFolder = 'bundles';

export function bundleFileName(name: BrowserBundle): `bundles/${BrowserBundle}.js` {
  return `${bundlesFolder}/${name}.js`;
}

export const browserFileNames = [...siteStyles, ...browserBundles.map(bundleFileName)];
export type BrowserFileName = (typeof siteStyles)[number] | ReturnType<typeof bundleFileName>;

/** This module's directory: the sources' when run from source, the bundle's in a function. */
export const browserFilesDirectory = new URL('./', import.meta.url);

/**
 * One file's text: from this directory when run from source (dev server, tests), in a function's bundle
 * from beside it, where CDK copies them (lib/function-bundling.ts `bundleFiles`).
 */
export function browserFile(name: BrowserFileName): string {
  const file = new URL(name, browserFilesDirectory);
  if (name.startsWith(`${bundlesFolder}/`) && !existsSync(file))
    throw new Error(`The browser bundle ${name} is missing: run \`npm run build:browser\` (npm ci does).`);
  return readFileSync(file, 'utf8');
}
