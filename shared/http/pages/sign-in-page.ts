import { createHash } from 'node:crypto';
import { html, SafeHtml } from './html.js';
import { layout, productName } from './layout.js';
import { webPolicy } from './web-csp.js';

/**
 * The page a sign-in link opens. Mail scanners prefetch links, so the GET only serves this static page;
 * the token is spent by the POST the button sends. The token never enters the HTML: the script reads it
 * from the address bar and removes it from there at once.
 */

// Browser code, kept to DOM calls that the CSP's trusted-types rule allows (no innerHTML).
const script = `
(function () {
  'use strict';
  var token = new URLSearchParams(location.search).get('token');
  history.replaceState(null, '', location.pathname);
  var button = document.getElementById('create');
  var status = document.getElementById('status');
  var result = document.getElementById('result');

  function say(text) { status.textContent = text; }

  function add(tag, text) {
    var element = document.createElement(tag);
    element.textContent = text;
    result.appendChild(element);
    return element;
  }

  function openDashboard(credential) {
    var open = add('button', 'Open my dashboard');
    open.type = 'button';
    open.addEventListener('click', function () {
      // This tab only: the dashboard reads the key (or session) from here, and it is gone when the tab closes.
      sessionStorage.setItem('agent-readiness.apiKey', credential);
      location.assign('/app');
    });
  }

  function showKey(body) {
    say('');
    button.hidden = true;
    add('p', 'This key is shown only once. Store it now.');
    add('code', body.apiKey).className = 'key block';
    var copy = add('button', 'Copy');
    copy.type = 'button';
    copy.addEventListener('click', function () {
      navigator.clipboard.writeText(body.apiKey).then(
        function () { copy.textContent = 'Copied'; },
        function () { copy.textContent = 'Copy failed: select the key and copy it'; }
      );
    });
    add('p', body.message);
    openDashboard(body.apiKey);
  }

  // At the key limit: no key is made or revoked; a dashboard session opens instead.
  function showSession(body) {
    say('');
    button.hidden = true;
    add('p', 'You are signed in. Your API keys keep working.');
    add('p', body.message);
    openDashboard(body.sessionToken);
  }

  if (!token) {
    button.disabled = true;
    say('This sign-in link is incomplete. Open the link from the e-mail again, or ask for a new one.');
    return;
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    button.disabled = true;
    say('This sign-in link is damaged (it may have been cut or changed). Open the link from the e-mail again, or ask for a new one.');
    return;
  }

  button.addEventListener('click', function () {
    button.disabled = true;
    say('Signing in...');
    fetch('/api/v1/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: token })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (response.status === 200) return body.kind === 'session' ? showSession(body) : showKey(body);
        say(body && body.error ? body.error : 'Sign-in failed (HTTP ' + response.status + ').');
        if (response.status >= 500) button.disabled = false;
      });
    }).catch(function () {
      say('Could not reach the service. Try again.');
      button.disabled = false;
    });
  });
})();
`;

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
