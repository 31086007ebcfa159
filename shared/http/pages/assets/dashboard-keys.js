/*
 * The dashboard's API keys: create, rotate, revoke.
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

  function showNewKey(fullKey, text) {
    var box = clear(document.getElementById('new-key'));
    var panel = el('div', 'notice');
    append(panel, [
      el('p', '', text + ' It is shown only once: store it now.'),
      el('code', 'key block', fullKey),
      copyButton('Copy the new key', fullKey),
    ]);
    box.appendChild(panel);
  }

  // The keys, with rotate and revoke (not revoke for the key this tab uses), and creating one while
  // the plan has room. 'reload' reads everything again with the tab's (possibly new) credential.
  function showKeys(list, credential, reload) {
    var box = document.getElementById('keys');
    var status = document.getElementById('keys-status');
    var inUse = isSession(credential) ? null : credential.slice(0, 12) + '…';
    function failed(answer, what) {
      status.textContent = (answer.body && answer.body.error) || what + ' failed (HTTP ' + answer.status + ').';
      reload();
    }
    if (isSession(credential)) {
      box.appendChild(
        el(
          'p',
          '',
          'You are signed in with a dashboard session: it shows your account and manages your keys, and ends when you sign out or when it expires. It cannot call the API; your keys keep working.',
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
        table(
          ['Label', 'Key', 'Created', 'Last used', 'Actions'],
          list.keys.map(function (key) {
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
            return [
              key.label,
              el('code', 'key', key.keyPrefix),
              day(key.createdAt),
              key.lastUsedAt ? day(key.lastUsedAt) : 'never',
              actions,
            ];
          }),
        ),
      );
    }
    if (list.keysUsed >= list.keyLimit) return;
    var form = el('form', 'field-row');
    form.noValidate = true;
    var labelFor = el('label', '', 'Label of a new key');
    labelFor.htmlFor = 'new-key-label';
    var input = el('input');
    input.id = 'new-key-label';
    input.name = 'label';
    input.maxLength = 100;
    input.required = true;
    var create = el('button', '', 'Create a key');
    create.type = 'submit';
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var label = input.value.trim();
      if (!label) {
        status.textContent = 'Give the new key a label.';
        return;
      }
      create.disabled = true;
      callApi('POST', '/api/v1/account/api-keys', sessionStorage.getItem(storageKey), { label: label }).then(function (answer) {
        if (answer.status !== 201) return failed(answer, 'Creating the key');
        showNewKey(answer.body.fullKey, 'The key "' + label + '" was created.');
        reload();
      });
    });
    append(box, [labelFor, append(form, [input, create])]);
  }

  ar.dashboardSections.push({
    id: 'keys',
    render: function (context) {
      if (context.keys.status === 200) return showKeys(context.keys.body, context.credential, context.reload);
      document
        .getElementById('keys')
        .appendChild(el('p', 'muted', (context.keys.body && context.keys.body.error) || 'This key may not read the API keys.'));
    },
  });
})();
