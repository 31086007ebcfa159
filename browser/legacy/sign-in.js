/*
 * The sign-in page's script (shared/http/pages/sign-in-page.ts inlines it), plain ES2017 kept to DOM
 * calls that the CSP's Trusted Types rule allows: no HTML strings.
 */
(function () {
  'use strict';
  var token = new URLSearchParams(location.search).get('token');
  history.replaceState(null, '', location.pathname);
  var button = document.getElementById('create');
  var status = document.getElementById('status');
  var result = document.getElementById('result');

  function say(text) {
    status.textContent = text;
  }

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
        function () {
          copy.textContent = 'Copied';
        },
        function () {
          copy.textContent = 'Copy failed: select the key and copy it';
        },
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
      body: JSON.stringify({ token: token }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.status === 200) return body.kind === 'session' ? showSession(body) : showKey(body);
          say(body && body.error ? body.error : 'Sign-in failed (HTTP ' + response.status + ').');
          if (response.status >= 500) button.disabled = false;
        });
      })
      .catch(function () {
        say('Could not reach the service. Try again.');
        button.disabled = false;
      });
  });
})();
