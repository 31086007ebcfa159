import { errorField } from '../shared/api.js';
import { copyOnClick } from '../shared/clipboard.js';
import { storageKey } from '../shared/credential.js';
import { byId } from '../shared/dom.js';

/*
 * The sign-in link's page (shared/http/pages/sign-in-page.ts inlines its bundle): the token is read from the
 * address bar and removed from there at once; the button spends it. Kept to DOM calls that the CSP's Trusted
 * Types rule allows: no HTML strings.
 */

/** What POST /api/v1/auth/verify answers with 200: a new key, or a dashboard session at the key limit. */
type Verified = { kind: 'session'; sessionToken: string; message: string } | { kind?: 'key'; apiKey: string; message: string };

export function signInLink(): void {
  const token = new URLSearchParams(location.search).get('token');
  history.replaceState(null, '', location.pathname);
  const button = byId('create', HTMLButtonElement);
  const status = byId('status', HTMLElement);
  const result = byId('result', HTMLElement);

  function say(text: string): void {
    status.textContent = text;
  }

  function add<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
    const element = document.createElement(tag);
    element.textContent = text;
    result.appendChild(element);
    return element;
  }

  function openDashboard(credential: string): void {
    const open = add('button', 'Open my dashboard');
    open.type = 'button';
    open.addEventListener('click', () => {
      // This tab only: the dashboard reads the key (or session) from here, and it is gone when the tab closes.
      sessionStorage.setItem(storageKey, credential);
      location.assign('/app');
    });
  }

  function showKey(body: { apiKey: string; message: string }): void {
    say('');
    button.hidden = true;
    add('p', 'This key is shown only once. Store it now.');
    add('code', body.apiKey).className = 'key block';
    const copy = add('button', 'Copy');
    copy.type = 'button';
    copyOnClick(copy, () => body.apiKey, 'Copy failed: select the key and copy it');
    add('p', body.message);
    openDashboard(body.apiKey);
  }

  // At the key limit: no key is made or revoked; a dashboard session opens instead.
  function showSession(body: { sessionToken: string; message: string }): void {
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

  button.addEventListener('click', () => {
    button.disabled = true;
    say('Signing in...');
    fetch('/api/v1/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })
      .then((response) =>
        // The body is the service's `{ error }` unless the status is 200.
        response.json().then((body: Verified) => {
          if (response.status === 200) return body.kind === 'session' ? showSession(body) : showKey(body);
          say(errorField(body) || `Sign-in failed (HTTP ${response.status}).`);
          if (response.status >= 500) button.disabled = false;
        }),
      )
      .catch(() => {
        say('Could not reach the service. Try again.');
        button.disabled = false;
      });
  });
}
