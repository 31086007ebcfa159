import { createHash } from 'node:crypto';
import { inlineScript } from './assets/web-assets.js';
import { html, SafeHtml } from './html.js';
import { layout, productName } from './layout.js';
import { webPolicy } from './web-csp.js';

/**
 * The page a sign-in link opens. Mail scanners prefetch links, so the GET only serves this static page;
 * the token is spent by the POST the button sends. The token never enters the HTML: the script reads it
 * from the address bar and removes it from there at once.
 */

/** This page's own script (browser/pages/sign-in.ts), inline: the CSP allows it by its hash. */
const script = inlineScript('sign-in');

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The web pages' policy, plus this page's inline script by its hash; no form posts anywhere. */
export const signInPageCsp = webPolicy({ scripts: [hash(script)], formAction: "'none'" });

const page = layout(
  { title: `Sign in - ${productName}`, description: 'Finish signing in to Agent Readiness Scanner.', noindex: true },
  html`<h1>Finish signing in</h1>
<p class="lead">Press the button to finish signing in. If your account has room for another API key, this creates one carrying every scope and shows it once; if it already has all its plan allows, it opens your dashboard instead. Signing in never revokes a key, and nothing happens until you press the button.</p>
<p><button type="button" id="create">Finish signing in</button></p>
<p id="status" role="status"></p>
<div id="result"></div>
<script>${new SafeHtml(script)}</script>`,
);

export function signInPage(): string {
  return page;
}
