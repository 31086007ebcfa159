import type { SiteArtifacts } from '#shared/scanner/artifacts.js';

/**
 * What each check's evaluate() reads of the gathered Artifacts, so a re-check fetches only that
 * (docs/decisions/089-recheck-a-fix.md). The scan's own facts (tier, page budget, requested URL,
 * origin, start time) are not sources: a re-check always has them. test/unit/scanner/recheck holds
 * every entry to what the checks really read.
 */
export type SiteSource = Exclude<keyof SiteArtifacts, 'origin'>;

export type Source = 'homepage' | 'productPages' | 'platform' | SiteSource;

export const checkNeeds: Readonly<Record<string, readonly Source[]>> = {
  robots_hygiene: ['robots'],
  robots_ai_agents: ['robots', 'homepage', 'productPages'],
  indexable: ['homepage', 'productPages'],
  training_policy: ['robots'],
  bot_wall: ['homepage', 'productPages'],
  web_bot_auth: ['webBotAuth'],
  content_signals: ['homepage', 'productPages', 'robots', 'tdmrep'],
  ssr_text: ['homepage'],
  markdown_alternate: ['homepage', 'markdown'],
  jsonld_not_js: ['homepage', 'productPages'],
  ttfb: ['homepage', 'productPages'],
  html_weight: ['homepage', 'productPages'],
  product_facts_in_html: ['productPages'],
  schema_present: ['productPages'],
  offer_core: ['productPages'],
  consistency: ['productPages'],
  variants: ['productPages'],
  identifiers: ['productPages'],
  reviews: ['productPages'],
  attributes: ['productPages'],
  returns_structured: ['homepage', 'productPages'],
  shipping_structured: ['homepage', 'productPages'],
  org_identity: ['homepage', 'productPages'],
  policy_links: ['homepage'],
  security_txt: ['securityTxt'],
  https_hsts: ['homepage', 'plainHttp'],
  sitemap: ['robots', 'sitemap'],
  product_sitemap: ['robots', 'sitemap'],
  site_search: ['homepage'],
  llms_txt: ['llmsTxt', 'agentsMd'],
  catalog_endpoint: ['homepage', 'platform', 'catalog'],
  agent_catalogs: ['homepage', 'aiCatalog', 'apiCatalog'],
  ucp_profile: ['platform', 'ucp'],
  oauth_discovery: ['ucp', 'oauthAuthorizationServer', 'oauthProtectedResource'],
  acp_ready: ['acp', 'productPages'],
  mcp_discovery: ['homepage', 'productPages', 'platform', 'ucp', 'mcp', 'mcpServerCard', 'mcpServerCardJson'],
  a2a_ap2: ['agentCard'],
  actionable_forms: ['homepage', 'productPages'],
  checkout_friction: ['homepage', 'productPages'],
};

/**
 * What a source cannot be gathered without: the sitemap robots.txt declares, the platform read from
 * the homepage, the catalog the platform names, the Markdown and signed answers of the scanned page.
 */
const dependsOn: Partial<Record<Source, readonly Source[]>> = {
  sitemap: ['robots'],
  platform: ['homepage'],
  catalog: ['platform'],
  markdown: ['homepage'],
  webBotAuth: ['homepage'],
};

/** Everything the checks need, with what that depends on; throws on an id without an entry. */
export function needsOf(checkIds: readonly string[]): ReadonlySet<Source> {
  const needs = new Set<Source>();
  const add = (source: Source): void => {
    if (needs.has(source)) return;
    needs.add(source);
    dependsOn[source]?.forEach(add);
  };
  for (const id of checkIds) {
    const sources = checkNeeds[id];
    if (!sources) throw new Error(`No needs declared for check ${id}`);
    sources.forEach(add);
  }
  return needs;
}
