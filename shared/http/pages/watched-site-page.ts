import { html } from './html.js';
import { layout, productName } from './layout.js';

/**
 * GET /app/sites/{id}: the shell of a watched site's page. Its script (browser/watched-site/watched-site.ts) reads
 * the site from GET /api/v1/account/watched-sites/{id} with the credential kept in the tab, and draws its
 * score history, last report, thresholds, alert and competitor switches and where its alerts go.
 */
export function watchedSitePage(id: string): string {
  return layout(
    { title: `Watched site - ${productName}`, description: 'One of your watched sites.', noindex: true, script: 'watched-site' },
    html`<p class="no-print"><a href="/app">Back to the dashboard</a></p>
<div id="site-page" data-site-id="${id}">
<h1 id="site-title">Watched site</h1>
<p id="site-status" role="status">Loading the site…</p>
<noscript><p class="notice">Your sites are read with your API key from this tab, which needs JavaScript.</p></noscript>
</div>`,
  );
}
