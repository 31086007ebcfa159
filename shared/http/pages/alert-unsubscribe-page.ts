import type { UnsubscribeSite } from '#shared/use-cases/sites/alert-unsubscribe.js';
import { html } from './html.js';
import { layout, productName } from './layout.js';

/**
 * The pages of an alert mail's unsubscribe link. Mail scanners open links, so the GET only asks; the
 * button posts the same one-click form a mail client sends (RFC 8058), and works without JavaScript.
 */
const meta = (title: string) => ({ title: `${title} - ${productName}`, description: 'E-mail alerts of a watched site.', noindex: true });

function siteList(sites: readonly UnsubscribeSite[]) {
  return html`<ul>${sites.map((site) => html`<li><strong>${site.label}</strong> <span class="muted">${site.url}</span></li>`)}</ul>`;
}

export function unsubscribeConfirmPage(sites: readonly UnsubscribeSite[], action: string): string {
  if (sites.length === 0) {
    return layout(
      meta('No alerts to turn off'),
      html`<h1>No alerts to turn off</h1>
<p class="lead">The site this link is about is no longer on the watchlist, so it sends no alerts.</p>`,
    );
  }
  return layout(
    meta('Turn off e-mail alerts'),
    html`<h1>Turn off e-mail alerts</h1>
<p class="lead">Stop the score-change and threshold alerts of ${sites.length === 1 ? 'this watched site' : 'these watched sites'}? The site${sites.length === 1 ? ' stays' : 's stay'} on the watchlist and keep${sites.length === 1 ? 's' : ''} being rescanned.</p>
${siteList(sites)}
<form method="post" action="${action}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">Turn off alerts</button></p>
</form>`,
  );
}

export function unsubscribedPage(sites: readonly UnsubscribeSite[]): string {
  return layout(
    meta('Alerts turned off'),
    html`<h1>Alerts turned off</h1>
${
  sites.length > 0
    ? html`<p class="lead">You will get no more alert e-mails about:</p>${siteList(sites)}`
    : html`<p class="lead">The site is no longer on the watchlist, so it sends no alerts.</p>`
}
<p>To turn them on again, sign in and set <code>alertEnabled</code> to true on the site (<code>PATCH /api/v1/watched-sites/{id}</code>).</p>`,
  );
}

export function unsubscribeLinkErrorPage(message: string): string {
  return layout(
    meta('Unsubscribe link not valid'),
    html`<h1>This link does not work</h1>
<p class="lead">${message}</p>
<p>You can turn alerts off after signing in: <a href="/sign-in">sign in</a>.</p>`,
  );
}
