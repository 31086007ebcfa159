import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions } from 'esbuild';
import { repoRoot } from '#lib/paths.js';
import {
  browserBundles,
  browserFilesDirectory,
  bundleFileName,
  bundlesFolder,
  type BrowserBundle,
} from '#shared/http/pages/assets/browser-files.js';

/**
 * The pages' browser code (browser/, TypeScript) bundled for the browser: one bundle per page that has a
 * script (`browserBundles`), each from `browser/pages/<name>.ts`, written where
 * shared/http/pages/assets/browser-files.ts reads them (docs/decisions/119-browser-code-in-typescript.md).
 * Nothing deployed imports this module: the functions get the built files copied beside them
 * (lib/function-bundling.ts `bundleFiles`).
 */
export const browserSourceFolder = path.join(repoRoot, 'browser');

/** The generated folder: gitignored, written by `npm ci` (prepare), `npm start`, the tests' setup and bundling. */
export const browserBundlesFolder = fileURLToPath(new URL(`${bundlesFolder}/`, browserFilesDirectory));

export function browserEntry(name: BrowserBundle): string {
  return path.join(browserSourceFolder, 'pages', `${name}.ts`);
}

/**
 * Scripts as the pages load them: one IIFE each (a classic `defer` script, as `script-src 'self'` and the
 * sign-in page's hash allow), for ES2017 browsers, readable (not minified), the same bytes from the same
 * sources on any machine (paths in its comments are relative to the repository).
 */
export const browserBundling = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2017',
  minify: false,
  sourcemap: false,
  charset: 'utf8',
  legalComments: 'none',
  tsconfig: path.join(browserSourceFolder, 'tsconfig.json'),
  absWorkingDir: repoRoot,
  logLevel: 'silent',
} as const satisfies BuildOptions;

/** Every bundle's text, built in memory. */
export function buildBrowserBundles(): Map<BrowserBundle, string> {
  const result = buildSync({
    ...browserBundling,
    entryPoints: browserBundles.map((name) => ({ in: browserEntry(name), out: name })),
    outdir: browserBundlesFolder,
    write: false,
  });
  const byPath = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  return new Map(
    browserBundles.map((name) => {
      const text = byPath.get(path.join(browserBundlesFolder, `${name}.js`));
      if (text === undefined) throw new Error(`esbuild wrote no bundle for ${name}`);
      return [name, text];
    }),
  );
}

/**
 * Builds every bundle and writes the ones whose text changed, each through a file of its own renamed into
 * place, so that processes building at once (the two Vitest runs of `npm test`) never read half a file;
 * files of bundles no longer built are removed. Returns the bundles' paths, by name.
 */
export function writeBrowserBundles(): Map<BrowserBundle, string> {
  const built = buildBrowserBundles();
  mkdirSync(browserBundlesFolder, { recursive: true });
  const written = new Map<BrowserBundle, string>();
  for (const [name, text] of built) {
    const file = path.join(browserBundlesFolder, `${name}.js`);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, file);
    }
    written.set(name, file);
  }
  const current = new Set(browserBundles.map((name) => path.basename(bundleFileName(name))));
  for (const stale of readdirSync(browserBundlesFolder).filter((file) => !current.has(file) && !file.endsWith('.tmp')))
    rmSync(path.join(browserBundlesFolder, stale), { force: true });
  return written;
}

let writtenInThisProcess: Map<BrowserBundle, string> | undefined;

/** The bundles as built from the sources, written once per process (CDK synthesis calls this for every function). */
export function ensureBrowserBundles(): Map<BrowserBundle, string> {
  writtenInThisProcess ??= writeBrowserBundles();
  return writtenInThisProcess;
}
