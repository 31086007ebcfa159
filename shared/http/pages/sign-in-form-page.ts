import { html } from './html.js';
import { layout, productName } from './layout.js';

/**
 * GET /sign-in: asks for an e-mail address. Its script posts it to /api/v1/auth/register and
 * answers "check your inbox" whatever the address (the API never says whether an account exists).
 */
export function signInFormPage(options: { linkValidityMinutes: number }): string {
  return layout(
    {
      title: `Sign in - ${productName}`,
      description: 'Sign in with a link sent to your e-mail address.',
      noindex: true,
      script: 'sign-in-form',
    },
    html`<h1>Sign in</h1>
<p class="lead">No password: we e-mail you a link that signs you in and gives you an API key for scans of product pages, watched sites and webhooks.</p>
<form id="sign-in-form" class="panel" action="/sign-in" method="get" novalidate>
<label for="sign-in-email">E-mail address</label>
<div class="field-row">
<input id="sign-in-email" name="email" type="email" autocomplete="email" spellcheck="false" required maxlength="254" aria-describedby="sign-in-help sign-in-error">
<button type="submit">Send me a link</button>
</div>
<p id="sign-in-help" class="small muted">The link works once, for ${options.linkValidityMinutes} minutes.</p>
<noscript><p class="notice">Sending the link needs JavaScript, or the API: <code>curl -H 'content-type: application/json' -d '{"email": "you@example.com"}' /api/v1/auth/register</code>.</p></noscript>
<p id="sign-in-error" class="notice error" role="alert"></p>
</form>
<div id="sign-in-sent" class="notice" role="status" tabindex="-1" hidden>
<h2>Check your inbox</h2>
<p>If <strong id="sign-in-address"></strong> can receive mail, a sign-in link is on its way. Open it on this device within ${options.linkValidityMinutes} minutes. Nothing arrived? Check the spam folder, or <a href="/sign-in">ask again</a>.</p>
</div>`,
  );
}
