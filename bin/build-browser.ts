/**
 * Builds the pages' browser bundles from browser/ into shared/http/pages/assets/bundles/ (lib/browser-bundling.ts).
 * Runs on install (`prepare`); `npm run build:browser` rebuilds after a change. `npm start`, the tests and
 * bundling build them themselves.
 */
import path from 'node:path';
import { writeBrowserBundles } from '#lib/browser-bundling.js';
import { repoRoot } from '#lib/paths.js';

const written = writeBrowserBundles();
console.error(`Built ${[...written.values()].map((file) => path.relative(repoRoot, file)).join(', ')}`);
