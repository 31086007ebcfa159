import { asset, type WebAsset } from './asset.js';
import { browserFile, bundleFileName, pageScripts, siteStyles, type InlineScript, type PageScript } from './browser-files.js';
import { docsBundle } from './docs-bundle.js';

export type { WebAsset };

/**
 * The stylesheet (joined from its parts) and each page's script, named by their content hash, so the files
 * can be cached for a year and a deploy never mixes old and new. Read once, as the module loads.
 */
export const stylesheet = asset('site', 'css', 'text/css; charset=utf-8', siteStyles.map(browserFile).join('\n'));

const scripts = new Map(
  pageScripts.map((name) => [name, asset(name, 'js', 'text/javascript; charset=utf-8', browserFile(bundleFileName(name)))]),
);

/** The script a page links (shared/http/pages/layout.ts). */
export function pageScript(name: PageScript): WebAsset {
  return scripts.get(name)!;
}

const inline = new Map<InlineScript, string>([['sign-in', browserFile(bundleFileName('sign-in'))]]);

/** The text of a script a page inlines, which its CSP allows by its hash. */
export function inlineScript(name: InlineScript): string {
  return inline.get(name)!;
}

const byFile = new Map([stylesheet, ...scripts.values()].map((item) => [item.file, item]));

export function webAsset(file: string): WebAsset | null {
  if (file.startsWith('redoc.')) return docsBundle().file === file ? docsBundle() : null;
  return byFile.get(file) ?? null;
}
