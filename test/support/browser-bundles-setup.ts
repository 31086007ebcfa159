import { writeBrowserBundles } from '#lib/browser-bundling.js';

/**
 * Every test project's first setup: the pages' browser bundles built from browser/ as it is now
 * (lib/browser-bundling.ts), so a run after an edit there serves and checks the new code.
 */
export default function setup(): void {
  writeBrowserBundles();
}
