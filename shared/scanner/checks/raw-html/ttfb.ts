import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { isSuccess, resourceOf, scannedPages, unreadableReason } from '#shared/scanner/checks/read-artifacts.js';
import { plural, quoteEvidence } from '#shared/scanner/checks/wording.js';

export const TTFB_PASS_MS = 800;
export const TTFB_WARN_MS = 1800;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The median time to first byte over the homepage and product pages that answered 2xx with their
 * content (challenge pages and errors are timed differently, so they are left out).
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const timed = scannedPages(artifacts).flatMap((page) => {
    const resource = resourceOf(page.retrieval);
    return resource && isSuccess(resource) && unreadableReason(page) === null ? [{ page, ms: Math.round(resource.timing.ttfbMs) }] : [];
  });
  if (timed.length === 0) {
    return outcome.notAssessed('No page answered with its content, so response time could not be measured', [
      evidence(artifacts.homepage.url, 'no timed 2xx page'),
    ]);
  }
  const ms = Math.round(median(timed.map((entry) => entry.ms)));
  const found = timed.map((entry) => evidence(entry.page.url, `time to first byte ${entry.ms} ms`));
  const what = timed.length === 1 ? 'Time to first byte' : `Median time to first byte over ${plural(timed.length, 'page')}`;
  if (ms <= TTFB_PASS_MS) return outcome.pass(`${what} is ${ms} ms`, found);
  if (ms <= TTFB_WARN_MS)
    return outcome.warn(`${what} is ${ms} ms (${TTFB_PASS_MS} ms or less passes): agents with short timeouts may give up`, found);
  return outcome.fail(`${what} is ${ms} ms (over ${TTFB_WARN_MS} ms): agents with short timeouts give up before the page arrives`, found);
}

function advise(result: CheckOutcome): Advice {
  return {
    title: 'Answer faster: cache HTML at the edge',
    why: `Agents fetch many pages under tight time budgets and drop slow ones: ${quoteEvidence(result.evidence)}.`,
    fix: 'Serve shop pages through a CDN with HTML caching (stale-while-revalidate), cache rendered templates and slow database queries, and remove per-request calls to third-party APIs from page rendering.',
    snippet: 'Cache-Control: public, max-age=60, stale-while-revalidate=600',
    effort: 'M',
  };
}

export const ttfb: CheckDefinition = {
  id: 'ttfb',
  dimension: 'raw_html',
  title: 'Server answers quickly',
  points: 2,
  evaluate,
  advise,
};
