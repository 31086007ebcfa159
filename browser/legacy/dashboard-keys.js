/*
 * The dashboard's API keys: the list with each key's scopes, create (label and scopes, checked as
 * POST /api/v1/account/api-keys checks them), rotate, revoke. Errors show beside the form.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var storageKey = ar.storageKey;
  var isSession = ar.isSession;
  var clear = ar.clear;
  var el = ar.el;
  var append = ar.append;
  var limitText = ar.limitText;
  var day = ar.day;
  var table = ar.table;
  var callApi = ar.callApi;
  var copyButton = ar.copyButton;
  var ask = ar.ask;
  var apiError = ar.apiError;

  // shared/model/scopes.ts `scopes`, in its order (a unit test holds the two the same); the API's default first.
  var scopeChoices = [
    ['scanner:read', 'run scans and read results'],
    ['sites:read', 'read watched sites'],
    ['sites:write', 'add, change and remove watched sites'],
    ['webhooks:read', 'read webhooks and their deliveries'],
    ['webhooks:write', 'add, test and remove webhooks'],
    ['account:read', 'read the account and its keys'],
    ['account:write', 'create, rotate and revoke keys; billing'],
  ];
  var labelMax = 100;

  // A key as the list shows it: its first twelve characters.
  function prefixOf(fullKey) {
    return fullKey.slice(0, 12) + '…';
  }

  function showNewKey(fullKey, text) {
    var box = clear(document.getElementById('new-key'));
    box.setAttribute('data-prefix', prefixOf(fullKey));
    var panel = el('div', 'notice');
    append(panel, [
      el('p', '', text + ' It is shown only once: store it now.'),
      el('code', 'key block', fullKey),
      copyButton('Copy the new key', fullKey),
    ]);
    box.appendChild(panel);
  }

  // The form for a new key: a label and the scopes; what the tab's own key lacks cannot be granted.
  function keyForm(holderScopes, reload) {
    var form = el('form', 'stack');
    form.noValidate = true;
    form.id = 'new-key-form';
    var error = el('p', 'notice error');
    error.id = 'new-key-error';
    error.setAttribute('role', 'alert');
    var labelFor = el('label', '', 'Label of a new key');
    labelFor.htmlFor = 'new-key-label';
    var input = el('input');
    input.type = 'text';
    input.id = 'new-key-label';
    input.name = 'label';
    input.maxLength = labelMax;
    input.required = true;
    input.autocomplete = 'off';
    input.setAttribute('aria-describedby', 'new-key-error');
    var scopes = el('fieldset', 'choices');
    scopes.setAttribute('aria-describedby', 'new-key-error');
    scopes.appendChild(el('legend', '', 'Scopes: what the key may do'));
    var boxes = scopeChoices.map(function (choice) {
      var held = !holderScopes || holderScopes.indexOf(choice[0]) >= 0;
      var box = el('input');
      box.type = 'checkbox';
      box.name = 'scopes';
      box.value = choice[0];
      box.id = 'new-key-scope-' + choice[0].replace(':', '-');
      box.checked = choice[0] === 'scanner:read' && held;
      box.disabled = !held;
      var label = el('label', 'choice');
      label.htmlFor = box.id;
      append(label, [
        box,
        append(el('span'), [el('code', '', choice[0]), el('span', 'muted', ' ' + (held ? choice[1] : 'not held by the key in this tab'))]),
      ]);
      scopes.appendChild(label);
      return box;
    });
    var create = el('button', '', 'Create a key');
    create.type = 'submit';
    function refuse(message, field) {
      error.textContent = message;
      if (field) field.setAttribute('aria-invalid', 'true');
      create.disabled = false;
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      error.textContent = '';
      input.removeAttribute('aria-invalid');
      scopes.removeAttribute('aria-invalid');
      var label = input.value.trim();
      var chosen = boxes
        .filter(function (box) {
          return box.checked;
        })
        .map(function (box) {
          return box.value;
        });
      if (!label) return refuse('Give the new key a label: it must not be empty.', input);
      if (label.length > labelMax) return refuse('The label must be at most ' + labelMax + ' characters.', input);
      if (!chosen.length) return refuse('Choose at least one scope: a key without a scope can do nothing.', scopes);
      create.disabled = true;
      callApi('POST', '/api/v1/account/api-keys', sessionStorage.getItem(storageKey), { label: label, scopes: chosen }).then(
        function (answer) {
          if (answer.status !== 201) return refuse(apiError(answer, 'Creating the key'));
          showNewKey(answer.body.fullKey, 'The key "' + label + '" was created with ' + chosen.join(', ') + '.');
          reload();
        },
        function () {
          refuse('Could not reach the service: try again.');
        },
      );
    });
    append(form, [labelFor, input, scopes, error, create]);
    return form;
  }

  /**
   * A table whose rows stack on a narrow screen (site.css `table.stacking`, as the report's): each cell
   * carries its column's name, so every key's actions stay in view at 390 px instead of past a sideways
   * scroll; explicit roles keep it a table for assistive technology once its rows are blocks.
   */
  function stacked(headings, rows) {
    var wrapper = table(headings, rows);
    var t = wrapper.querySelector('table');
    t.className = 'stacking';
    t.setAttribute('role', 'table');
    Array.prototype.forEach.call(t.querySelectorAll('thead, tbody'), function (group) {
      group.setAttribute('role', 'rowgroup');
    });
    Array.prototype.forEach.call(t.querySelectorAll('tr'), function (row) {
      row.setAttribute('role', 'row');
    });
    Array.prototype.forEach.call(t.querySelectorAll('th'), function (heading) {
      heading.setAttribute('role', 'columnheader');
    });
    Array.prototype.forEach.call(t.querySelectorAll('tbody tr'), function (row) {
      Array.prototype.forEach.call(row.children, function (cell, index) {
        cell.setAttribute('role', 'cell');
        cell.setAttribute('data-label', headings[index]);
      });
    });
    return wrapper;
  }

  // The keys, with rotate and revoke (not revoke for the key this tab uses), and creating one while
  // the plan has room. 'reload' reads everything again with the tab's (possibly new) credential.
  function showKeys(list, credential, reload) {
    var box = document.getElementById('keys');
    var status = document.getElementById('keys-status');
    var inUse = isSession(credential) ? null : prefixOf(credential);
    var holder = null;
    // The banner shows a new key until that key is revoked or rotated away: then it would mislead.
    var banner = document.getElementById('new-key');
    var shown = banner.getAttribute('data-prefix');
    var listed = list.keys.some(function (key) {
      return key.keyPrefix === shown;
    });
    if (shown && !listed) {
      clear(banner);
      banner.removeAttribute('data-prefix');
    }
    function failed(answer, what) {
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
        limitText(list.keysUsed, list.keyLimit) +
          ' API keys. Rotating a key replaces it with a new one in one step: the old key stops working at once.',
      ),
    );
    if (list.keys.length) {
      box.appendChild(
        stacked(
          ['Label', 'Key', 'Scopes', 'Created', 'Last used', 'Actions'],
          list.keys.map(function (key) {
            if (key.keyPrefix === inUse) holder = key.scopes;
            var actions = el('div', 'field-row');
            var rotate = el('button', 'secondary', 'Rotate');
            rotate.type = 'button';
            rotate.setAttribute('aria-label', 'Rotate the key ' + key.label);
            rotate.addEventListener('click', function () {
              ask(actions, 'Revoke ' + key.keyPrefix + ' and create its replacement?', 'Rotate now', function () {
                callApi(
                  'POST',
                  '/api/v1/account/api-keys/' + encodeURIComponent(key.id) + '/rotate',
                  sessionStorage.getItem(storageKey),
                ).then(function (answer) {
                  if (answer.status !== 201) return failed(answer, 'Rotating the key');
                  // The tab's own key was rotated: it goes on with the replacement.
                  if (key.keyPrefix === inUse) sessionStorage.setItem(storageKey, answer.body.fullKey);
                  showNewKey(
                    answer.body.fullKey,
                    'The key "' + key.label + '" was rotated: ' + key.keyPrefix + ' no longer works. Its replacement:',
                  );
                  reload();
                });
              });
            });
            actions.appendChild(rotate);
            if (key.keyPrefix !== inUse) {
              var revoke = el('button', 'secondary', 'Revoke');
              revoke.type = 'button';
              revoke.setAttribute('aria-label', 'Revoke the key ' + key.label);
              revoke.addEventListener('click', function () {
                ask(actions, 'Revoke ' + key.keyPrefix + '? Integrations using it stop working.', 'Revoke now', function () {
                  callApi('DELETE', '/api/v1/account/api-keys/' + encodeURIComponent(key.id), sessionStorage.getItem(storageKey)).then(
                    function (answer) {
                      if (answer.status !== 200) return failed(answer, 'Revoking the key');
                      status.textContent = 'The key "' + key.label + '" (' + key.keyPrefix + ') was revoked.';
                      reload();
                    },
                  );
                });
              });
              actions.appendChild(revoke);
            }
            var scopes = el('ul', 'scopes');
            key.scopes.forEach(function (scope) {
              scopes.appendChild(append(el('li'), [el('code', '', scope)]));
            });
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
          'Your plan has no room for another key (' +
            limitText(list.keysUsed, list.keyLimit) +
            '): rotate a key to replace it, revoke one, or upgrade for more.',
        ),
      );
      return;
    }
    box.appendChild(el('h3', '', 'Create a key'));
    box.appendChild(keyForm(holder, reload));
  }

  ar.dashboardSections.push({
    id: 'keys',
    render: function (context) {
      if (context.keys.status === 200) return showKeys(context.keys.body, context.credential, context.reload);
      document.getElementById('keys').appendChild(el('p', 'muted', ar.errorOf(context.keys, 'This key may not read the API keys.')));
    },
  });
})();
