import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { isSuccess, resourceOf, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';
import { plural, quoteEvidence } from '#shared/scanner/checks/wording.js';
import { SSR_WARN_WORDS } from '#shared/scanner/extract/shell-markers.js';
import { runsNoScript } from '#shared/scanner/checks/runs-no-script.js';

export const SSR_PASS_WORDS = 150;

/** Inline script this large counts as a bundle even without an external `<script src>`. */
const INLINE_BUNDLE_CHARS = 20_000;

export interface ClientShell {
  /** What marks the page as a client-rendered app, e.g. `<div id="root">`. */
  marker: string;
  externalScripts: number;
  inlineScriptChars: number;
}

/**
 * The homepage's raw HTML is an empty client-rendered shell: fewer than 50 visible words, a
 * framework mount point (or a <noscript> "enable JavaScript" notice) and a script bundle that
 * would render the content. Challenge pages (also thin and script-heavy) are not shells.
 */
export function describeClientShell(page: PageArtifact): ClientShell | null {
  const shell = page.facts?.shell;
  const resource = resourceOf(page.retrieval);
  if (!shell || !resource || !isSuccess(resource) || page.botWall.kind !== 'none' || page.wordCount >= SSR_WARN_WORDS) return null;
  const { externalScripts, inlineScriptChars } = shell;
  if (externalScripts === 0 && inlineScriptChars < INLINE_BUNDLE_CHARS) return null;
  if (shell.mountMarker !== null) return { marker: shell.mountMarker, externalScripts, inlineScriptChars };
  if (shell.noscriptNeedsJs) return { marker: 'a <noscript> "enable JavaScript" notice', externalScripts, inlineScriptChars };
  return null;
}

export function isEmptyClientShell(page: PageArtifact): boolean {
  return describeClientShell(page) !== null;
}

function textSample(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const page = artifacts.homepage;
  const reason = unreadableReason(page);
  if (reason !== null) return outcome.notAssessed(`The homepage's raw HTML could not be read: ${reason}`, [evidence(page.url, reason)]);
  const resource = resourceOf(page.retrieval);
  if (!resource || !isSuccess(resource)) {
    return outcome.notAssessed(`The homepage answered HTTP ${resource?.status ?? 'nothing'}, so its text could not be judged`, [
      evidence(page.url, `HTTP ${resource?.status ?? '-'}`),
    ]);
  }
  if (!page.facts) {
    const contentType = resource.headers['content-type'] ?? 'no content type';
    return outcome.notAssessed(`The homepage is not HTML (${contentType})`, [evidence(page.url, contentType)]);
  }

  const words = page.wordCount;
  const found = [evidence(page.url, `${plural(words, 'visible word')}${words > 0 ? `: "${textSample(page.visibleText)}"` : ''}`)];
  if (words >= SSR_PASS_WORDS) return outcome.pass(`The homepage's raw HTML shows ${words} words without JavaScript`, found);
  if (words >= SSR_WARN_WORDS) {
    return outcome.warn(
      `The homepage's raw HTML shows only ${words} words (${SSR_PASS_WORDS}+ passes): thin for agents that do not run JavaScript`,
      found,
    );
  }
  const shell = describeClientShell(page);
  if (shell) {
    const scripts =
      shell.externalScripts > 0
        ? plural(shell.externalScripts, 'script bundle')
        : `${Math.round(shell.inlineScriptChars / 1024)} KB of inline script`;
    return outcome.fail(
      `The homepage is an empty client-rendered shell (${shell.marker} and ${scripts}, ${plural(words, 'word')}): agents that do not run JavaScript see a blank page`,
      [
        ...found,
        evidence(
          page.url,
          `shell: ${shell.marker}, ${shell.externalScripts} external scripts, ${shell.inlineScriptChars} chars inline script`,
        ),
      ],
    );
  }
  const shown = words === 0 ? 'no visible text' : `only ${plural(words, 'word')}`;
  if (runsNoScript(page)) {
    return outcome.fail(`The homepage shows ${shown} and runs no script: agents find almost nothing to read there`, found);
  }
  return outcome.fail(`The homepage's raw HTML shows ${shown}: agents that do not run JavaScript see almost nothing`, found);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const shell = describeClientShell(artifacts.homepage);
  if (runsNoScript(artifacts.homepage)) {
    return {
      title: 'Give the homepage text agents can read',
      why: `The homepage is almost empty, so agents that land on it learn little about the shop: ${quoteEvidence(result.evidence)}.`,
      fix: 'Put the key content on the homepage itself: a heading and intro text saying what the shop sells, featured products with names and prices, and links to categories and policies.',
      snippet: null,
      effort: 'M',
    };
  }
  return {
    title: 'Render the homepage content on the server',
    why: `Most AI agents read the HTML response without running JavaScript, so they miss what your scripts draw: ${quoteEvidence(result.evidence)}.`,
    fix: shell
      ? 'Turn on server-side rendering or static pre-rendering (Next.js/Nuxt SSR or SSG, Angular SSR, a prerender service) so the first response already contains your categories, featured products with prices, and navigation links.'
      : 'Put the key content in the HTML the server sends: a heading and intro text, featured products with names and prices, category and policy links. Avoid loading them only through JavaScript.',
    snippet: null,
    effort: shell ? 'L' : 'M',
  };
}

export const ssrText: CheckDefinition = {
  id: 'ssr_text',
  dimension: 'raw_html',
  title: 'Homepage text is readable without JavaScript',
  points: 4,
  evaluate,
  advise,
};
