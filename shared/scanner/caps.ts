import type { Artifacts } from '#shared/scanner/artifacts.js';
import { contentProblem } from '#shared/scanner/checks/read-artifacts.js';
import { hasMachineReadablePrice } from '#shared/scanner/checks/product-data/offer-core.js';
import { describeClientShell } from '#shared/scanner/checks/raw-html/index.js';
import { evaluateAgents } from '#shared/scanner/parse/robots.js';
import type { Cap } from '#shared/scanner/scoring.js';

/**
 * The rubric's caps: findings so severe that no amount of points elsewhere may hide them
 * (a shop invisible to agents must not outscore a visible one).
 */
export function capsFor(artifacts: Artifacts): Cap[] {
  const caps: Cap[] = [];
  const { homepage, productPages, site } = artifacts;
  if (homepage.botWall.kind === 'wall') {
    const answer = homepage.botWall.vendor
      ? `a ${homepage.botWall.vendor} challenge page`
      : `a refusal (${homepage.botWall.evidence ?? 'refused'})`;
    caps.push({ id: 'bot_wall', limit: 25, reason: `The homepage answers agents with ${answer}` });
  }
  const unreadable = contentProblem(homepage);
  if (unreadable !== null) {
    caps.push({ id: 'homepage_unreadable', limit: 25, reason: `The homepage ${unreadable}: agents find nothing to read there` });
  }
  // Only a robots.txt the scanner actually read can cap the score: one that was not fetched in time
  // is not_assessed, never a finding.
  if (site.robots.retrieval.state === 'fetched' && evaluateAgents(site.robots.parsed, ['/']).allAiSearchDisallowedFromRoot) {
    caps.push({ id: 'robots_blocks_ai', limit: 40, reason: 'robots.txt disallows every AI search and shopping agent from /' });
  }
  const shell = describeClientShell(homepage);
  if (shell) {
    caps.push({
      id: 'empty_shell',
      limit: 50,
      reason: `The homepage is an empty client-rendered shell (${shell.marker}, ${homepage.wordCount} words of text)`,
    });
  }
  if (productPages.length > 0 && !productPages.some(hasMachineReadablePrice)) {
    caps.push({ id: 'no_machine_readable_price', limit: 60, reason: 'No product page states a machine-readable price and currency' });
  }
  return caps;
}
