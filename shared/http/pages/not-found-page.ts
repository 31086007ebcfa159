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

/** A friendly 404 for a page path nothing serves (API paths keep their JSON 404). */
export function pageNotFoundPage(): string {
  return layout(
    { title: `Page not found - ${productName}`, description: 'There is no page at this address.', noindex: true },
    html`<h1>There is no page here</h1>
<p class="lead">The address may be mistyped, or the page has moved.</p>
<p><a class="button" href="/">Go to the scanner</a> <a href="/docs">API reference</a></p>`,
  );
}
