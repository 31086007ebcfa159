/*
 * The dashboard (/app): asks for a key when the tab has none, reads the account, and renders each
 * registered section (ar.dashboardSections) with it. Last in the site script, after the sections.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var storageKey = ar.storageKey;
  var isSession = ar.isSession;
  var clear = ar.clear;
  var callApi = ar.callApi;

  function dashboard() {
    var root = document.getElementById('dashboard');
    if (!root) return;
    var keyBox = document.getElementById('dashboard-key');
    var form = document.getElementById('key-form');
    var input = document.getElementById('key-input');
    var keyError = document.getElementById('key-error');
    var status = document.getElementById('dashboard-status');

    function askForKey(message) {
      root.hidden = true;
      keyBox.hidden = false;
      keyError.textContent = message || '';
    }

    function refused(key) {
      sessionStorage.removeItem(storageKey);
      askForKey(
        isSession(key)
          ? 'Your dashboard session has ended or expired: sign in by e-mail again.'
          : 'That key was not accepted: it may be mistyped or revoked.',
      );
    }

    function load(key) {
      status.textContent = 'Loading…';
      Promise.all([callApi('GET', '/api/v1/account/overview', key), callApi('GET', '/api/v1/account/api-keys', key)])
        .then(function (answers) {
          var answer = answers[0];
          var keys = answers[1];
          if (answer.status === 401 || keys.status === 401) return refused(key);
          if (answer.status !== 200) {
            var message = ar.errorOf(answer, 'The dashboard could not load (HTTP ' + answer.status + ').');
            // A limit is counted after the key is checked: the key is good, so the tab keeps it for the retry.
            if (answer.status === 429) sessionStorage.setItem(storageKey, key);
            if (root.hidden) askForKey(message);
            else status.textContent = message;
            return;
          }
          sessionStorage.setItem(storageKey, key);
          // The header learns who is signed in from this answer: a key pasted here, or a sign-in link just followed.
          document.dispatchEvent(new CustomEvent('agent-readiness:signed-in', { detail: { email: answer.body.account.email } }));
          keyBox.hidden = true;
          root.hidden = false;
          status.textContent = '';
          document.getElementById('sign-out').textContent = isSession(key) ? 'Sign out' : 'Forget the key in this tab';
          var context = {
            overview: answer.body,
            keys: keys,
            credential: key,
            origin: root.getAttribute('data-origin'),
            reload: function () {
              load(sessionStorage.getItem(storageKey) || key);
            },
          };
          // Each section renders into the element of its id, emptied first; one that throws leaves the others shown.
          ar.dashboardSections.forEach(function (section) {
            var box = document.getElementById(section.id);
            if (!box) return;
            clear(box);
            try {
              section.render(context);
            } catch (error) {
              box.textContent = 'This part of the dashboard could not be shown. Reload to try again.';
              console.error(error);
            }
          });
        })
        .catch(function () {
          status.textContent = 'Could not reach the service. Reload to try again.';
        });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var key = input.value.trim();
      if (!key) return askForKey('Paste your API key.');
      input.value = '';
      load(key);
    });
    // A session is ended on the service too (DELETE /api/v1/auth/session); a key is only forgotten here.
    document.getElementById('sign-out').addEventListener('click', function () {
      var credential = sessionStorage.getItem(storageKey);
      sessionStorage.removeItem(storageKey);
      var leave = function () {
        location.assign('/');
      };
      if (credential && isSession(credential)) callApi('DELETE', '/api/v1/auth/session', credential).then(leave, leave);
      else leave();
    });
    var stored = sessionStorage.getItem(storageKey);
    if (stored) load(stored);
    else askForKey('');
  }

  dashboard();
})();
