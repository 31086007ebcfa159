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
  sourceMap: true,
  /** The functions' NODE_OPTIONS. */
  nodeOptions: '--enable-source-maps',
} as const;
