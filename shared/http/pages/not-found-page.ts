import { html } from './html.js';
import { layout, productName } from './layout.js';

/** A friendly 404 for a report that never existed or has expired. */
export function reportNotFoundPage(): string {
  return layout(
    { title: `Report not found - ${productName}`, description: 'This report does not exist or has expired.', noindex: true },
    html`<h1>This report is not here</h1>
<p class="lead">The link may be mistyped, or the report has expired: reports of free scans are kept for 30 days.</p>
<p><a class="button" href="/">Scan the shop again</a></p>`,
  );
}
