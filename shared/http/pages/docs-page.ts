import { html } from './html.js';
import { layout, productName } from './layout.js';

/**
 * GET /docs: the API reference, drawn by Redoc's standalone bundle (served by the service, see
 * assets/docs-bundle.ts) from GET /api/openapi.json. The bundle finds the <redoc> element itself.
 */
export function docsPage(bundleFile: string): string {
  return layout(
    {
      title: `API reference - ${productName}`,
      description: `Every endpoint of the ${productName} API: scans, results, accounts, watched sites, batches and webhooks.`,
      extraScripts: [`/assets/${bundleFile}`],
      wide: true,
    },
    html`<h1>API reference</h1>
<p>Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>. The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<noscript><p class="notice">The interactive reference needs JavaScript. The OpenAPI document above has the same content.</p></noscript>
<redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>`,
  );
}
