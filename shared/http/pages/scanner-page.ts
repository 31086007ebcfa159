import type { DimensionId } from '#shared/scanner/checks/types.js';
import { dimensions } from '#shared/scanner/dimensions.js';
import { html } from './html.js';
import { layout, productName } from './layout.js';

const stages = [
  ['homepage', 'Fetching the homepage'],
  ['site-files', 'Reading robots.txt, sitemaps and agent files'],
  ['scoring', 'Scoring and writing fixes'],
] as const;

const dimensionPurpose: Record<DimensionId, string> = {
  agent_access: 'robots.txt rules for AI agents, bot walls, and whether pages answer an agent at all.',
  raw_html: 'whether names, prices and content are in the HTML agents read without running JavaScript.',
  product_data: 'structured price, availability, identifiers and variants agents can trust.',
  policies_trust: 'returns, shipping, contact details and HTTPS, stated where agents look.',
  discovery: 'sitemaps, product feeds and llms.txt that lead agents to the catalog.',
  agentic_commerce: 'checkout protocols (ACP, UCP, MCP, A2A) and a checkout an agent can complete.',
};

/**
 * GET /: the public scanner. The script posts the URL to /api/scan, shows the stage the scan reports,
 * and opens the report. Without the script, the page says how to scan through the API instead.
 */
export function scannerPage(options: { origin: string; freeScansPerDay: number }): string {
  const { origin } = options;
  return layout(
    {
      title: `${productName}: can AI shopping agents buy from your shop?`,
      description:
        'Scan a shop in seconds: a score from 1 to 100 for how well AI agents can reach it, read its products, trust its policies and buy, with the fixes that matter most.',
      script: 'scanner',
    },
    html`<h1>Can AI shopping agents buy from your shop?</h1>
<p class="lead">ChatGPT agent, Perplexity, Gemini and Claude now shop for people. Enter your shop's address to see what they see: a score from 1 to 100, what passes and fails, and the fixes that matter most.</p>
<form id="scan-form" class="panel no-print" action="/" method="get" novalidate>
<label for="scan-url">Shop address</label>
<div class="field-row">
<input id="scan-url" name="url" type="url" inputmode="url" autocomplete="url" spellcheck="false" placeholder="https://shop.example.com" required aria-describedby="scan-help scan-error" >
<button type="submit">Scan</button>
</div>
<p id="scan-help" class="small muted">Free: ${options.freeScansPerDay} scans a day, homepage only. The result gets a link you can share for 30 days.</p>
<noscript><p class="notice">The scanner runs from this page's script: turn JavaScript on to scan, or call the API with <code>curl -X POST -H 'content-type: application/json' -d '{"url": "https://shop.example.com"}' ${origin}/api/scan</code>. Reports open without JavaScript.</p></noscript>
<p id="scan-error" class="notice error" role="alert"></p>
<div id="scan-progress" role="status" aria-live="polite" hidden>
<p><strong>Scanning…</strong> <span id="scan-elapsed" class="muted"></span></p>
<ol class="stages">
${stages.map(([stage, label]) => html`<li data-stage="${stage}" data-state="waiting">${label}</li>`)}
</ol>
</div>
</form>
<h2>What the scan checks</h2>
<ul>
${dimensions.map((dimension) => html`<li><strong>${dimension.name}</strong> (${dimension.weight}% of the score): ${dimensionPurpose[dimension.id]}</li>`)}
</ul>`,
  );
}
