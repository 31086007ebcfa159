/**
 * Every check of docs/rubric.md by id, in rubric order. Ids are part of the public result format; the
 * tables keyed by check (explanations, what each reads, which documents each judges) are keyed by this
 * union, so a check missing from one of them is a type error.
 */
export const checkIds = [
  'robots_ai_agents',
  'training_policy',
  'bot_wall',
  'web_bot_auth',
  'edge_agent_access',
  'indexable',
  'robots_hygiene',
  'content_signals',
  'ssr_text',
  'product_facts_in_html',
  'jsonld_not_js',
  'html_weight',
  'ttfb',
  'markdown_alternate',
  'schema_present',
  'offer_core',
  'identifiers',
  'attributes',
  'variants',
  'reviews',
  'consistency',
  'returns_structured',
  'shipping_structured',
  'policy_links',
  'org_identity',
  'https_hsts',
  'security_txt',
  'sitemap',
  'product_sitemap',
  'site_search',
  'llms_txt',
  'catalog_endpoint',
  'agent_catalogs',
  'ucp_profile',
  'oauth_discovery',
  'acp_ready',
  'mcp_discovery',
  'a2a_ap2',
  'actionable_forms',
  'checkout_friction',
] as const;

export type CheckId = (typeof checkIds)[number];

export function isCheckId(value: string): value is CheckId {
  return (checkIds as readonly string[]).includes(value);
}
