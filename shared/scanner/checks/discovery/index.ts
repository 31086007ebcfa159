import type { CheckDefinition } from '#shared/scanner/checks/types.js';
import { agentCatalogsCheck } from './agent-catalogs.js';
import { catalogEndpointCheck } from './catalog-endpoint.js';
import { llmsTxtCheck } from './llms-txt.js';
import { productSitemapCheck } from './product-sitemap.js';
import { siteSearchCheck } from './site-search.js';
import { sitemapCheck } from './sitemap.js';

export { productUrlsFromSitemap } from '#shared/scanner/sitemap-products.js';

/** `discovery` — Catalog discoverability (10), in rubric order. */
export const discoveryChecks: CheckDefinition[] = [
  sitemapCheck,
  productSitemapCheck,
  siteSearchCheck,
  llmsTxtCheck,
  catalogEndpointCheck,
  agentCatalogsCheck,
];
