import { callApi, errorOf } from '../shared/api.js';
import { isSession, storageKey } from '../shared/credential.js';
import { byId, clear, optionalById } from '../shared/dom.js';
import { announce, signedInEvent, type SignedIn } from '../shared/events.js';
import { signOut } from '../shared/sign-out.js';
import type { ApiKeyList, DashboardContext, DashboardSection, Overview } from './section.js';

/*
 * The dashboard (/app): asks for a key when the tab has none, reads the account, and renders each of its
 * sections with it (browser/pages/dashboard.ts lists them).
 */
export function dashboard(sections: readonly DashboardSection[]): void {
  const root = optionalById('dashboard', HTMLElement);
  if (root) wire(root, sections);
}

function wire(root: HTMLElement, sections: readonly DashboardSection[]): void {
  const keyBox = byId('dashboard-key', HTMLElement);
  const form = byId('key-form', HTMLFormElement);
  const input = byId('key-input', HTMLInputElement);
  const keyError = byId('key-error', HTMLElement);
  const status = byId('dashboard-status', HTMLElement);
  const signOutButton = byId('sign-out', HTMLButtonElement);

  function askForKey(message: string): void {
    root.hidden = true;
    keyBox.hidden = false;
    keyError.textContent = message || '';
  }

  function refused(key: string): void {
    sessionStorage.removeItem(storageKey);
    askForKey(
      isSession(key)
        ? 'Your dashboard session has ended or expired: sign in by e-mail again.'
        : 'That key was not accepted: it may be mistyped or revoked.',
    );
  }

  function load(key: string): void {
    status.textContent = 'Loading…';
    Promise.all([callApi<Overview>('GET', '/api/v1/account/overview', key), callApi<ApiKeyList>('GET', '/api/v1/account/api-keys', key)])
      .then(([answer, keys]) => {
        if (answer.status === 401 || keys.status === 401) return refused(key);
        if (answer.status !== 200) {
          const message = errorOf(answer, `The dashboard could not load (HTTP ${answer.status}).`);
          // A limit is counted after the key is checked: the key is good, so the tab keeps it for the retry.
          if (answer.status === 429) sessionStorage.setItem(storageKey, key);
          if (root.hidden) askForKey(message);
          else status.textContent = message;
          return;
        }
        sessionStorage.setItem(storageKey, key);
        // The header learns who is signed in from this answer: a key pasted here, or a sign-in link just followed.
        announce<SignedIn>(signedInEvent, { email: answer.body.account.email });
        keyBox.hidden = true;
        root.hidden = false;
        status.textContent = '';
        signOutButton.textContent = isSession(key) ? 'Sign out' : 'Forget the key in this tab';
        const context: DashboardContext = {
          overview: answer.body,
          keys,
          credential: key,
          origin: root.getAttribute('data-origin') || '',
          reload: () => {
            load(sessionStorage.getItem(storageKey) || key);
          },
        };
        // Each section renders into the element of its id, emptied first; one that throws leaves the others shown.
        for (const section of sections) {
          const box = document.getElementById(section.id);
          if (!box) continue;
          clear(box);
          try {
            section.render(context);
          } catch (error) {
            box.textContent = 'This part of the dashboard could not be shown. Reload to try again.';
            console.error(error);
          }
        }
      })
      .catch(() => {
        status.textContent = 'Could not reach the service. Reload to try again.';
      });
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (!key) return askForKey('Paste your API key.');
    input.value = '';
    load(key);
  });
  signOutButton.addEventListener('click', signOut);
  const stored = sessionStorage.getItem(storageKey);
  if (stored) load(stored);
  else askForKey('');
}
