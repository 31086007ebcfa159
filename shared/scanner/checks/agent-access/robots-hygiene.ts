import type { Artifacts } from '#shared/scanner/artifacts.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import { resourceOf, robotsNotAssessed, robotsStatus, suggestedSitemapUrl } from '#shared/scanner/checks/read-artifacts.js';
import { quoteEvidence } from '#shared/scanner/checks/wording.js';

/**
 * A robots.txt served as text/plain that declares a sitemap passes; one of the two warns; neither
 * fails. No file (4xx, or an HTML soft 404) allows everything but cannot declare a sitemap: warn.
 * A 5xx means "disallow all" (RFC 9309): fail.
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
    return outcome.warn(`No robots.txt (${robotsStatus(parsed)}): agents may crawl everything, but no file declares your sitemap`, [
      evidence(url, robotsStatus(parsed)),
    ]);
  }
  if (parsed.source === 'soft_404') {
    return outcome.warn('robots.txt serves an HTML page (soft 404): agents may crawl everything, but no file declares your sitemap', [
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
  const hasSitemap = parsed.sitemaps.length > 0;
  if (parsed.servedAsText && hasSitemap)
    return outcome.pass(
      `robots.txt is served as text and declares ${parsed.sitemaps.length === 1 ? 'a sitemap' : `${parsed.sitemaps.length} sitemaps`}`,
      found,
    );
  if (parsed.servedAsText) return outcome.warn('robots.txt has no Sitemap: line, so agents must guess where your catalog is listed', found);
  if (hasSitemap) return outcome.warn(`robots.txt is served as ${contentType} instead of text/plain`, found);
  return outcome.fail(`robots.txt is served as ${contentType} instead of text/plain and declares no sitemap`, found);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const { parsed } = artifacts.site.robots;
  const sitemapLine = `Sitemap: ${suggestedSitemapUrl(artifacts)}`;
  const hasFile = parsed.source === 'file';
  return {
    title: hasFile ? 'Serve robots.txt as text with a Sitemap line' : 'Publish a robots.txt that declares your sitemap',
    why: `Agents read robots.txt first to learn what they may crawl and where the catalog is listed: ${quoteEvidence(result.evidence)}.`,
    fix: hasFile
      ? `Serve /robots.txt with Content-Type: text/plain; charset=utf-8 and add "${sitemapLine}".`
      : 'Serve /robots.txt with 200 and Content-Type text/plain, allowing agents and naming your sitemap.',
    snippet: hasFile ? sitemapLine : `User-agent: *\nAllow: /\n\n${sitemapLine}`,
    effort: 'S',
  };
}

export const robotsHygiene: CheckDefinition = {
  id: 'robots_hygiene',
  dimension: 'agent_access',
  title: 'robots.txt is served as text and names a sitemap',
  points: 2,
  evaluate,
  advise,
};
