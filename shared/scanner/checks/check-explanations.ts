import type { CheckId } from '#shared/scanner/checks/check-ids.js';
import { STANDARDS } from '#shared/scanner/standards.js';

/**
 * What each check of docs/rubric.md looks at (its rubric text, kept identical: a unit test compares them),
 * the fix in one sentence, and the standards it cites: what `explain_check` answers over MCP.
 */
export interface CheckExplanation {
  /** The check's rubric text (docs/rubric.md, "Dimensions"). */
  checks: string;
  /** The usual fix, in one sentence; a scan's recommendation adds what it found. */
  fix: string;
  /** The standards and specifications the check judges against, by name and version (versions from STANDARDS). */
  cites: string[];
}

export const checkExplanations: Record<CheckId, CheckExplanation> = {
  robots_ai_agents: {
    checks:
      "robots.txt evaluated per RFC 9309 (longest match wins, Allow wins ties) for the 17 AI search and user-initiated agents of `shared/scanner/parse/robots-agents.ts` (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, Perplexity-User, Applebot, Amzn-SearchBot, Amzn-User, DuckAssistBot, Bingbot, Googlebot, Google-Agent, MistralAI-User, MistralAI-Index, Meta-WebIndexer, Meta-ExternalFetcher) on `/` and on the sampled product paths; the score is the share of agent/path pairs allowed. The group that decides for an agent is the one naming it, else the one naming the token its vendor documents as its fallback, else `*` (decision 104): Applebot follows the Googlebot group when no group names Applebot (Apple's Applebot page, https://support.apple.com/en-us/119829, read 2026-11-29), and Googlebot never follows an Applebot group. Training-only crawlers (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended, CCBot, meta-externalagent, Bytespider) and vendor crawlers for other jobs (OAI-AdsBot: ChatGPT ad landing pages; GoogleOther: Google research crawls; Google-CloudVertexBot: crawls a site owner asks for in Vertex AI; Amazonbot: improves Amazon services and trains its models) are never penalised. Each token's purpose is taken from its vendor's crawler page, cited with the date read in docs/standards.md and in the rubric's Assistants section.",
    fix: 'Allow the AI search and user-initiated agents in robots.txt on / and the product paths (a group per agent, or no Disallow that matches them); block training crawlers separately if you wish.',
    cites: ['RFC 9309 (Robots Exclusion Protocol)'],
  },
  training_policy: {
    checks: 'which training-only crawlers robots.txt lets in, with the other vendor crawlers listed beside them.',
    fix: 'Nothing to fix: informational. Decide per training crawler (GPTBot, ClaudeBot, Google-Extended, CCBot...) in robots.txt.',
    cites: ['RFC 9309 (Robots Exclusion Protocol)'],
  },
  bot_wall: {
    checks:
      'challenge or block pages by status, headers and body signatures (Cloudflare `cf-mitigated` / "Just a moment", DataDome, PerimeterX/HUMAN, Imperva/Incapsula, Kasada, Akamai). A 429 is rate limiting, not a bot wall: `not_assessed`.',
    fix: 'Let verified AI agents through the bot protection (CDN or WAF allowlist for their user agents or signed requests) instead of serving them a challenge page.',
    cites: [],
  },
  web_bot_auth: {
    checks:
      'the scanned URL is asked for twice at once, the second request signed (each redirect hop for itself) with the scanner\'s own Ed25519 key (RFC 9421 HTTP Message Signatures with the Web Bot Auth profile of draft-ietf-webbotauth-httpsig-protocol-01: `@authority`, `@method`, `@path` and the `Signature-Agent` member covered, `created`/`expires`, `keyid` = RFC 7638 thumbprint, `tag="web-bot-auth"`), the same User-Agent, `Signature-Agent` naming the service\'s origin, which serves `/.well-known/http-message-signatures-directory`. Pass: the signed request gets the same class of answer as the unsigned one (content or redirect). Fail: the edge refuses it (401, 403, 429, 400), challenges it (the bot-wall detector) or errs (5xx) where the unsigned request was served. `not_assessed` when the unsigned request was itself refused or challenged, when the signed one got no answer, or when the scan had no signing key. Why it matters: ChatGPT agent signs every request this way (https://help.openai.com/en/articles/11845367-chatgpt-agent-allowlisting); Cloudflare verifies signed agents as verified bots (https://developers.cloudflare.com/bots/concepts/bot/verified-bots/), AWS WAF Bot Control labels them (https://aws.amazon.com/blogs/networking-and-content-delivery/writing-aws-waf-policy-for-webbotauth-bots-registered-with-aws-agent-registry/).',
    fix: 'Configure the CDN or WAF to accept requests signed with Web Bot Auth (verified signed agents) instead of refusing or challenging them.',
    cites: [
      `${STANDARDS.httpMessageSignatures.name} (${STANDARDS.httpMessageSignatures.version})`,
      `${STANDARDS.webBotAuth.name} (${STANDARDS.webBotAuth.version})`,
    ],
  },
  edge_agent_access: {
    checks:
      "on paid tiers, the homepage and the first sampled product page asked once more per assistant family with the vendor's documented User-Agent string, the scanner's own token appended (`shared/scanner/edge/probe-agents.ts`: ChatGPT-User, Google-Agent, Perplexity-User, Claude-User, bingbot for Copilot, Amzn-User, Applebot, Meta-ExternalFetcher, MistralAI-User; sources and dates in docs/standards.md), at most 3 at once, no retries (decision 105). Each answer is compared with the scanner's own answer for the same page: refused (401, 403, 429), challenged (the bot-wall detector, e.g. a challenge page under 200), error (5xx) or stripped (the scanner's copy shows the product's name and price, the agent's copy does not) where the scanner was served. A 429 or 5xx counts only when that family alone got one, on every page compared: several families rate limited or erroring (the probe's own requests can trip a limit), or one such answer beside a served page, is the shop's load or chance, not a rule on the User-Agent (`not_assessed` for those pages). The score is the share of compared families served as the scanner was. `not_assessed` on the free tier (it never probes), and when the scanner's own request was not served: a shop that refuses every request alike is a bot wall, reported under `bot_wall`. An edge that verifies agents by their published IP addresses may answer the real agent differently: the finding is what the edge did to that User-Agent.",
    fix: "Let the assistants' User-Agents through wherever the edge matches them (CDN bot or AI-crawler rules, WAF custom rules, server or plugin User-Agent rules), as the scanner is let through.",
    cites: [],
  },
  indexable: {
    checks: 'final 200 within 3 redirects, no `noindex` in meta robots or X-Robots-Tag, canonical on site.',
    fix: 'Serve the page with status 200 in at most 3 redirects, remove noindex from meta robots and X-Robots-Tag, and point the canonical link at the same site.',
    cites: [],
  },
  robots_hygiene: {
    checks:
      "robots.txt served as `text/plain` (any parameters, e.g. `; charset=utf-8`); another type or an HTML soft 404 warns; 5xx = disallow all: fail; no file (4xx = allow all): not applicable. Whether robots.txt declares the sitemap is scored only under `sitemap` (one finding per root cause): the `Sitemap:` line is shown here as evidence. `Agentmap:` lines (ARD v0.91, section 5.1: where agents find the site's ARD/ai-catalog entries) are recorded like `Sitemap:`, outside any group, and shown as evidence; a relative or invalid URL is reported; neither changes the score.",
    fix: 'Serve /robots.txt as text/plain with status 200 (or 404 when there is none), never an HTML page or a 5xx.',
    cites: ['RFC 9309 (Robots Exclusion Protocol)'],
  },
  content_signals: {
    checks:
      'every usage preference the shop states parses and agrees. Read: robots.txt `Content-Signal` and `Content-Usage` lines (draft-ietf-aipref-attach-05; keys `train-ai`, `ai-use`, `search` of draft-ietf-aipref-vocab-08, plus `bots` and `train-genai` from earlier revisions); the scanned page\'s `Content-Usage` response header; TDMRep (W3C CG final report of 2024-05-10: `tdm-reservation` / `tdm-policy` response headers, `<meta name="tdm-reservation">`, `/.well-known/tdmrep.json`, applied in that order); RSL 1.0 `License:` lines in robots.txt (global, absolute URL). Fail: robots.txt signals contradict its rules; the header allows a use that the robots.txt lines for every crawler (`*` group or outside any group, longest matching path) refuse, or the reverse; the header grants a use on a page robots.txt closes to every crawler; a TDM reservation (`tdm-reservation: 1`, a refusal of AI training) beside an explicit `ai-train=yes` / `train-ai=y`. Warn: a line, header, tdmrep.json or License URL that cannot be read. Not applicable when none of these is stated (decision 060).',
    fix: 'State AI usage preferences once and consistently: robots.txt Content-Signal / Content-Usage lines, the Content-Usage header and TDMRep must agree with each other and with the robots.txt rules.',
    cites: ['draft-ietf-aipref-attach-05', 'draft-ietf-aipref-vocab-08', 'TDMRep (W3C CG final report, 2024-05-10)', 'RSL 1.0'],
  },
  ssr_text: {
    checks: 'visible words in raw homepage HTML (>=150 pass, 50-149 warn); detect empty SPA shells.',
    fix: 'Render the page on the server (SSR or static generation) so its text is in the HTML before any JavaScript runs.',
    cites: [],
  },
  product_facts_in_html: {
    checks: "product name and a price string present in each product page's raw text.",
    fix: "Render each product page's name and price into the HTML on the server, not only after JavaScript runs.",
    cites: [],
  },
  jsonld_not_js: {
    checks: 'JSON-LD present as real `<script type="application/ld+json">` blocks.',
    fix: 'Put structured data in <script type="application/ld+json"> blocks in the served HTML rather than injecting it with JavaScript.',
    cites: ['schema.org (JSON-LD)'],
  },
  html_weight: {
    checks:
      'decompressed HTML size and text-to-HTML ratio (<=500 KB and >=15% pass). The ratio is judged only from 100 KB of HTML (below that, markup cannot crowd the text out of what an agent reads), on the whole percent shown, rounded down (14.9% is "14%": heavy); a page over 500 KB never reads "500 KB".',
    fix: 'Keep pages under 500 KB of HTML with at least 15% text: move inline scripts, styles and data blobs to cached files.',
    cites: [],
  },
  ttfb: {
    checks: 'time to first byte (<=800 ms pass, <=1800 ms warn).',
    fix: 'Answer within 800 ms: cache rendered pages at the CDN or server and avoid slow work before the first byte.',
    cites: [],
  },
  markdown_alternate: {
    checks: '`Accept: text/markdown` answered with markdown, or a `rel=alternate type=text/markdown` link.',
    fix: 'Answer Accept: text/markdown with a Markdown version of the page, or link one with <link rel="alternate" type="text/markdown">.',
    cites: [],
  },
  schema_present: {
    checks: 'Product/ProductGroup in JSON-LD (microdata/RDFa or Open Graph only: warn).',
    fix: 'Add a schema.org Product (or ProductGroup) in JSON-LD to every product page.',
    cites: ['schema.org Product (JSON-LD)'],
  },
  offer_core: {
    checks: 'name, absolute image URL, numeric price > 0, ISO 4217 currency, schema.org availability.',
    fix: 'Give each Product a name, an absolute image URL and an Offer with a numeric price above 0, an ISO 4217 priceCurrency and a schema.org availability.',
    cites: ['schema.org Offer', 'ISO 4217'],
  },
  identifiers: {
    checks: 'sku plus a GTIN with a valid check digit, or brand + mpn.',
    fix: 'Add sku plus a GTIN with a valid check digit (gtin13, gtin14...), or brand plus mpn, to each Product.',
    cites: ['schema.org Product', 'GS1 GTIN'],
  },
  attributes: {
    checks: 'description >= 120 chars, brand, itemCondition, measurable attributes.',
    fix: 'Add a description of at least 120 characters, brand, itemCondition and measurable attributes (size, weight, material) to each Product.',
    cites: ['schema.org Product'],
  },
  variants: {
    checks: 'variant selectors resolved with ProductGroup.hasVariant or per-variant offers.',
    fix: 'Describe variants with ProductGroup and hasVariant (or one Offer per variant) so each selectable option resolves to its own price and availability.',
    cites: ['schema.org ProductGroup'],
  },
  reviews: {
    checks: 'aggregateRating or review.',
    fix: 'Add aggregateRating or review to the Product when the page shows ratings.',
    cites: ['schema.org AggregateRating'],
  },
  consistency: {
    checks:
      'structured price vs visible price and og `product:price:amount` (within 1%), currency match, priceValidUntil not past, availability vs "sold out" text, no conflicting duplicate Product blocks. Where "what agents see" takes the page\'s value over the markup\'s, that conflict is the finding for its field, naming both values and where each was read (`price: JSON-LD 150.00 EUR, the page shows 200.00 EUR`).',
    fix: 'Make structured data match the page: the same price (within 1%) and currency as shown and in og product:price, a future priceValidUntil, availability that agrees with "sold out" text, one Product block per product.',
    cites: ['schema.org Offer', 'Open Graph product'],
  },
  returns_structured: {
    checks: 'MerchantReturnPolicy (country, category, days) on Offer or Organization.',
    fix: 'Add a MerchantReturnPolicy (applicableCountry, returnPolicyCategory, merchantReturnDays) to the Offer or the Organization.',
    cites: ['schema.org MerchantReturnPolicy'],
  },
  shipping_structured: {
    checks: 'OfferShippingDetails or Organization shipping service (rate, destination, time).',
    fix: 'Add OfferShippingDetails (shippingRate, shippingDestination, deliveryTime) to the Offer, or a shipping service to the Organization.',
    cites: ['schema.org OfferShippingDetails'],
  },
  policy_links: {
    checks: 'links in raw HTML for terms, privacy, returns, shipping, contact, about, FAQ, support.',
    fix: 'Link terms, privacy, returns, shipping, contact, about, FAQ and support pages from the homepage in plain HTML links.',
    cites: [],
  },
  org_identity: {
    checks: 'Organization/OnlineStore with name, url, logo, contactPoint or address, sameAs.',
    fix: 'Add an Organization (or OnlineStore) in JSON-LD with name, url, logo, contactPoint or address, and sameAs links.',
    cites: ['schema.org Organization'],
  },
  https_hsts: {
    checks: 'HTTP to HTTPS redirect and HSTS max-age >= 15552000.',
    fix: 'Redirect HTTP to HTTPS and send Strict-Transport-Security with max-age of at least 15552000.',
    cites: ['RFC 6797 (HSTS)'],
  },
  security_txt: {
    checks: 'RFC 9116 file with Contact and unexpired Expires.',
    fix: 'Publish /.well-known/security.txt with a Contact and an Expires date in the future.',
    cites: ['RFC 9116 (security.txt)'],
  },
  sitemap: {
    checks:
      'urlset or sitemapindex parses (gzip supported), found via robots.txt or /sitemap.xml; a sitemap robots.txt does not declare warns (the only check that reports a missing `Sitemap:` line).',
    fix: 'Publish an XML sitemap at /sitemap.xml (or elsewhere) and declare it with a Sitemap: line in robots.txt.',
    cites: ['sitemaps.org protocol'],
  },
  product_sitemap: {
    checks: 'product URLs in the sitemap, with lastmod within 90 days.',
    fix: 'List product URLs in the sitemap with lastmod dates, kept within 90 days.',
    cites: ['sitemaps.org protocol'],
  },
  site_search: {
    checks: 'WebSite SearchAction or a GET search form.',
    fix: 'Offer search agents can use: a WebSite SearchAction in JSON-LD or a GET search form.',
    cites: ['schema.org SearchAction'],
  },
  llms_txt: {
    checks: '/llms.txt or /agents.md with an H1, a link and >= 50 chars; absent = not_applicable.',
    fix: 'Publish /llms.txt (or /agents.md) with an H1 title, a short description and links to key pages.',
    cites: ['llms.txt proposal'],
  },
  catalog_endpoint: {
    checks: 'public JSON catalog (Shopify /products.json, WooCommerce Store API) or a feed link.',
    fix: 'Expose a public JSON catalog (Shopify /products.json, WooCommerce Store API) or link a product feed.',
    cites: [],
  },
  agent_catalogs: {
    checks:
      'an AI Catalog at /.well-known/ai-catalog.json (ai-catalog.io draft, `specVersion` 1.0: a JSON object with a "Major.Minor" `specVersion` and an `entries` array whose entries each have `identifier`, `type` and exactly one of `url` or `data`; served as `application/ai-catalog+json` or `application/json`) and an API catalog at /.well-known/api-catalog (RFC 9727: an RFC 9264 JSON linkset, a `linkset` array of link contexts whose targets have `href`, at least one link such as `item` or `service-desc`, served as `application/linkset+json`). Pass: every catalog published is valid. Fail: the only one(s) published are broken (not JSON though served as JSON, wrong media type, required fields missing; the summary names the problems); warn: one valid, the other broken. Neither published (404/410, or an HTML soft 404) = `not_assessed` ("does not apply"). A homepage `Link` header or `<link rel="ai-catalog">` / `rel="api-catalog"` pointing elsewhere is reported, not fetched: `not_assessed` when nothing else is published.',
    fix: 'Fix or publish /.well-known/ai-catalog.json (specVersion, entries with identifier, type and url or data) and /.well-known/api-catalog (an RFC 9264 linkset served as application/linkset+json).',
    cites: [`${STANDARDS.aiCatalog.name} (${STANDARDS.aiCatalog.version})`, 'RFC 9727 (api-catalog)', 'RFC 9264 (linkset)'],
  },
  ucp_profile: {
    checks:
      "/.well-known/ucp valid, with version, services and a checkout capability (UCP 2026-04-08, https://ucp.dev/specification/overview). Fail: absent, no version or services, or answered through a redirect (profile endpoints must not redirect; agents do not follow one). Warn: no checkout capability, or checkout with an older version (\"upgrade to\" the current one; an unknown or newer version is fine), a media type other than JSON, no `payment_handlers`, or no usable `signing_keys` (JWK, RFC 7517: `kid`, `kty` EC, P-256/ES256 or P-384/ES384, per https://ucp.dev/specification/signatures). Identity linking (`dev.ucp.common.identity_linking`) is reported here and judged by `oauth_discovery`. Paid scans then read a checkout session that does not exist at the declared REST endpoint (`GET <endpoint>/checkout-sessions/<id>`, no UCP-Agent, nothing created): 400, 401, 403, 409, 422, 424 or 429 with no body or JSON `code` and `content`, or 200 with the UCP error envelope, is as UCP says; another 4xx, or JSON without `code` and `content`, makes a pass a warning; a web page, a success, a 5xx, no answer or a private address fails. Paid scans also look the first product page's product up where the profile declares `dev.ucp.shopping.catalog.lookup` (`POST <endpoint>/catalog/lookup` with its identifier and URL as `ids`, the page's currency as context, the UCP-Agent profile): a catalog that quotes another price in the same currency, or answers outside UCP, makes a pass a warning; one that does not know the identifier, or answers only agents it knows, changes nothing. The rescan of a site its owner proved is theirs, where the owner asks, drives a checkout there: it creates one for a product the scan saw (quantity 1, by the variant id the catalog lookup gave for its page, else its own identifier, with the UCP-Agent profile), reads it back, compares the line item, currency, price and totals with the page (one subtotal of the lines, one total that is the sum of every other entry, in minor units) and cancels it, never completing it; a disagreement or an answer outside UCP fails, a checkout that does not know the page's identifier changes nothing, a refused cancel makes a pass a warning, and a proven checkout keeps the verdict and shows the buy step as proven.",
    fix: 'Serve /.well-known/ucp without a redirect, as JSON with version, services, a checkout capability at the current version, payment_handlers and signing_keys (EC P-256/P-384 JWKs).',
    cites: [`${STANDARDS.ucp.name} (${STANDARDS.ucp.version})`, `${STANDARDS.jwk.name} (${STANDARDS.jwk.version})`],
  },
  oauth_discovery: {
    checks:
      'OAuth authorization server metadata (RFC 8414) at /.well-known/oauth-authorization-server and protected resource metadata (RFC 9728) at /.well-known/oauth-protected-resource. Applies when the UCP profile declares identity linking (UCP requires RFC 8414 metadata on the business\'s origin) or either document is published; otherwise `not_assessed` ("does not apply"). Valid: JSON (`application/json`, not an HTML soft 404), `issuer` / `resource` identical to the origin fetched, `authorization_endpoint` and `token_endpoint` as RFC 8414 section 2 requires them, `response_types_supported`, and every member in the shape section 2 of each RFC gives it (https endpoints, `jwks_uri` and issuers without query or fragment, non-empty arrays of strings, booleans, no "none" signing algorithm, `bearer_methods_supported` from header, body and query; unknown members allowed). Fail: identity linking declared and the metadata missing or broken, or a published document broken. Warn: identity linking without `scopes_supported` (with the profile\'s scopes) or without S256 in `code_challenge_methods_supported`.',
    fix: 'Publish OAuth authorization server metadata (/.well-known/oauth-authorization-server) and protected resource metadata with issuer/resource equal to the origin, the endpoints, response types, scopes and S256.',
    cites: [
      `${STANDARDS.oauthAuthorizationServer.name} (${STANDARDS.oauthAuthorizationServer.version})`,
      `${STANDARDS.oauthProtectedResource.name} (${STANDARDS.oauthProtectedResource.version})`,
    ],
  },
  acp_ready: {
    checks:
      "/.well-known/acp.json (ACP discovery, 2026-04-17), or product data that maps onto OpenAI's product feed (https://developers.openai.com/commerce/specs/feed): title, price with currency, availability, image_url, item_id, brand per product page (gtin or mpn reported as recommended, not scored). The fix names the feed's fields: `is_eligible_search` / `is_eligible_checkout`, `url`, `image_url`, `target_countries`, `store_country`, and `seller_privacy_policy` / `seller_tos` (required once checkout is enabled). Paid scans then read a checkout session that does not exist at `api_base_url` (`GET <base>/checkout_sessions/<id>`, no bearer token, nothing created): a 4xx with ACP's error object (`type`, `code`, `message`) is as ACP says; a 4xx without it makes a pass a warning; a web page, a success, a 5xx, no answer or a private address fails. The rescan of a site its owner proved is theirs, where the owner asks and has given the merchant's ACP bearer token, drives a checkout there: it creates a checkout session for a product the scan saw (its own identifier, the page's currency, `Authorization: Bearer` and `API-Version` 2026-04-17), reads it back, compares the line item, quantity, currency and unit price with the page (in minor units; ACP states no arithmetic between totals, so totals need only be ACP's Total objects) and cancels it, never completing it; a disagreement or an answer outside ACP fails, a refused item id or a refused token changes nothing, a refused cancel makes a pass a warning, and a proven checkout keeps the verdict and shows ChatGPT's buy step as proven.",
    fix: 'Publish /.well-known/acp.json, or give each product page what the OpenAI product feed needs: title, price with currency, availability, image_url, item_id and brand.',
    cites: [
      `${STANDARDS.acpDiscovery.name} (${STANDARDS.acpDiscovery.version})`,
      `${STANDARDS.openaiProductFeed.name} (${STANDARDS.openaiProductFeed.version})`,
    ],
  },
  mcp_discovery: {
    checks:
      'an MCP server declared by /.well-known/mcp.json, a server card at /.well-known/mcp/server-card or /.well-known/mcp/server-card.json (SEP-2127 shape: `name`, `version`, `remotes[]` with `type` and an absolute `url`; older `serverInfo` / `transport` shapes tolerated), an MCP transport in UCP, or WebMCP tools: forms on the homepage or product pages with both `toolname` and `tooldescription` (Chrome\'s WebMCP declarative API; without either attribute the browser does not register the tool). Pass: any of these. Warn: a card that is there but names no server or absolute endpoint, or a form with only one of the two attributes. Nothing declared = `not_assessed` ("MCP does not apply"): not a failure. Paid scans then drive the declared server, read only: the official MCP client over streamable HTTP sends `initialize`, `tools/list` (and `resources/list`, `prompts/list` where the server declares them) and ends the session, and what the server did decides. Pass: it answers. Warn: a tool whose input schema is not an object schema or not valid JSON Schema (2020-12 unless its `$schema` names another dialect). Fail: an HTTP error, a web page, a protocol error, no answer within 8 s, or an endpoint on a private address. No scan ever calls a tool.',
    fix: 'If you run an MCP server, declare it: /.well-known/mcp/server-card.json with name, version and remotes (type and absolute url), or WebMCP forms with toolname and tooldescription.',
    cites: ['MCP server card (SEP-2127)', 'WebMCP', `${STANDARDS.mcpProtocol.name} (${STANDARDS.mcpProtocol.version})`],
  },
  a2a_ap2: {
    checks:
      "/.well-known/agent-card.json with an AP2 extension (`capabilities.extensions[].uri` naming AP2; the fix names AP2 v0.1). Warn: a card without AP2, or an incomplete card. No card (404/410 or an HTML soft 404) = `not_assessed` (\"A2A does not apply\"): not a failure. Paid scans then ask each interface the card declares for a task that does not exist, without credentials (JSON-RPC: `GetTask`, `tasks/get` in 0.3; HTTP+JSON: `GET <url>/tasks/<id>`, `/v1/tasks/<id>` in 0.3; nothing is created; gRPC is not asked): a JSON-RPC answer with the request's id and an error (task not found, -32001), A2A's 404 error object, or 401/403 where the card declares securitySchemes is as A2A says; method not found, version not supported, or an error outside A2A's shape makes a pass a warning; a web page, a 5xx, no answer or a private address fails.",
    fix: 'If you run an A2A agent, publish a complete /.well-known/agent-card.json with the AP2 extension in capabilities.extensions.',
    cites: ['A2A agent card', `${STANDARDS.ap2.name} (${STANDARDS.ap2.version})`],
  },
  actionable_forms: {
    checks: 'add-to-cart is a native button or submit with an accessible name; inputs labelled.',
    fix: 'Make add-to-cart a native <button> (or submit input) with an accessible name, and label every input it needs.',
    cites: ['HTML forms', 'WAI-ARIA accessible names'],
  },
  checkout_friction: {
    checks: 'blocking CAPTCHA scripts, login-to-buy text; express wallet / guest checkout markers.',
    fix: 'Remove blocking CAPTCHAs and login-to-buy walls from the path to checkout; offer guest checkout or express wallets.',
    cites: [],
  },
};
