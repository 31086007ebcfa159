import type { PageArtifact } from '#shared/scanner/artifacts.js';

/** Inline script below this is analytics or a snippet, not what draws the page. */
const SNIPPET_CHARS = 1_000;

/**
 * A page known to run no script that could draw it: no advice about it may blame JavaScript. Known only for
 * thin pages, the ones whose script markers are read (shell-markers.ts); false when unknown.
 */
export function runsNoScript(page: PageArtifact): boolean {
  const shell = page.facts?.shell;
  return shell !== null && shell !== undefined && shell.externalScripts === 0 && shell.inlineScriptChars < SNIPPET_CHARS;
}
