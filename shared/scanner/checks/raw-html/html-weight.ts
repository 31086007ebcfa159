import type { Artifacts, PageArtifact } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { FetchedResource } from '#shared/outbound/types.js';
import { resourceOf, scannedPages, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';
import { listNames, pageLabel, quoteEvidence } from '#shared/scanner/checks/wording.js';

export const MAX_HTML_BYTES = 500 * 1024;
export const MIN_TEXT_PERCENT = 15;
/** Below this, markup cannot crowd the text out of what an agent reads: the text share is not judged. */
export const MIN_RATIO_BYTES = 100 * 1024;

interface Weighed {
  page: PageArtifact;
  score: number;
  detail: string;
}

/** Rounded, except that a page over the limit never reads as the limit: 500.4 KB reads "501 KB". */
function kilobytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const rounded = Math.round(bytes / 1024);
  return `${bytes > MAX_HTML_BYTES && rounded * 1024 <= MAX_HTML_BYTES ? rounded + 1 : rounded} KB`;
}

function weigh(page: PageArtifact, resource: FetchedResource): Weighed {
  if (resource.truncated) {
    return {
      page,
      score: 0,
      detail: `more than ${kilobytes(resource.bytes)} of HTML: the scanner stopped reading there, and agents with smaller limits stop sooner`,
    };
  }
  // Judged on the whole percent shown (rounded down): 14.9% reads "14%" and is under the 15% threshold.
  const percent = Math.floor((Buffer.byteLength(page.visibleText) * 100) / resource.bytes);
  const light = resource.bytes <= MAX_HTML_BYTES;
  const wordy = percent >= MIN_TEXT_PERCENT || resource.bytes < MIN_RATIO_BYTES;
  const score = light && wordy ? 1 : light || wordy ? 0.5 : 0;
  return { page, score, detail: `${kilobytes(resource.bytes)} of HTML, ${percent}% visible text` };
}

/** Per page: at most 500 KB of decompressed HTML and, from 100 KB, at least 15% of it visible text; averaged. */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const weighed: Weighed[] = [];
  const skipped: Evidence[] = [];
  for (const page of scannedPages(artifacts)) {
    const resource = resourceOf(page.retrieval);
    const reason = unreadableReason(page) ?? (page.facts && resource && resource.bytes > 0 ? null : 'no HTML body');
    if (reason === null && resource) weighed.push(weigh(page, resource));
    else skipped.push(evidence(page.url, `not assessed: ${reason ?? 'not fetched'}`));
  }
  if (weighed.length === 0) return outcome.notAssessed('No HTML page could be weighed', skipped);

  const score = weighed.reduce((sum, entry) => sum + entry.score, 0) / weighed.length;
  const found = [...weighed.map((entry) => evidence(entry.page.url, entry.detail)), ...skipped];
  const heavy = weighed.filter((entry) => entry.score < 1);
  const only = weighed.length === 1 ? weighed[0] : undefined;
  if (heavy.length === 0) {
    return outcome.pass(
      only
        ? `Lean HTML on ${pageLabel(only.page)}: ${only.detail}`
        : `Lean HTML on all ${weighed.length} pages (500 KB or less, 15%+ visible text from 100 KB)`,
      found,
    );
  }
  const worst = [...heavy].sort((a, b) => a.score - b.score)[0];
  const summary =
    heavy.length === 1 && worst
      ? `Heavy HTML on ${pageLabel(worst.page)}: ${worst.detail} (500 KB or less, and 15%+ text from 100 KB, pass)`
      : `Heavy HTML on ${listNames(
          heavy.map((entry) => pageLabel(entry.page)),
          3,
        )} (500 KB or less, and 15%+ text from 100 KB, pass)`;
  return outcome.fraction(score, summary, found);
}

function advise(result: CheckOutcome): Advice {
  return {
    title: 'Slim down the HTML agents have to read',
    why: `Agents read a limited amount of each page; inline scripts, styles and app state crowd out the product text: ${quoteEvidence(result.evidence.filter((item) => !item.value?.startsWith('not assessed')))}.`,
    fix: 'Move inline JSON state, SVG sprites and CSS into cached external files, drop unused apps and tracking snippets, and paginate or lazy-load long product grids on the server.',
    snippet: null,
    effort: 'M',
  };
}

export const htmlWeight: CheckDefinition = {
  id: 'html_weight',
  dimension: 'raw_html',
  title: 'HTML is light and mostly content',
  points: 2,
  evaluate,
  advise,
};
