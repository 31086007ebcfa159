import { asset, type WebAsset } from './asset.js';
import { joinedBrowserFiles, siteScripts, siteStyles } from './browser-files.js';
import { docsBundle } from './docs-bundle.js';

export type { WebAsset };

/**
 * The stylesheet and script (each joined from its parts), named by their content hash, so the files can be cached for a year and a
 * deploy never mixes old and new.
 */
export const stylesheet = asset('site', 'css', 'text/css; charset=utf-8', joinedBrowserFiles(siteStyles));
export const script = asset('site', 'js', 'text/javascript; charset=utf-8', joinedBrowserFiles(siteScripts));

const byFile = new Map([stylesheet, script].map((item) => [item.file, item]));

export function webAsset(file: string): WebAsset | null {
  if (file.startsWith('redoc.')) return docsBundle().file === file ? docsBundle() : null;
  return byFile.get(file) ?? null;
}
