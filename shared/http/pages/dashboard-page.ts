import { html } from './html.js';
import { layout, productName } from './layout.js';

/**
 * GET /app: the signed-in dashboard. The page is a shell its script (browser/pages/dashboard.ts) fills from
 * GET /api/v1/account/overview and GET /api/v1/account/api-keys (each section's code in browser/dashboard/) with the credential kept in this tab's
 * sessionStorage (never a cookie or a URL): an API key, or the dashboard session a sign-in at the key
 * limit gives. Without one it asks for a key.
 */
export function dashboardPage(options: { origin: string }): string {
  return layout(
    {
      title: `Dashboard - ${productName}`,
      description: 'Your account, scans, watched sites and webhooks.',
      noindex: true,
      script: 'dashboard',
    },
    html`<h1>Dashboard</h1>
<noscript><p class="notice">The dashboard reads your account with your API key from this tab, which needs JavaScript. The same data is in the API: <a href="/docs">API reference</a>.</p></noscript>
<section id="dashboard-key" class="panel" aria-labelledby="key-title" hidden>
<h2 id="key-title">Use your API key</h2>
<p>Paste one of your API keys. It stays in this browser tab only and is forgotten when you close it. Or <a href="/sign-in">sign in by e-mail</a>: that never revokes a key.</p>
<form id="key-form" novalidate>
<label for="key-input">API key</label>
<div class="field-row"><input id="key-input" name="key" type="password" autocomplete="off" spellcheck="false" required aria-describedby="key-error"><button type="submit">Open the dashboard</button></div>
<p id="key-error" class="notice error" role="alert"></p>
</form>
</section>
<div id="dashboard" data-origin="${options.origin}" hidden>
<p id="dashboard-status" role="status" class="muted"></p>
<section aria-labelledby="account-title"><h2 id="account-title">Account</h2><div id="account"></div></section>
<section aria-labelledby="scan-title"><h2 id="scan-title">Scan a shop</h2><div id="scan"></div></section>
<section aria-labelledby="scans-title"><h2 id="scans-title">Recent scans</h2><div id="scans"></div></section>
<section aria-labelledby="sites-title"><h2 id="sites-title">Watched sites</h2><div id="sites"></div></section>
<section aria-labelledby="competitors-title"><h2 id="competitors-title">Competitors</h2><div id="competitors"></div></section>
<section aria-labelledby="webhooks-title"><h2 id="webhooks-title">Webhooks</h2><div id="webhooks"></div></section>
<section aria-labelledby="batches-title"><h2 id="batches-title">Batch scans</h2><div id="batches"></div></section>
<section aria-labelledby="keys-title"><h2 id="keys-title">API keys</h2><p id="keys-status" role="status" class="notice"></p><div id="new-key"></div><div id="keys"></div></section>
<section aria-labelledby="curl-title"><h2 id="curl-title">From the command line</h2><div id="curl"></div></section>
<p><button type="button" id="sign-out" class="secondary">Forget the key in this tab</button></p>
</div>`,
  );
}
