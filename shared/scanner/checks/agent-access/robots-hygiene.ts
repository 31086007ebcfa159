import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { resourceOf, robotsNotAssessed, robotsStatus } from '#shared/scanner/checks/read-artifacts.js';
import { quoteEvidence } from '#shared/scanner/checks/wording.js';

/**
 * How robots.txt is served: a reachable file served as text/plain passes; another type warns; an HTML
 * page in its place (soft 404) warns; a 5xx means "disallow all" (RFC 9309): fail. No file (4xx) allows
 * everything and is not applicable. Whether robots.txt declares the sitemap is the `sitemap` check's
 * finding alone (one finding per root cause): the line is shown here as evidence but never scored.
 */
function evaluate(artifacts: Artifacts): CheckOutcome {
  const notAssessed = robotsNotAssessed(artifacts);
  if (notAssessed) return notAssessed;
  const { url, parsed, retrieval } = artifacts.site.robots;
  const contentType = resourceOf(retrieval)?.headers['content-type'] ?? 'none';
  if (parsed.source === 'unreachable') {
    return outcome.fail(`robots.txt answers ${robotsStatus(parsed)}, which crawlers read as "disallow the whole site"`, [
      evidence(url, robotsStatus(parsed)),
    ]);
  }
  if (parsed.source === 'not_found') {
    return outcome.notApplicable(
      `No robots.txt (${robotsStatus(parsed)}): agents may crawl everything (whether your sitemap is declared is scored under sitemap)`,
      [evidence(url, robotsStatus(parsed))],
    );
  }
  if (parsed.source === 'soft_404') {
    return outcome.warn('robots.txt serves an HTML page (soft 404), which agents cannot read as crawl rules', [
      evidence(url, `${robotsStatus(parsed)}, Content-Type: ${contentType}`),
    ]);
  }

  const found = [
    evidence(url, `Content-Type: ${contentType}`),
    evidence(url, parsed.sitemaps.length > 0 ? parsed.sitemaps.map((sitemap) => `Sitemap: ${sitemap}`).join(', ') : 'no Sitemap: line'),
    // Agentmap (ARD) names where agents find the site's agent resources: reported like Sitemap, never scored.
    ...parsed.agentmaps.map((agentmap) => evidence(url, `Agentmap: ${agentmap}`)),
    ...parsed.problems
      .filter((problem) => /^line \d+: Agentmap "/.test(problem))
      .slice(0, 3)
      .map((problem) => evidence(url, problem)),
    ...parsed.problems
      .filter((problem) => !/^line \d+: Agentmap "/.test(problem))
      .slice(0, 3)
      .map((problem) => evidence(url, problem)),
  ];
  if (parsed.servedAsText) return outcome.pass(`robots.txt is served as text (${contentType})`, found);
  return outcome.warn(`robots.txt is served as ${contentType} instead of text/plain`, found);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const { parsed } = artifacts.site.robots;
  const why = `Agents read robots.txt first to learn what they may crawl: ${quoteEvidence(result.evidence)}.`;
  if (parsed.source === 'file') {
    return {
      title: 'Serve robots.txt as text/plain',
      why: `${why} Crawlers may ignore a robots.txt served with another type.`,
      fix: 'Serve /robots.txt with Content-Type: text/plain; charset=utf-8 (a static file, not a page template).',
      snippet: 'Content-Type: text/plain; charset=utf-8',
      effort: 'S',
    };
  }
  return {
    title: parsed.source === 'soft_404' ? 'Serve a real robots.txt instead of an HTML page' : 'Make robots.txt answer 200',
    why,
    fix: 'Serve /robots.txt with 200 and Content-Type text/plain, allowing agents.',
    snippet: 'User-agent: *\nAllow: /',
    effort: 'S',
  };
}

export const robotsHygiene: CheckDefinition = {
  id: 'robots_hygiene',
  dimension: 'agent_access',
  title: 'robots.txt is served as plain text',
  points: 1,
  evaluate,
  advise,
};
