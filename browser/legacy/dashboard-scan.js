/*
 * The dashboard's "Scan a shop" form: POST /api/v1/scan with the tab's key, the stages it reports
 * (GET /api/scan-progress/{id}, as on the public scanner), then the report at /app/scans/{id}.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var link = ar.link;
  var limitText = ar.limitText;
  var duration = ar.duration;
  var isSession = ar.isSession;

  // As POST /api/v1/scan checks before anything else (MAX_URL_LENGTH in shared/outbound/target-url.ts);
  // the service checks the rest (a public host, the port) and its answer is shown in place.
  var urlMaxLength = 2048;

  var stageLabels = [
    ['homepage', 'Fetching the homepage'],
    ['site-files', 'Reading robots.txt, sitemaps and agent files'],
    ['product-pages', 'Reading product pages'],
    ['scoring', 'Scoring and writing fixes'],
  ];

  /**
   * Scans and batches are metered: a dashboard session may not run them (decision 009). Shared with the
   * batches section, which comes later in the site script.
   */
  function keyNeeded(box, what) {
    append(box, [
      el(
        'p',
        'notice',
        what + ' count against your plan, so they need an API key: the dashboard session you signed in with by e-mail cannot run them.',
      ),
      append(el('p', 'small'), [
        document.createTextNode('Create a key under '),
        link('#keys-title', 'API keys'),
        document.createTextNode(', then choose "Sign out" and open the dashboard again with that key.'),
      ]),
    ]);
  }
  ar.keyNeeded = keyNeeded;

  /** The first problem POST /api/v1/scan would answer 400 for without looking the host up, or ''. */
  function urlProblem(url) {
    if (!url) return 'Enter the address of a shop, for example https://shop.example.com.';
    if (url.length > urlMaxLength) return 'That address is too long: it may have at most ' + urlMaxLength + ' characters.';
    var scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
    if (scheme && !/^https?$/i.test(scheme[1])) return 'Only http and https addresses can be scanned, not ' + scheme[1] + ':.';
    if (!/^https?:\/\/[^/?#\s]/i.test(url)) return 'Enter the full address, starting with https:// (or http://).';
    return '';
  }

  function explain(status, body, retryAfter) {
    var error = body && typeof body.error === 'string' ? body.error : '';
    if (status === 400) {
      var reason = error
        .replace(/^url: /, '')
        .replace(/^must /, 'it must ')
        .replace(/[.]$/, '');
      return 'That address cannot be scanned: ' + (reason || 'it is not a valid public web address') + '.';
    }
    if (status === 401) return 'This key is no longer accepted: it may have been revoked. Reload the dashboard and use another key.';
    if (status === 403) return (error.replace(/[.]$/, '') || 'This key may not run scans') + '.';
    if (status === 429) {
      var seconds = Number(retryAfter) || (body && body.retryAfterSeconds) || 0;
      return (
        (error ? error.replace(/[.]$/, '') + '. ' : 'Your plan allows no more scans for now. ') + 'Try again in ' + duration(seconds) + '.'
      );
    }
    if (status === 502)
      return (
        'We could not reach that shop' +
        (error ? ': ' + error.replace(/^Scan failed: /, '').replace(/[.]$/, '') : '') +
        '. Check the address, or try again later.'
      );
    if (status === 504) return 'The shop took too long to answer, so the scan stopped before it finished. Try again later.';
    return 'The scan failed (HTTP ' + status + '). Try again in a moment.';
  }

  function scanForm(box, context) {
    var account = context.overview.account;
    var paid = account.tier !== 'free';
    var form = el('form', 'panel');
    form.id = 'run-scan-form';
    form.noValidate = true;
    var label = el('label', '', 'Shop address');
    label.htmlFor = 'run-scan-url';
    var input = el('input');
    input.id = 'run-scan-url';
    input.type = 'url';
    input.name = 'url';
    input.inputMode = 'url';
    input.autocomplete = 'url';
    input.spellcheck = false;
    input.required = true;
    input.placeholder = 'https://shop.example.com';
    input.setAttribute('aria-describedby', 'run-scan-help run-scan-error');
    var button = el('button', '', 'Scan');
    button.type = 'submit';
    var help = el(
      'p',
      'small muted',
      'Your ' +
        account.tier +
        ' plan reads ' +
        (paid ? 'the homepage and product pages' : 'the homepage') +
        '. Scans today: ' +
        limitText(account.usage.dailyScans, account.usage.dailyScanLimit) +
        '. Each scan is also one API call.',
    );
    help.id = 'run-scan-help';
    var message = el('p', 'notice error');
    message.id = 'run-scan-error';
    message.setAttribute('role', 'alert');
    var progress = el('div');
    progress.id = 'run-scan-progress';
    progress.setAttribute('role', 'status');
    progress.hidden = true;
    var elapsed = el('span', 'muted');
    var stages = el('ol', 'stages');
    stageLabels.forEach(function (pair) {
      if (pair[0] === 'product-pages' && !paid) return;
      var item = el('li', '', pair[1]);
      item.setAttribute('data-stage', pair[0]);
      item.setAttribute('data-state', 'waiting');
      stages.appendChild(item);
    });
    append(progress, [append(el('p'), [el('strong', '', 'Scanning…'), document.createTextNode(' '), elapsed]), stages]);
    append(form, [label, append(el('div', 'field-row'), [input, button]), help, message, progress]);
    box.appendChild(form);

    var stageMarks = ar.scanStages(stages, elapsed);

    function stop() {
      stageMarks.stop();
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

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var url = input.value.trim();
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      var problem = urlProblem(url);
      if (problem) return fail(problem);
      var token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
      button.disabled = true;
      form.setAttribute('aria-busy', 'true');
      progress.hidden = false;
      stageMarks.start(token);
      var headers = { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer ' + context.credential };
      if (token) headers['x-scan-progress'] = token;
      fetch('/api/v1/scan', { method: 'POST', headers: headers, body: JSON.stringify({ url: url }) })
        .then(function (response) {
          return response
            .json()
            .catch(function () {
              return null;
            })
            .then(function (body) {
              if (response.status === 200 && body && body.id) {
                stageMarks.show('done');
                stop();
                location.assign('/app/scans/' + encodeURIComponent(body.id));
                return;
              }
              fail(explain(response.status, body, response.headers.get('retry-after')));
            });
        })
        .catch(function () {
          fail('Could not reach the service. Check your connection and try again.');
        });
    });
  }

  ar.dashboardSections.push({
    id: 'scan',
    render: function (context) {
      var box = document.getElementById('scan');
      if (isSession(context.credential)) return keyNeeded(box, 'Scans');
      if (!context.overview.scans) return box.appendChild(el('p', 'muted', 'This key may not run scans: it lacks the scanner:read scope.'));
      scanForm(box, context);
    },
  });
})();
