import { dashboardJs } from './dashboard-js.js';

/**
 * The one script of the web pages, progressive enhancement only: every page reads fine without it.
 * Written as plain ES2017 for browsers, kept to DOM calls the CSP's Trusted Types rule allows (no
 * innerHTML): the scanner form (scan, stage progress, errors in plain words), Copy buttons on snippets,
 * and every check opened for printing.
 */
export const siteJs = `
(function () {
  'use strict';
${dashboardJs}
  function on(selector, event, handler) {
    var nodes = document.querySelectorAll(selector);
    for (var i = 0; i < nodes.length; i++) nodes[i].addEventListener(event, handler);
  }

  // Copy buttons: each sits in a .snippet beside the <pre> it copies.
  function addCopyButtons(within) {
    var snippets = (within || document).querySelectorAll('.snippet');
    for (var i = 0; i < snippets.length; i++) {
      (function (snippet) {
        var pre = snippet.querySelector('pre');
        if (!pre || !navigator.clipboard) return;
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'secondary';
        button.textContent = 'Copy';
        button.setAttribute('aria-label', 'Copy this snippet');
        button.addEventListener('click', function () {
          navigator.clipboard.writeText(pre.textContent).then(
            function () { button.textContent = 'Copied'; },
            function () { button.textContent = 'Select and copy'; }
          );
        });
        snippet.appendChild(button);
      })(snippets[i]);
    }
  }

  // A printed report shows every check's evidence.
  window.addEventListener('beforeprint', function () {
    var all = document.querySelectorAll('details');
    for (var i = 0; i < all.length; i++) all[i].open = true;
  });

  function duration(seconds) {
    if (seconds < 90) return seconds + ' seconds';
    var minutes = Math.round(seconds / 60);
    if (minutes < 90) return minutes + ' minutes';
    var hours = Math.floor(minutes / 60);
    var rest = minutes % 60;
    return hours + (hours === 1 ? ' hour' : ' hours') + (rest ? ' ' + rest + ' minutes' : '');
  }

  function scannerForm() {
    var form = document.getElementById('scan-form');
    if (!form) return;
    var input = document.getElementById('scan-url');
    var button = form.querySelector('button[type=submit]');
    var message = document.getElementById('scan-error');
    var progress = document.getElementById('scan-progress');
    var stages = progress.querySelectorAll('li[data-stage]');
    var elapsed = document.getElementById('scan-elapsed');
    var poll = null;
    var clock = null;

    function showStage(stage) {
      var reached = false;
      for (var i = stages.length - 1; i >= 0; i--) {
        var name = stages[i].getAttribute('data-stage');
        if (name === stage) { stages[i].setAttribute('data-state', 'current'); reached = true; }
        else stages[i].setAttribute('data-state', reached ? 'done' : 'waiting');
      }
    }

    function stop() {
      if (poll) clearInterval(poll);
      if (clock) clearInterval(clock);
      poll = clock = null;
      button.disabled = false;
      form.removeAttribute('aria-busy');
    }

    function fail(text) {
      stop();
      progress.hidden = true;
      message.textContent = text;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }

    function explain(status, body, retryAfter) {
      var error = body && typeof body.error === 'string' ? body.error : '';
      if (status === 400) {
        // Validation messages name the field ("url: must point to a public address").
        var reason = error.replace(/^url: /, '').replace(/^must /, 'it must ').replace(/[.]$/, '');
        return 'That address cannot be scanned: ' + (reason || 'it is not a valid public web address') + '.';
      }
      if (status === 429) {
        var seconds = Number(retryAfter) || (body && body.retryAfterSeconds) || 0;
        return 'You have used today\\'s free scans from this network. The next free scan is available in ' + duration(seconds) + '. Sign in for more scans.';
      }
      if (status === 502) return 'We could not reach that site: ' + (error || 'it did not answer') + '. Check the address, or try again later.';
      if (status === 504) return 'The site took too long to answer, so the scan stopped before it could finish. Try again later.';
      return 'The scan failed (HTTP ' + status + '). Try again in a moment.';
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var url = input.value.trim();
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      if (!url) return fail('Enter the address of a shop, for example https://shop.example.com.');
      if (!/^https?:\\/\\//i.test(url)) url = 'https://' + url;
      var token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
      button.disabled = true;
      form.setAttribute('aria-busy', 'true');
      progress.hidden = false;
      showStage('homepage');
      var started = Date.now();
      elapsed.textContent = '0 s';
      clock = setInterval(function () { elapsed.textContent = Math.round((Date.now() - started) / 1000) + ' s'; }, 1000);
      if (token) {
        poll = setInterval(function () {
          fetch('/api/scan-progress/' + token, { headers: { accept: 'application/json' } }).then(function (response) {
            if (response.status !== 200) return;
            return response.json().then(function (body) { if (poll && body && body.stage) showStage(body.stage); });
          }).catch(function () {});
        }, 600);
      }
      var headers = { 'content-type': 'application/json', accept: 'application/json' };
      if (token) headers['x-scan-progress'] = token;
      fetch('/api/scan', { method: 'POST', headers: headers, body: JSON.stringify({ url: url }) }).then(function (response) {
        return response.json().catch(function () { return null; }).then(function (body) {
          if (response.status === 200 && body && body.id) {
            showStage('done');
            stop();
            location.assign('/r/' + encodeURIComponent(body.id));
            return;
          }
          fail(explain(response.status, body, response.headers.get('retry-after')));
        });
      }).catch(function () {
        fail('Could not reach the scanner. Check your connection and try again.');
      });
    });
  }

  function signInForm() {
    var form = document.getElementById('sign-in-form');
    if (!form) return;
    var input = document.getElementById('sign-in-email');
    var button = form.querySelector('button[type=submit]');
    var message = document.getElementById('sign-in-error');
    var sent = document.getElementById('sign-in-sent');

    function fail(text) {
      button.disabled = false;
      message.textContent = text;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var email = input.value.trim();
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      if (!email) return fail('Enter your e-mail address.');
      button.disabled = true;
      fetch('/api/v1/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: email })
      }).then(function (response) {
        if (response.status === 202) {
          document.getElementById('sign-in-address').textContent = email;
          form.hidden = true;
          sent.hidden = false;
          sent.focus();
          return;
        }
        return response.json().catch(function () { return null; }).then(function (body) {
          var error = body && typeof body.error === 'string' ? body.error.replace(/^email: /, '') : '';
          if (response.status === 400) return fail('That is not an e-mail address we can send to: ' + (error || 'check it and try again') + '.');
          if (response.status === 429) return fail('Too many sign-in requests from this network. Try again in ' + duration(Number(response.headers.get('retry-after')) || 60) + '.');
          fail('Sending the link failed (HTTP ' + response.status + '). Try again in a moment.');
        });
      }).catch(function () {
        fail('Could not reach the service. Check your connection and try again.');
      });
    });
  }

  addCopyButtons();
  scannerForm();
  signInForm();
  dashboard();
  ownedReport();
})();
`;
