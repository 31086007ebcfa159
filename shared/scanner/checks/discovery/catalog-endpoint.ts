import type { Artifacts } from '#shared/scanner/artifacts.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckDefinition, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { notFetchedReason, readPage, resourceOf, statusOf } from '#shared/scanner/checks/read-artifacts.js';
import { because, pluralGrouped } from '#shared/scanner/checks/wording.js';

const FEED_TYPE = /rss|atom|feed\+json|xml|csv|tab-separated/i;
const PRODUCT_FEED_LINK = /product|catalog|collections|merchant|shopping|google[-_ ]?feed/i;
const PRODUCT_FEED_HREF = /(?:products?|merchant|google|shopping|catalog)[-_/]?feed|feeds?\/(?:products?|google|merchant|shopping)/i;

type CatalogState =
  { state: 'answered'; url: string; products: number } | { state: 'empty' | 'unread'; url: string; detail: string } | { state: 'none' };

/** Counts products in a Shopify `{products: [...]}` or a WooCommerce Store API `[...]` body. */
function countInBody(text: string): number | null {
  try {
    const json = JSON.parse(text) as unknown;
    if (Array.isArray(json)) return json.length;
    if (typeof json === 'object' && json !== null && 'products' in json && Array.isArray(json.products)) return json.products.length;
  } catch {
    // Not JSON: the endpoint answered something else, e.g. a login page.
  }
  return null;
}

function catalogState(artifacts: Artifacts): CatalogState {
  const { catalog } = artifacts.site;
  if (catalog === null) return { state: 'none' };
  const unfetched = notFetchedReason(catalog.retrieval);
  const resource = resourceOf(catalog.retrieval);
  if (unfetched !== null || resource === null) return { state: 'unread', url: catalog.url, detail: unfetched ?? 'not fetched' };
  const { status, text } = resource;
  if (status < 200 || status >= 300) return { state: 'empty', url: catalog.url, detail: `answered HTTP ${statusOf(catalog.retrieval)}` };
  const products = catalog.productCount ?? countInBody(text);
  if (products === null) return { state: 'empty', url: catalog.url, detail: 'did not answer with a JSON product list' };
  if (products === 0) return { state: 'empty', url: catalog.url, detail: 'answered JSON with no products' };
  return { state: 'answered', url: catalog.url, products };
}

/** Product feed links the homepage declares: `<link rel=alternate>` feeds or anchors naming a product feed. */
export function productFeedLinks(artifacts: Artifacts): { links: string[] } | { unreadable: string } {
  const reading = readPage(artifacts.homepage);
  if (!reading.readable) return { unreadable: reading.reason };
  const { facts, url } = reading.page;
  const alternates = facts.links
    .filter(
      (link) =>
        link.rel.split(/\s+/).includes('alternate') && FEED_TYPE.test(link.type) && PRODUCT_FEED_LINK.test(`${link.href} ${link.title}`),
    )
    .map((link) => link.href);
  const anchors = facts.anchors.map((anchor) => anchor.href).filter((href) => PRODUCT_FEED_HREF.test(href));
  const links = [...alternates, ...anchors].flatMap((href) => {
    try {
      return [new URL(href, url).href];
    } catch {
      return [];
    }
  });
  return { links: [...new Set(links)] };
}

function evaluate(artifacts: Artifacts): CheckOutcome {
  const catalog = catalogState(artifacts);
  const platformDefault = artifacts.platform.platform === 'shopify' || artifacts.platform.platform === 'woocommerce';
  if (catalog.state === 'answered') {
    return outcome.pass(
      `${catalog.url} answers with a public JSON catalog (${pluralGrouped(catalog.products, 'product')} on the first page).`,
      [evidence(catalog.url, `${pluralGrouped(catalog.products, 'product')}`)],
      platformDefault ? { platformProvided: true } : {},
    );
  }
  const catalogEvidence: Evidence[] = catalog.state === 'none' ? [] : [evidence(catalog.url, catalog.detail)];
  const feeds = productFeedLinks(artifacts);
  if ('links' in feeds && feeds.links[0]) {
    return outcome.pass(`The homepage links a product feed (${feeds.links[0]}) agents can read the catalog from.`, [
      ...feeds.links.map((link) => evidence(link, 'product feed link')),
      ...catalogEvidence,
    ]);
  }
  const homepageUnread = 'unreadable' in feeds ? feeds.unreadable : null;
  if (catalog.state === 'unread' || (catalog.state === 'none' && homepageUnread !== null)) {
    const reason = catalog.state === 'unread' ? `${catalog.url} ${catalog.detail}` : `the homepage ${homepageUnread}`;
    return outcome.notAssessed(`Catalog endpoint not checked: ${reason}.`, [
      ...catalogEvidence,
      evidence(artifacts.homepage.url, homepageUnread ?? 'no product feed link'),
    ]);
  }
  const found =
    catalog.state === 'empty' ? `${catalog.url} ${catalog.detail}` : 'no JSON catalog endpoint and no product feed link on the homepage';
  const homepageEvidence = evidence(
    artifacts.homepage.url,
    homepageUnread === null ? 'no product feed link' : `not read: ${homepageUnread}`,
  );
  return outcome.fail(`Agents cannot read your catalog in bulk: ${found}.`, [...catalogEvidence, homepageEvidence]);
}

function advise(result: CheckOutcome, artifacts: Artifacts): Advice {
  const origin = artifacts.site.origin;
  const why = because('With a machine-readable catalog an agent can compare your products without crawling every page.', result);
  if (artifacts.platform.platform === 'shopify') {
    return {
      title: 'Re-open the public Shopify product catalog',
      why,
      fix: `Shopify serves ${origin}/products.json by default; an app or a password/bot setting is blocking it. Remove the block, or publish a product feed and link it from the homepage.`,
      snippet: null,
      effort: 'S',
    };
  }
  return {
    title: 'Publish a product feed and link it from the homepage',
    why,
    fix:
      artifacts.platform.platform === 'woocommerce'
        ? `Re-enable the WooCommerce Store API (${origin}/wp-json/wc/store/v1/products) or publish a product feed (Google Merchant XML) and link it in the homepage <head>.`
        : 'Publish a product feed (Google Merchant Center XML or CSV, refreshed daily) at a stable URL and declare it in the homepage <head>.',
    snippet: `<link rel="alternate" type="application/rss+xml" title="Product feed" href="${origin}/feeds/products.xml">`,
    effort: 'M',
  };
}

export const catalogEndpointCheck: CheckDefinition = {
  id: 'catalog_endpoint',
  dimension: 'discovery',
  title: 'Machine-readable catalog',
  points: 1,
  evaluate,
  advise,
};
