import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { asset, type WebAsset } from './asset.js';

/** The name the file has beside the web function's bundle (lib/function-bundling.ts `bundleFiles`). */
export const docsBundleFileName = 'redoc.standalone.js';

/** Redoc's standalone bundle in node_modules (a devDependency). */
export function docsBundleSource(): string {
  return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
}

/** Beside the deployed bundle, else (dev server, tests) from node_modules. */
function readDocsBundle(): string {
  const shipped = fileURLToPath(new URL(`./${docsBundleFileName}`, import.meta.url));
  const text = readFileSync(existsSync(shipped) ? shipped : docsBundleSource(), 'utf8');
  return (
    text
      // The source map is not served, so the bundle does not point at it.
      .replace(/\n\/\/# source[M]appingURL=\S+\s*$/, '\n')
      // Its "API docs by Redocly" link shows a logo from Redocly's CDN; the page loads nothing from
      // elsewhere (and its CSP would refuse it), so the logo points at nothing and hides itself.
      .replace('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,')
  );
}

let bundle: WebAsset | undefined;

/** The API reference's renderer, read and hashed on first use: only /docs needs it. */
export function docsBundle(): WebAsset {
  bundle ??= asset('redoc', 'js', 'text/javascript; charset=utf-8', readDocsBundle());
  return bundle;
}
