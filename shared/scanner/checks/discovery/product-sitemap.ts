import type { Artifacts } from '#shared/scanner/artifacts.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome } from '#shared/scanner/checks/types.js';
import type { SitemapUrl } from '#shared/scanner/parse/sitemap-parser.js';
import { productEntries } from '#shared/scanner/sitemap-products.js';
import { notFetchedReason } from '#shared/scanner/checks/read-artifacts.js';
import { because, pluralGrouped } from '#shared/scanner/checks/wording.js';
import { assessSitemap } from './sitemap.js';

export const FRESH_LASTMOD_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
function newestLastmod(entries: readonly SitemapUrl[]): { text: string; time: number } | null {
  let newest: { text: string; time: number } | null = null;
  for (const entry of entries) {
    if (entry.lastmod === undefined) continue;
    const time = Date.parse(entry.lastmod);
    if (newest === null || time > newest.time) newest = { text: entry.lastmod, time };
  }
  return newest;
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const found = assessSitemap(artifacts);
  if (found.state === 'not_assessed')
    return outcome.notAssessed(`Product sitemap not checked: ${found.reason}.`, [evidence(found.url, found.reason)]);
  if (found.state === 'missing') return outcome.fail('No sitemap, so no product URLs to find.', [evidence(found.url, found.reason)]);

  const { sitemap } = found;
  const entries = productEntries(sitemap);
  if (entries.length === 0) {
    const unread = sitemap.children.flatMap((child) => {
      const reason = notFetchedReason(child.retrieval);
      return reason === null ? [] : [evidence(child.url, reason)];
    });
    const firstUnread = unread[0];
    if (firstUnread) return outcome.notAssessed(`The product sitemaps were not read: ${firstUnread.url} ${firstUnread.value}.`, unread);
    const where =
      found.parsed.kind === 'sitemapindex' && sitemap.children.length === 0 ? 'names no product sitemap' : 'lists no product URLs';
    return outcome.fail(`The sitemap at ${sitemap.url} ${where}, so agents cannot find your products from it.`, [
      evidence(
        sitemap.url,
        `0 product URLs among ${pluralGrouped(found.parsed.urls.length + found.parsed.children.length, 'entry', 'entries')}`,
      ),
    ]);
  }

  const counted = `${pluralGrouped(entries.length, 'product URL')} in the sitemap`;
  const example = evidence(entries[0]?.loc ?? sitemap.url, entries[0]?.lastmod ?? 'no lastmod');
  const newest = newestLastmod(entries);
  if (newest === null) {
    return outcome.warn(`${counted}, but none has a <lastmod>, so agents cannot tell which products changed.`, [
      evidence(sitemap.url, `${counted}, 0 with lastmod`),
      example,
    ]);
  }
  const ageDays = Math.floor((artifacts.startedAt - newest.time) / DAY_MS);
  const dated = entries.filter((entry) => entry.lastmod !== undefined).length;
  const proof = [evidence(sitemap.url, `${counted}, ${dated} with lastmod, newest ${newest.text}`), example];
  if (ageDays > FRESH_LASTMOD_DAYS) {
    return outcome.warn(`${counted}, but the newest <lastmod> (${newest.text}) is ${ageDays} days old: the sitemap looks stale.`, proof);
  }
  return outcome.pass(`${counted}; the newest <lastmod> is ${newest.text}.`, proof);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const found = assessSitemap(artifacts);
  const origin = artifacts.site.origin;
  const first = found.state === 'found' ? productEntries(found.sitemap)[0] : undefined;
  const why = because(
    'Agents refresh prices and stock from the product URLs in your sitemap and use <lastmod> to know what changed.',
    result,
  );
  if (first) {
    return {
      title: 'Keep <lastmod> current on product URLs in the sitemap',
      why,
      fix: `Have the sitemap generator write each product's last real change (price, stock, content) as <lastmod> in W3C format, and regenerate the sitemap when products change.`,
      snippet: `<url>\n  <loc>${first.loc}</loc>\n  <lastmod>${new Date(artifacts.startedAt).toISOString().slice(0, 10)}</lastmod>\n</url>`,
      effort: 'M',
    };
  }
  return {
    title: 'List your product pages in the sitemap',
    why,
    fix: `Include every purchasable product page in the sitemap (or a product sitemap such as ${origin}/sitemap_products_1.xml linked from the sitemap index), each with <lastmod>.`,
    snippet: [
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      `  <sitemap><loc>${origin}/sitemap-products.xml</loc></sitemap>`,
      '</sitemapindex>',
    ].join('\n'),
    effort: 'M',
  };
}

export const productSitemapCheck: CheckDefinition = {
  id: 'product_sitemap',
  dimension: 'discovery',
  title: 'Product URLs in the sitemap',
  points: 2,
  evaluate,
  advise,
};
