import { html } from './html.js';
import { layout, productName } from './layout.js';

/**
 * GET /app/scans/{id}: the shell of an owned scan's report. Its script reads the report (the same
 * renderer as /r/{id}) from GET /api/v1/scan/{id}/report with the key kept in the tab.
 */
export function ownedReportPage(id: string): string {
  return layout(
    { title: `Scan report - ${productName}`, description: 'The report of one of your scans.', noindex: true, script: 'owned-report' },
    html`<p class="no-print"><a href="/app">Back to the dashboard</a></p>
<div id="owned-report" data-scan-id="${id}">
<p id="owned-report-status" role="status">Loading the report…</p>
<noscript><p class="notice">Your reports are read with your API key from this tab, which needs JavaScript.</p></noscript>
</div>`,
  );
}
