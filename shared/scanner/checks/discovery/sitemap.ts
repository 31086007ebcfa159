import type { Artifacts, SitemapArtifact } from '#shared/scanner/artifacts.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { ParsedSitemap } from '#shared/scanner/parse/sitemap-parser.js';
import { notFetchedReason, statusOf } from '#shared/scanner/checks/read-artifacts.js';
import { because, pluralGrouped } from '#shared/scanner/checks/wording.js';

export type SitemapAssessment =
  | { state: 'not_assessed'; url: string | null; reason: string }
  | { state: 'missing'; url: string | null; reason: string }
  | { state: 'found'; sitemap: SitemapArtifact; parsed: ParsedSitemap };

/** Whether the scan found a sitemap that parses; shared by `sitemap` and `product_sitemap`. */
export function assessSitemap(artifacts: Artifacts): SitemapAssessment {
  const { sitemap, robots } = artifacts.site;
  if (sitemap === null) {
    const robotsUnread = notFetchedReason(robots.retrieval);
    if (robotsUnread !== null)
      return { state: 'not_assessed', url: robots.url, reason: `robots.txt ${robotsUnread}, and no sitemap was found` };
    return { state: 'missing', url: null, reason: 'robots.txt declares no sitemap and /sitemap.xml was not found' };
  }
  const unfetched = notFetchedReason(sitemap.retrieval);
  if (unfetched !== null) return { state: 'not_assessed', url: sitemap.url, reason: `${sitemap.url} ${unfetched}` };
  const declared = sitemap.source === 'robots' ? ' (declared in robots.txt)' : '';
  if (sitemap.parsed === null)
    return { state: 'missing', url: sitemap.url, reason: `${sitemap.url}${declared} answered HTTP ${statusOf(sitemap.retrieval) ?? '?'}` };
  if (sitemap.parsed.kind === 'invalid') {
    const problem = sitemap.parsed.problems[0] ?? 'not a sitemap';
    return { state: 'missing', url: sitemap.url, reason: `${sitemap.url}${declared} is not a valid sitemap: ${problem}` };
  }
  return { state: 'found', sitemap, parsed: sitemap.parsed };
}

export function describeSitemap(parsed: ParsedSitemap): string {
  const size =
    parsed.kind === 'urlset'
      ? `urlset with ${pluralGrouped(parsed.urls.length, 'URL')}`
      : `sitemap index with ${pluralGrouped(parsed.children.length, 'child sitemap')}`;
  return parsed.truncated ? `${size} (cut off at the size cap)` : size;
}

function isDeclared(artifacts: Artifacts, sitemap: SitemapArtifact): boolean {
  return sitemap.source === 'robots' || artifacts.site.robots.parsed.sitemaps.includes(sitemap.url);
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const found = assessSitemap(artifacts);
  if (found.state === 'not_assessed')
    return outcome.notAssessed(`Sitemap not checked: ${found.reason}.`, [evidence(found.url, found.reason)]);
  if (found.state === 'missing') return outcome.fail(`No usable sitemap: ${found.reason}.`, [evidence(found.url, found.reason)]);

  const { sitemap, parsed } = found;
  const described = describeSitemap(parsed);
  const proof = [evidence(sitemap.url, described)];
  if (parsed.urls.length === 0 && parsed.children.length === 0) {
    return outcome.warn(`The sitemap at ${sitemap.url} parses but lists no URLs.`, proof);
  }
  if (!isDeclared(artifacts, sitemap)) {
    return outcome.warn(`A sitemap (${described}) answers at ${sitemap.url}, but robots.txt does not declare it.`, [
      ...proof,
      evidence(artifacts.site.robots.url, 'no Sitemap: line for it'),
    ]);
  }
  return outcome.pass(`The sitemap at ${sitemap.url} (${described}) is declared in robots.txt.`, proof);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const found = assessSitemap(artifacts);
  const origin = artifacts.site.origin;
  const hasRobotsFile = artifacts.site.robots.parsed.source === 'file';
  const why = because('Agents and search crawlers use the sitemap to find your product pages without guessing links.', result);
  if (found.state === 'found' && found.parsed.urls.length + found.parsed.children.length > 0) {
    return {
      title: 'Declare your sitemap in robots.txt',
      why: `${why} Crawlers read robots.txt first and follow its Sitemap: lines; not all of them try ${found.sitemap.url}.`,
      fix: hasRobotsFile
        ? `Add a Sitemap: line with the absolute sitemap URL to ${artifacts.site.robots.url}.`
        : `Publish ${artifacts.site.robots.url} as text/plain with a Sitemap: line naming the absolute sitemap URL.`,
      snippet: hasRobotsFile ? `Sitemap: ${found.sitemap.url}` : `User-agent: *\nAllow: /\n\nSitemap: ${found.sitemap.url}`,
      effort: 'S',
    };
  }
  if (found.state === 'found') {
    return {
      title: 'List your pages in the sitemap',
      why,
      fix: 'Make the sitemap generator include every product and collection page (one <url><loc> per page, with <lastmod>).',
      snippet: urlsetSnippet(origin),
      effort: 'M',
    };
  }
  return {
    title: 'Publish an XML sitemap and declare it in robots.txt',
    why,
    fix: `Serve an XML sitemap (urlset, or a sitemap index for large catalogs) at ${origin}/sitemap.xml listing every product page with its <lastmod>, and add a Sitemap: line to robots.txt. Shopify and most WordPress SEO plugins generate one; check that it is enabled and answers with XML.`,
    snippet: `# robots.txt\nSitemap: ${origin}/sitemap.xml\n\n${urlsetSnippet(origin)}`,
    effort: 'M',
  };
}

function urlsetSnippet(origin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${origin}/products/example-product</loc><lastmod>2026-01-15</lastmod></url>`,
    '</urlset>',
  ].join('\n');
}

export const sitemapCheck: CheckDefinition = {
  id: 'sitemap',
  dimension: 'discovery',
  title: 'XML sitemap',
  points: 3,
  evaluate,
  advise,
};
