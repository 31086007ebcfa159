import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import type { FunctionName } from '#lib/function-catalog.js';
import { repoRoot } from '#lib/paths.js';
import { ensureBrowserBundles } from '#lib/browser-bundling.js';
import { browserFileNames, browserFilesDirectory } from '#shared/http/pages/assets/browser-files.js';
import { docsBundleFileName, docsBundleSource } from '#shared/http/pages/assets/docs-bundle.js';

const unusedSdkDependencies = path.join(repoRoot, 'shared', 'mcp', 'unused-sdk-dependencies.ts');

/**
 * How every function is bundled and started, in one place: the CDK stack builds with these settings
 * and `npm run bench` builds the same bundles to measure their size and cold import time.
 */
export const functionBundling = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  /** esbuild's ESM output still meets CommonJS dependencies that call `require`. */
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  /**
   * No source maps: `--enable-source-maps` cost 15-20 ms of every cold start (bench/RESULTS.md, "Cold start"), and
   * a map beside the bundle is only read with that flag. The bundles are deterministic, so a stack trace
   * from a deployed function can be mapped offline by rebuilding the same commit with maps on.
   */
  sourceMap: false,
  /** The functions' NODE_OPTIONS. */
  nodeOptions: '',
  /** Modules replaced at bundling: code the functions import but never run, which would cost every cold start. */
  alias: {
    // The charset sniffer (encoding-sniffer) only needs @exodus/bytes' label table, not the multi-byte
    // decoding tables its full entry loads as a side effect (Node's TextDecoder decodes): the package's
    // own "lite" entry has the same exports.
    '@exodus/bytes/encoding.js': '@exodus/bytes/encoding-lite.js',
    // Imported by the MCP SDK's server for what the mcp function never does (Ajv for elicitation answers, zod 3
    // schemas): left out, they no longer cost its cold start (shared/mcp/unused-sdk-dependencies.ts).
    ajv: unusedSdkDependencies,
    'ajv-formats': unusedSdkDependencies,
    'zod/v3': unusedSdkDependencies,
    'zod-to-json-schema': unusedSdkDependencies,
  },
} as const;

/**
 * esbuild's options for one function's bundle as the stack builds it (`functionBundling` above), for the
 * bench and the tests that build and read the deployed bundles themselves. `floor` is the bench's floor
 * handler, which has no defines.
 */
export function esbuildOptions(name: FunctionName | 'floor'): BuildOptions {
  return {
    bundle: true,
    platform: functionBundling.platform,
    format: functionBundling.format,
    target: functionBundling.target,
    mainFields: [...functionBundling.mainFields],
    minify: functionBundling.minify,
    sourcemap: functionBundling.sourceMap,
    sourcesContent: false,
    banner: { js: functionBundling.banner },
    alias: { ...functionBundling.alias },
    define: name === 'floor' ? {} : bundleDefines(name),
    logLevel: 'error',
  };
}

/** The functions whose code imports shared/http/pages; a bundle missing the files fails on import (test/infra/bundling.test.ts). */
const pageFunctions: readonly FunctionName[] = ['web', 'scanner', 'auth', 'sites'];

/** openapi.json at the repository's root, which a test keeps equal to the generated document (`npm run openapi`). */
const committedOpenApiDocument = fileURLToPath(new URL('../openapi.json', import.meta.url));
const openApiFileName = 'openapi.json';

/**
 * Constants the bundler writes into one function's code (esbuild `define`). The meta function serves
 * the OpenAPI document, which is built from every family's schemas by a generator: copied beside the
 * bundle (`bundleFiles`) and named here, so the generator is left out of the bundle and costs that
 * function nothing at cold start (bench/RESULTS.md, "Cold start"). The document itself is too large for a
 * `define`, which CDK passes inside one shell argument capped at 128 KiB. It names the limits, so it is
 * prebuilt only when the deployment keeps the defaults (no `serviceSettings`): with limits of its own, as
 * from source (dev server, tests), the function builds it on first request from its own environment.
 */
export function bundleDefines(name: FunctionName, options: { defaultLimits: boolean } = { defaultLimits: true }): Record<string, string> {
  return name === 'meta' && options.defaultLimits ? { PREBUILT_OPENAPI_DOCUMENT_FILE: JSON.stringify(openApiFileName) } : {};
}

/**
 * Files copied beside a function's bundle: the functions that render pages get the pages' browser files,
 * read at import (docs/decisions/065-site-script-in-parts.md): the stylesheet's parts and the scripts,
 * built here from browser/ first so that they are the sources' (lib/browser-bundling.ts, decision 119),
 * each at its path beside browser-files.ts (`bundles/<page>.js`); the web function also serves the API
 * reference's renderer, a 1.1 MB file of a devDependency, read on the first request for it; the meta
 * function its prebuilt OpenAPI document (`bundleDefines`).
 */
export function bundleFiles(
  name: FunctionName,
  options: { defaultLimits: boolean } = { defaultLimits: true },
): Array<{ from: string; name: string }> {
  if (name === 'meta') return options.defaultLimits ? [{ from: committedOpenApiDocument, name: openApiFileName }] : [];
  if (pageFunctions.includes(name)) ensureBrowserBundles();
  const browserFiles = pageFunctions.includes(name)
    ? browserFileNames.map((file) => ({ from: fileURLToPath(new URL(file, browserFilesDirectory)), name: file }))
    : [];
  return name === 'web' ? [...browserFiles, { from: docsBundleSource(), name: docsBundleFileName }] : browserFiles;
}
