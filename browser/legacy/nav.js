/*
 * The header's account link: "Sign in" without a credential in the tab; with one, "Dashboard", the
 * signed-in e-mail (GET /api/v1/account, which sessions may call) and a sign-out button. The e-mail is
 * kept for the tab, so moving between pages costs no request against the account routes' hourly limit.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var clear = ar.clear;
  var link = ar.link;
  var cacheKey = 'agent-readiness.navAccount';

  // Which credential the kept e-mail belongs to, without keeping the credential twice.
  function tag(credential) {
    return credential.slice(-6);
  }

  function signOut() {
    var credential = ar.credential();
    sessionStorage.removeItem(ar.storageKey);
    sessionStorage.removeItem(cacheKey);
    var leave = function () {
      location.assign('/');
    };
    if (credential && ar.isSession(credential)) ar.callApi('DELETE', '/api/v1/auth/session', credential).then(leave, leave);
    else leave();
  }

  function showSignedIn(item, email) {
    var dashboard = link('/app', 'Dashboard');
    if (location.pathname === '/app') dashboard.setAttribute('aria-current', 'page');
    var who = el('span', 'nav-email', email);
    who.title = 'Signed in as ' + email;
    clear(item);
    item.className = 'nav-account';
    append(item, [dashboard, el('span', 'visually-hidden', 'Signed in as '), who]);
    // The dashboard has its own sign-out button; one per page is enough.
    if (document.getElementById('sign-out')) return;
    var out = el('button', 'link-button', 'Sign out');
    out.type = 'button';
    out.addEventListener('click', signOut);
    item.appendChild(out);
  }

  function nav() {
    var item = document.getElementById('nav-account');
    var credential = ar.credential();
    if (!item || !credential) return;
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(cacheKey) || 'null');
    } catch (error) {
      kept = null;
    }
    if (kept && kept.tag === tag(credential) && kept.email) return showSignedIn(item, kept.email);
    ar.callApi('GET', '/api/v1/account', credential).then(
      function (answer) {
        if (answer.status === 200 && answer.body && answer.body.email) {
          sessionStorage.setItem(cacheKey, JSON.stringify({ tag: tag(credential), email: answer.body.email }));
          showSignedIn(item, answer.body.email);
        } else if (answer.status === 401) {
          // A revoked key or an ended session: the tab no longer holds a credential.
          sessionStorage.removeItem(ar.storageKey);
          sessionStorage.removeItem(cacheKey);
        }
      },
      function () {
        /* Unreachable service: the link stays "Sign in". */
      },
    );
  }

  // The dashboard read the account with a credential the tab did not hold when this page started.
  document.addEventListener('agent-readiness:signed-in', function (event) {
    var item = document.getElementById('nav-account');
    var credential = ar.credential();
    if (!item || !credential || !event.detail || !event.detail.email) return;
    sessionStorage.setItem(cacheKey, JSON.stringify({ tag: tag(credential), email: event.detail.email }));
    showSignedIn(item, event.detail.email);
  });

  nav();
})();
