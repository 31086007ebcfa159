/** Reading the robots.txt artifact: when it says nothing about the shop's policy, and how to name its status. */
import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { RobotsTxt } from '#shared/scanner/parse/robots.js';
import { retrievalProblem } from './pages.js';

/**
 * not_assessed when robots.txt was not fetched (deadline, transport failure) or answered 429: the
 * outcome then describes our fetch, not the shop's policy. Null when the file can be judged.
 */
export function robotsNotAssessed(artifacts: Artifacts): CheckOutcome | null {
  const { url, retrieval, parsed } = artifacts.site.robots;
  const problem = retrievalProblem(retrieval);
  if (problem !== null) return outcome.notAssessed(`robots.txt could not be checked: ${problem}`, [evidence(url, problem)]);
  if (parsed.source === 'rate_limited') {
    return outcome.notAssessed('robots.txt answered 429 Too Many Requests, so its rules could not be read', [evidence(url, 'HTTP 429')]);
  }
  return null;
}

export function robotsStatus(parsed: RobotsTxt): string {
  return parsed.status === 'unreachable' ? 'unreachable' : `HTTP ${parsed.status}`;
}

/** The sitemap URL to suggest: one robots.txt already declares, the one found, or /sitemap.xml. */
export function suggestedSitemapUrl(artifacts: Artifacts): string {
  const { robots, sitemap, origin } = artifacts.site;
  return robots.parsed.sitemaps[0] ?? (sitemap?.parsed ? sitemap.url : `${origin}/sitemap.xml`);
}
