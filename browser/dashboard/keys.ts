import { apiError, callApi, errorOf, type ApiAnswer } from '../shared/api.js';
import { copyButton } from '../shared/clipboard.js';
import { isSession, storageKey } from '../shared/credential.js';
import { append, ask, byId, clear, el, errorLine, input, labelFor, table, type Cell } from '../shared/dom.js';
import { day, limitText } from '../shared/words.js';
import type { ApiKeyList, DashboardSection } from './section.js';

/*
 * The dashboard's API keys: the list with each key's scopes, create (label and scopes, checked as
 * POST /api/v1/account/api-keys checks them), rotate, revoke. Errors show beside the form.
 */

// shared/model/scopes.ts `scopes`, in its order (a unit test holds the two the same); the API's default first.
const scopeChoices: ReadonlyArray<[scope: string, words: string]> = [
  ['scanner:read', 'run scans and read results'],
  ['sites:read', 'read watched sites'],
  ['sites:write', 'add, change and remove watched sites'],
  ['webhooks:read', 'read webhooks and their deliveries'],
  ['webhooks:write', 'add, test and remove webhooks'],
  ['account:read', 'read the account and its keys'],
  ['account:write', 'create, rotate and revoke keys; billing'],
];
const labelMax = 100;

/** A key as POST …/api-keys and POST …/rotate answer with it: shown this once. */
interface NewKey {
  fullKey: string;
}

/** The credential the tab holds now (a rotation of the tab's own key replaces it). */
function heldCredential(): string {
  return sessionStorage.getItem(storageKey) || '';
}

// A key as the list shows it: its first twelve characters.
function prefixOf(fullKey: string): string {
  return `${fullKey.slice(0, 12)}…`;
}

function showNewKey(fullKey: string, text: string): void {
  const box = clear(byId('new-key', HTMLElement));
  box.setAttribute('data-prefix', prefixOf(fullKey));
  const panel = el('div', 'notice');
  append(panel, [
    el('p', '', `${text} It is shown only once: store it now.`),
    el('code', 'key block', fullKey),
    copyButton('Copy the new key', fullKey),
  ]);
  box.appendChild(panel);
}

// The form for a new key: a label and the scopes; what the tab's own key lacks cannot be granted.
function keyForm(holderScopes: readonly string[] | null, reload: () => void): HTMLFormElement {
  const form = el('form', 'stack');
  form.noValidate = true;
  form.id = 'new-key-form';
  const error = errorLine('new-key-error');
  const labelInput = input({
    type: 'text',
    id: 'new-key-label',
    name: 'label',
    maxLength: labelMax,
    required: true,
    autocomplete: 'off',
    describedBy: 'new-key-error',
  });
  const scopes = el('fieldset', 'choices');
  scopes.setAttribute('aria-describedby', 'new-key-error');
  scopes.appendChild(el('legend', '', 'Scopes: what the key may do'));
  const boxes = scopeChoices.map(([scope, words]) => {
    const held = !holderScopes || holderScopes.indexOf(scope) >= 0;
    const box = input({
      type: 'checkbox',
      name: 'scopes',
      value: scope,
      id: `new-key-scope-${scope.replace(':', '-')}`,
      checked: scope === 'scanner:read' && held,
      disabled: !held,
    });
    const label = el('label', 'choice');
    label.htmlFor = box.id;
    append(label, [
      box,
      append(el('span'), [el('code', '', scope), el('span', 'muted', ` ${held ? words : 'not held by the key in this tab'}`)]),
    ]);
    scopes.appendChild(label);
    return box;
  });
  const create = el('button', '', 'Create a key');
  create.type = 'submit';
  function refuse(message: string, field?: HTMLElement): void {
    error.textContent = message;
    if (field) field.setAttribute('aria-invalid', 'true');
    create.disabled = false;
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.textContent = '';
    labelInput.removeAttribute('aria-invalid');
    scopes.removeAttribute('aria-invalid');
    const label = labelInput.value.trim();
    const chosen = boxes.filter((box) => box.checked).map((box) => box.value);
    if (!label) return refuse('Give the new key a label: it must not be empty.', labelInput);
    if (label.length > labelMax) return refuse(`The label must be at most ${labelMax} characters.`, labelInput);
    if (!chosen.length) return refuse('Choose at least one scope: a key without a scope can do nothing.', scopes);
    create.disabled = true;
    callApi<NewKey>('POST', '/api/v1/account/api-keys', heldCredential(), { label, scopes: chosen }).then(
      (answer) => {
        if (answer.status !== 201) return refuse(apiError(answer, 'Creating the key'));
        showNewKey(answer.body.fullKey, `The key "${label}" was created with ${chosen.join(', ')}.`);
        reload();
      },
      () => {
        refuse('Could not reach the service: try again.');
      },
    );
  });
  append(form, [labelFor('new-key-label', 'Label of a new key'), labelInput, scopes, error, create]);
  return form;
}

/**
 * A table whose rows stack on a narrow screen (site.css `table.stacking`, as the report's): each cell carries
 * its column's name, so every key's actions stay in view at 390 px instead of past a sideways scroll; explicit
 * roles keep it a table for assistive technology once its rows are blocks.
 */
function stacked(headings: readonly string[], rows: ReadonlyArray<readonly Cell[]>): HTMLElement {
  const wrapper = table(headings, rows);
  const t = wrapper.querySelector('table');
  if (!t) return wrapper;
  t.className = 'stacking';
  t.setAttribute('role', 'table');
  for (const group of Array.from(t.querySelectorAll('thead, tbody'))) group.setAttribute('role', 'rowgroup');
  for (const row of Array.from(t.querySelectorAll('tr'))) row.setAttribute('role', 'row');
  for (const heading of Array.from(t.querySelectorAll('th'))) heading.setAttribute('role', 'columnheader');
  for (const row of Array.from(t.querySelectorAll('tbody tr'))) {
    Array.from(row.children).forEach((cell, index) => {
      cell.setAttribute('role', 'cell');
      cell.setAttribute('data-label', headings[index] || '');
    });
  }
  return wrapper;
}

// The keys, with rotate and revoke (not revoke for the key this tab uses), and creating one while the plan has
// room. 'reload' reads everything again with the tab's (possibly new) credential.
function showKeys(list: ApiKeyList, credential: string, reload: () => void): void {
  const box = byId('keys', HTMLElement);
  const status = byId('keys-status', HTMLElement);
  const inUse = isSession(credential) ? null : prefixOf(credential);
  let holder: string[] | null = null;
  // The banner shows a new key until that key is revoked or rotated away: then it would mislead.
  const banner = byId('new-key', HTMLElement);
  const shown = banner.getAttribute('data-prefix');
  const listed = list.keys.some((key) => key.keyPrefix === shown);
  if (shown && !listed) {
    clear(banner);
    banner.removeAttribute('data-prefix');
  }
  function failed(answer: ApiAnswer, what: string): void {
    status.textContent = apiError(answer, what);
    reload();
  }
  if (isSession(credential)) {
    box.appendChild(
      el(
        'p',
        '',
        'You are signed in with a dashboard session: it shows your account and manages your keys and webhooks, and ends when you sign out or when it expires. It cannot run scans or batches; your keys keep working.',
      ),
    );
  }
  box.appendChild(
    el(
      'p',
      'small muted',
      `${limitText(list.keysUsed, list.keyLimit)} API keys. Rotating a key replaces it with a new one in one step: the old key stops working at once.`,
    ),
  );
  if (list.keys.length) {
    box.appendChild(
      stacked(
        ['Label', 'Key', 'Scopes', 'Created', 'Last used', 'Actions'],
        list.keys.map((key) => {
          if (key.keyPrefix === inUse) holder = key.scopes;
          const actions = el('div', 'field-row');
          const rotate = el('button', 'secondary', 'Rotate');
          rotate.type = 'button';
          rotate.setAttribute('aria-label', `Rotate the key ${key.label}`);
          rotate.addEventListener('click', () => {
            ask(actions, `Revoke ${key.keyPrefix} and create its replacement?`, 'Rotate now', () => {
              void callApi<NewKey>('POST', `/api/v1/account/api-keys/${encodeURIComponent(key.id)}/rotate`, heldCredential()).then(
                (answer) => {
                  if (answer.status !== 201) return failed(answer, 'Rotating the key');
                  // The tab's own key was rotated: it goes on with the replacement.
                  if (key.keyPrefix === inUse) sessionStorage.setItem(storageKey, answer.body.fullKey);
                  showNewKey(answer.body.fullKey, `The key "${key.label}" was rotated: ${key.keyPrefix} no longer works. Its replacement:`);
                  reload();
                },
              );
            });
          });
          actions.appendChild(rotate);
          if (key.keyPrefix !== inUse) {
            const revoke = el('button', 'secondary', 'Revoke');
            revoke.type = 'button';
            revoke.setAttribute('aria-label', `Revoke the key ${key.label}`);
            revoke.addEventListener('click', () => {
              ask(actions, `Revoke ${key.keyPrefix}? Integrations using it stop working.`, 'Revoke now', () => {
                void callApi('DELETE', `/api/v1/account/api-keys/${encodeURIComponent(key.id)}`, heldCredential()).then((answer) => {
                  if (answer.status !== 200) return failed(answer, 'Revoking the key');
                  status.textContent = `The key "${key.label}" (${key.keyPrefix}) was revoked.`;
                  reload();
                });
              });
            });
            actions.appendChild(revoke);
          }
          const scopes = el('ul', 'scopes');
          for (const scope of key.scopes) scopes.appendChild(append(el('li'), [el('code', '', scope)]));
          return [
            key.label,
            el('code', 'key', key.keyPrefix),
            scopes,
            day(key.createdAt),
            key.lastUsedAt ? day(key.lastUsedAt) : 'never',
            actions,
          ];
        }),
      ),
    );
  }
  if (list.keysUsed >= list.keyLimit) {
    box.appendChild(
      el(
        'p',
        'small',
        `Your plan has no room for another key (${limitText(list.keysUsed, list.keyLimit)}): rotate a key to replace it, revoke one, or upgrade for more.`,
      ),
    );
    return;
  }
  box.appendChild(el('h3', '', 'Create a key'));
  box.appendChild(keyForm(holder, reload));
}

export const keysSection: DashboardSection = {
  id: 'keys',
  render: (context) => {
    if (context.keys.status === 200) return showKeys(context.keys.body, context.credential, context.reload);
    byId('keys', HTMLElement).appendChild(el('p', 'muted', errorOf(context.keys, 'This key may not read the API keys.')));
  },
};
