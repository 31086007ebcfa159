import type { SiteArtifacts } from '#shared/scanner/artifacts.js';
import type { CheckId } from '#shared/scanner/checks/check-ids.js';
import { documentNames, documentOf, type DocumentName } from '#shared/scanner/documents/registry.js';

/**
 * What each check's evaluate() reads of the gathered Artifacts, so a re-check fetches only that
 * (docs/decisions/089-recheck-a-fix.md). The agent-facing documents a check reads are declared by the
 * documents themselves (documents/registry.ts, `checks`); this table holds the rest. The scan's own facts
 * (tier, page budget, requested URL, origin, start time) are not sources: a re-check always has them.
 * test/unit/scanner/recheck holds every check to what it really reads.
 */
export type SiteSource = Exclude<keyof SiteArtifacts, 'origin'>;

export type Source = 'homepage' | 'productPages' | 'platform' | SiteSource;

type OtherSource = Exclude<Source, DocumentName>;

const otherNeeds: Readonly<Record<CheckId, readonly OtherSource[]>> = {
  robots_hygiene: ['robots'],
  robots_ai_agents: ['robots', 'homepage', 'productPages'],
  indexable: ['homepage', 'productPages'],
  training_policy: ['robots'],
  bot_wall: ['homepage', 'productPages'],
  web_bot_auth: ['webBotAuth'],
  edge_agent_access: ['edgeProbe'],
  content_signals: ['homepage', 'productPages', 'robots'],
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
  security_txt: [],
  https_hsts: ['homepage', 'plainHttp'],
  sitemap: ['robots', 'sitemap'],
  product_sitemap: ['robots', 'sitemap'],
  site_search: ['homepage'],
  llms_txt: [],
  catalog_endpoint: ['homepage', 'platform', 'catalog'],
  agent_catalogs: ['homepage'],
  ucp_profile: ['platform', 'ucpProbe', 'ucpCheckoutDrive', 'ucpCatalogLookup'],
  oauth_discovery: [],
  acp_ready: ['productPages', 'acpProbe', 'acpCheckoutDrive'],
  mcp_discovery: ['homepage', 'productPages', 'platform', 'mcpDrive'],
  a2a_ap2: ['a2aDrive'],
  actionable_forms: ['homepage', 'productPages'],
  checkout_friction: ['homepage', 'productPages'],
};

/** Everything a check reads: its other sources and the documents that name it. */
export function checkNeeds(id: CheckId): readonly Source[] {
  return [...otherNeeds[id], ...documentNames.filter((name) => documentOf(name).checks.includes(id))];
}

/**
 * What a source cannot be gathered without: the sitemap robots.txt declares, the platform read from
 * the homepage, the catalog the platform names, the Markdown and signed answers of the scanned page,
 * the edge probe's pages, and a document an AI Catalog entry may point at, the catalog.
 */
function dependsOn(source: Source): readonly Source[] {
  const fixed: Partial<Record<Source, readonly Source[]>> = {
    sitemap: ['robots'],
    platform: ['homepage'],
    catalog: ['platform'],
    markdown: ['homepage'],
    webBotAuth: ['homepage'],
    edgeProbe: ['homepage', 'productPages'],
    mcpDrive: ['mcpServerCard', 'ucp'],
    ucpProbe: ['ucp'],
    acpProbe: ['acp'],
    a2aDrive: ['agentCard'],
    ucpCheckoutDrive: ['ucp', 'productPages'],
    acpCheckoutDrive: ['acp', 'productPages'],
    ucpCatalogLookup: ['ucp', 'productPages'],
  };
  const isDocument = (documentNames as readonly Source[]).includes(source);
  const viaCatalog = isDocument && documentOf(source as DocumentName).catalogTypes !== undefined ? (['aiCatalog'] as const) : [];
  return [...(fixed[source] ?? []), ...viaCatalog];
}

/** Everything the checks need, with what that depends on. */
export function needsOf(checkIds: readonly CheckId[]): ReadonlySet<Source> {
  const needs = new Set<Source>();
  const add = (source: Source): void => {
    if (needs.has(source)) return;
    needs.add(source);
    dependsOn(source).forEach(add);
  };
  for (const id of checkIds) checkNeeds(id).forEach(add);
  return needs;
}
