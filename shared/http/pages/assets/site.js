/*
 * The one script of the web pages, progressive enhancement only: every page reads fine without it.
 * Written as plain ES2017 for browsers, kept to DOM calls the CSP's Trusted Types rule allows (HTML is
 * set only through the owned report's `scan-report` policy): the scanner form (scan, stage progress,
 * errors in plain words), the sign-in form, Copy buttons on snippets, every check opened for printing,
 * the dashboard and the owned report.
 */
(function () {
  'use strict';

  // The dashboard. The credential lives in this tab's sessionStorage under `storageKey`: an API key, or a
  // dashboard session (`sess_…`, what signing in at the key limit gives). Everything shown comes from
  // GET /api/v1/account/overview and GET /api/v1/account/api-keys and is set as text.
  var storageKey = 'agent-readiness.apiKey';
  var sessionPrefix = 'sess_';

  function isSession(credential) {
    return credential.indexOf(sessionPrefix) === 0;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function append(parent, children) {
    for (var i = 0; i < children.length; i++) if (children[i]) parent.appendChild(children[i]);
    return parent;
  }

  function limitText(used, limit) {
    return used + ' of ' + (limit === 'unlimited' ? 'unlimited' : limit);
  }

  function maskKey(key) {
    return key.length > 12 ? key.slice(0, 8) + '…' + key.slice(-4) : '…';
  }

  var bandNames = { agent_ready: 'Agent ready', partially_ready: 'Partially ready', needs_work: 'Needs work', not_ready: 'Not ready' };

  function day(iso) {
    return iso ? iso.slice(0, 10) : 'never';
  }

  function sparkline(history) {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('class', 'spark');
    svg.setAttribute('viewBox', '0 0 100 30');
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'img');
    var scores = history.map(function (point) {
      return point.score;
    });
    svg.setAttribute('aria-label', 'Score history: ' + (scores.length ? scores.join(', ') : 'no scans yet'));
    var y = function (score) {
      return (29 - score * 0.28).toFixed(1);
    };
    if (scores.length > 1) {
      var line = document.createElementNS(ns, 'polyline');
      line.setAttribute(
        'points',
        scores
          .map(function (score, index) {
            return ((index * 100) / (scores.length - 1)).toFixed(1) + ',' + y(score);
          })
          .join(' '),
      );
      svg.appendChild(line);
    }
    if (scores.length > 0) {
      // The latest score as a dot (the only mark while a site has one scan).
      var dot = document.createElementNS(ns, 'circle');
      dot.setAttribute('cx', scores.length > 1 ? '100' : '50');
      dot.setAttribute('cy', y(scores[scores.length - 1]));
      dot.setAttribute('r', '3');
      svg.appendChild(dot);
    }
    return svg;
  }

  function table(headings, rows) {
    var wrapper = el('div', 'scroll');
    wrapper.tabIndex = 0;
    var t = el('table');
    var head = el('tr');
    headings.forEach(function (heading) {
      var th = el('th', '', heading);
      th.scope = 'col';
      head.appendChild(th);
    });
    append(t, [append(el('thead'), [head])]);
    var body = el('tbody');
    rows.forEach(function (cells) {
      var tr = el('tr');
      cells.forEach(function (cell) {
        var td = el('td');
        if (cell && cell.nodeType) td.appendChild(cell);
        else td.textContent = cell === null || cell === undefined ? '-' : String(cell);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    t.appendChild(body);
    wrapper.appendChild(t);
    return wrapper;
  }

  function link(href, text) {
    var a = el('a', '', text);
    a.href = href;
    return a;
  }

  function callApi(method, path, key, body) {
    var init = { method: method, headers: { accept: 'application/json', authorization: 'Bearer ' + key } };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (json) {
          return { status: response.status, body: json };
        });
    });
  }

  function billingButton(label, method, path, key, body, status, secondary) {
    var button = el('button', secondary ? 'secondary' : '', label);
    button.type = 'button';
    button.addEventListener('click', function () {
      button.disabled = true;
      status.textContent = 'Opening billing…';
      callApi(method, path, key, body).then(function (answer) {
        var target = answer.body && (answer.body.checkoutUrl || answer.body.portalUrl);
        if (answer.status === 200 && target) return location.assign(target);
        if (answer.status === 200) return location.reload();
        button.disabled = false;
        status.textContent = (answer.body && answer.body.error) || 'Billing failed (HTTP ' + answer.status + ').';
      });
    });
    return button;
  }

  function showAccount(overview, key) {
    var account = overview.account;
    var box = document.getElementById('account');
    var status = document.getElementById('dashboard-status');
    var facts = el('dl', 'facts');
    [
      ['E-mail', account.email],
      ['Plan', account.tier + (account.subscription.isCanceling ? ' (ends ' + day(account.subscription.currentPeriodEnd) + ')' : '')],
      ['Scans today', limitText(account.usage.dailyScans, account.usage.dailyScanLimit)],
      ['API calls this month', limitText(account.usage.monthlyApiCalls, account.usage.monthlyApiCallLimit)],
      ['Watched sites', limitText(account.counts.watchedSites, account.counts.watchedSitesLimit)],
      ['Webhooks', limitText(account.counts.webhooks, account.counts.webhooksLimit)],
      ['API keys', limitText(account.counts.apiKeys, account.counts.apiKeysLimit)],
    ].forEach(function (pair) {
      append(facts, [el('dt', '', pair[0]), el('dd', '', pair[1])]);
    });
    var actions = el('p', 'field-row');
    if (account.tier === 'free')
      actions.appendChild(billingButton('Upgrade to pro', 'POST', '/api/v1/account/subscribe', key, { tier: 'pro' }, status));
    if (account.tier !== 'growth')
      actions.appendChild(
        billingButton('Upgrade to growth', 'POST', '/api/v1/account/subscribe', key, { tier: 'growth' }, status, account.tier === 'free'),
      );
    if (account.subscription.isPaid)
      actions.appendChild(billingButton('Manage billing', 'POST', '/api/v1/account/manage', key, undefined, status, true));
    append(box, [facts, actions]);
  }

  function showScans(scans) {
    var box = document.getElementById('scans');
    if (!scans) return box.appendChild(el('p', 'muted', 'This key may not read scans.'));
    if (!scans.recent.length) return box.appendChild(el('p', '', 'No scans yet. Run one with the command below.'));
    box.appendChild(
      table(
        ['Scanned', 'Shop', 'Score'],
        scans.recent.map(function (scan) {
          return [
            link('/app/scans/' + encodeURIComponent(scan.id), day(scan.createdAt)),
            scan.url,
            scan.score + ' · ' + (bandNames[scan.band] || scan.band),
          ];
        }),
      ),
    );
    box.appendChild(el('p', 'small muted', scans.total + ' scans in all.'));
  }

  function showSites(sites) {
    var box = document.getElementById('sites');
    if (!sites) return box.appendChild(el('p', 'muted', 'This key may not read watched sites.'));
    box.appendChild(el('p', 'small muted', limitText(sites.used, sites.limit) + ' watched sites; each is rescanned weekly.'));
    if (!sites.sites.length) return;
    box.appendChild(
      table(
        ['Site', 'Score', 'History', 'Last change', 'Last scan'],
        sites.sites.map(function (site) {
          var change = site.scoreChange === null ? '-' : (site.scoreChange > 0 ? '+' : '') + site.scoreChange;
          return [
            site.label || site.url,
            site.lastScore,
            site.history ? sparkline(site.history) : '-',
            change,
            site.lastScanStatus === 'failed' ? 'failed: ' + (site.lastError || 'unknown') : day(site.lastScannedAt),
          ];
        }),
      ),
    );
  }

  function showWebhooks(webhooks) {
    var box = document.getElementById('webhooks');
    if (!webhooks) return box.appendChild(el('p', 'muted', 'This key may not read webhooks.'));
    if (webhooks.limit === 0) return box.appendChild(el('p', '', 'Webhooks come with the pro and growth plans.'));
    if (!webhooks.webhooks.length) return box.appendChild(el('p', '', 'No webhooks yet (' + limitText(0, webhooks.limit) + ').'));
    box.appendChild(
      table(
        ['Endpoint', 'Events', 'Last delivery', 'State'],
        webhooks.webhooks.map(function (hook) {
          var last = hook.lastTriggeredAt
            ? day(hook.lastTriggeredAt) + ' · HTTP ' + (hook.lastStatusCode === null ? 'none' : hook.lastStatusCode)
            : 'none yet';
          return [
            hook.label || hook.url,
            hook.events.join(', '),
            last,
            hook.isActive ? (hook.failureCount ? hook.failureCount + ' failures in a row' : 'active') : 'disabled',
          ];
        }),
      ),
    );
  }

  // A dashboard session cannot call the API, so its examples name a key to put in instead of it.
  function showCurl(origin, credential) {
    var box = document.getElementById('curl');
    var session = isSession(credential);
    var shown = session ? '<API_KEY>' : maskKey(credential);
    var copied = session ? '<API_KEY>' : credential;
    if (session)
      box.appendChild(el('p', 'small muted', 'Put one of your API keys in place of <API_KEY>: a dashboard session cannot call the API.'));
    [
      [
        'Scan a shop',
        'curl -X POST ' +
          origin +
          '/api/v1/scan -H "Authorization: Bearer KEY" -H "content-type: application/json" -d \'{"url": "https://shop.example.com"}\'',
      ],
      ['Your recent scans', 'curl ' + origin + '/api/v1/scans -H "Authorization: Bearer KEY"'],
      [
        'Watch a site',
        'curl -X POST ' +
          origin +
          '/api/v1/account/watched-sites -H "Authorization: Bearer KEY" -H "content-type: application/json" -d \'{"url": "https://shop.example.com"}\'',
      ],
    ].forEach(function (example) {
      var snippet = el('div', 'snippet');
      var pre = el('pre');
      pre.appendChild(el('code', '', example[1].replace('KEY', shown)));
      var copy = el('button', 'secondary', 'Copy');
      copy.type = 'button';
      copy.setAttribute('aria-label', (session ? 'Copy the command: ' : 'Copy the command with your key: ') + example[0]);
      copy.addEventListener('click', function () {
        navigator.clipboard.writeText(example[1].replace('KEY', copied)).then(
          function () {
            copy.textContent = 'Copied';
          },
          function () {
            copy.textContent = 'Copy failed';
          },
        );
      });
      append(box, [el('h3', '', example[0]), append(snippet, [pre, copy])]);
    });
  }

  function copyButton(label, text) {
    var copy = el('button', 'secondary', label);
    copy.type = 'button';
    copy.addEventListener('click', function () {
      navigator.clipboard.writeText(text).then(
        function () {
          copy.textContent = 'Copied';
        },
        function () {
          copy.textContent = 'Copy failed: select the key and copy it';
        },
      );
    });
    return copy;
  }

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

  // A change to a key asks once more in place: a question and two buttons instead of the row's actions.
  function ask(container, question, confirmLabel, action) {
    var saved = Array.prototype.slice.call(container.childNodes);
    clear(container);
    var yes = el('button', '', confirmLabel);
    yes.type = 'button';
    var no = el('button', 'secondary', 'Cancel');
    no.type = 'button';
    no.addEventListener('click', function () {
      clear(container);
      saved.forEach(function (node) {
        container.appendChild(node);
      });
    });
    yes.addEventListener('click', function () {
      yes.disabled = true;
      no.disabled = true;
      action();
    });
    append(container, [el('span', 'small', question), yes, no]);
    yes.focus();
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

  // The report's HTML comes from the service's own renderer, every value escaped; this policy is the
  // only way this page's CSP lets markup in.
  function ownedReport() {
    var root = document.getElementById('owned-report');
    if (!root) return;
    var status = document.getElementById('owned-report-status');
    var key = sessionStorage.getItem(storageKey);
    if (!key) {
      status.textContent = 'This tab is not signed in. ';
      status.appendChild(link('/app', 'Open the dashboard'));
      return;
    }
    fetch('/api/v1/scan/' + encodeURIComponent(root.getAttribute('data-scan-id')) + '/report', {
      headers: { accept: 'text/html', authorization: 'Bearer ' + key },
    })
      .then(function (response) {
        return response.text().then(function (text) {
          if (response.status !== 200) {
            var error = null;
            try {
              error = JSON.parse(text).error;
            } catch (ignored) {
              error = null;
            }
            status.textContent =
              response.status === 404
                ? 'No scan of yours has this id.'
                : error || 'The report could not load (HTTP ' + response.status + ').';
            return;
          }
          var policy = window.trustedTypes
            ? window.trustedTypes.createPolicy('scan-report', {
                createHTML: function (markup) {
                  return markup;
                },
              })
            : null;
          root.innerHTML = policy ? policy.createHTML(text) : text;
          var heading = root.querySelector('h1');
          if (heading) document.title = heading.textContent + ' - Agent Readiness Scanner';
          addCopyButtons(root);
        });
      })
      .catch(function () {
        status.textContent = 'Could not reach the service. Reload to try again.';
      });
  }

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
            status.textContent = (answer.body && answer.body.error) || 'The dashboard could not load (HTTP ' + answer.status + ').';
            return;
          }
          sessionStorage.setItem(storageKey, key);
          keyBox.hidden = true;
          root.hidden = false;
          status.textContent = '';
          ['account', 'scans', 'sites', 'webhooks', 'keys', 'curl'].forEach(function (id) {
            clear(document.getElementById(id));
          });
          document.getElementById('sign-out').textContent = isSession(key) ? 'Sign out' : 'Forget the key in this tab';
          showAccount(answer.body, key);
          showScans(answer.body.scans);
          showSites(answer.body.sites);
          showWebhooks(answer.body.webhooks);
          if (keys.status === 200)
            showKeys(keys.body, key, function () {
              load(sessionStorage.getItem(storageKey) || key);
            });
          else
            document
              .getElementById('keys')
              .appendChild(el('p', 'muted', (keys.body && keys.body.error) || 'This key may not read the API keys.'));
          showCurl(root.getAttribute('data-origin'), key);
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
            function () {
              button.textContent = 'Copied';
            },
            function () {
              button.textContent = 'Select and copy';
            },
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
        if (name === stage) {
          stages[i].setAttribute('data-state', 'current');
          reached = true;
        } else stages[i].setAttribute('data-state', reached ? 'done' : 'waiting');
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
        var reason = error
          .replace(/^url: /, '')
          .replace(/^must /, 'it must ')
          .replace(/[.]$/, '');
        return 'That address cannot be scanned: ' + (reason || 'it is not a valid public web address') + '.';
      }
      if (status === 429) {
        var seconds = Number(retryAfter) || (body && body.retryAfterSeconds) || 0;
        return (
          "You have used today's free scans from this network. The next free scan is available in " +
          duration(seconds) +
          '. Sign in for more scans.'
        );
      }
      if (status === 502)
        return 'We could not reach that site: ' + (error || 'it did not answer') + '. Check the address, or try again later.';
      if (status === 504) return 'The site took too long to answer, so the scan stopped before it could finish. Try again later.';
      return 'The scan failed (HTTP ' + status + '). Try again in a moment.';
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var url = input.value.trim();
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      if (!url) return fail('Enter the address of a shop, for example https://shop.example.com.');
      if (!/^https?:\/\//i.test(url)) url = 'https://' + url;
      var token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
      button.disabled = true;
      form.setAttribute('aria-busy', 'true');
      progress.hidden = false;
      showStage('homepage');
      var started = Date.now();
      elapsed.textContent = '0 s';
      clock = setInterval(function () {
        elapsed.textContent = Math.round((Date.now() - started) / 1000) + ' s';
      }, 1000);
      if (token) {
        poll = setInterval(function () {
          fetch('/api/scan-progress/' + token, { headers: { accept: 'application/json' } })
            .then(function (response) {
              if (response.status !== 200) return;
              return response.json().then(function (body) {
                if (poll && body && body.stage) showStage(body.stage);
              });
            })
            .catch(function () {});
        }, 600);
      }
      var headers = { 'content-type': 'application/json', accept: 'application/json' };
      if (token) headers['x-scan-progress'] = token;
      fetch('/api/scan', { method: 'POST', headers: headers, body: JSON.stringify({ url: url }) })
        .then(function (response) {
          return response
            .json()
            .catch(function () {
              return null;
            })
            .then(function (body) {
              if (response.status === 200 && body && body.id) {
                showStage('done');
                stop();
                location.assign('/r/' + encodeURIComponent(body.id));
                return;
              }
              fail(explain(response.status, body, response.headers.get('retry-after')));
            });
        })
        .catch(function () {
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
        body: JSON.stringify({ email: email }),
      })
        .then(function (response) {
          if (response.status === 202) {
            document.getElementById('sign-in-address').textContent = email;
            form.hidden = true;
            sent.hidden = false;
            sent.focus();
            return;
          }
          return response
            .json()
            .catch(function () {
              return null;
            })
            .then(function (body) {
              var error = body && typeof body.error === 'string' ? body.error.replace(/^email: /, '') : '';
              if (response.status === 400)
                return fail('That is not an e-mail address we can send to: ' + (error || 'check it and try again') + '.');
              if (response.status === 429)
                return fail(
                  'Too many sign-in requests from this network. Try again in ' +
                    duration(Number(response.headers.get('retry-after')) || 60) +
                    '.',
                );
              fail('Sending the link failed (HTTP ' + response.status + '). Try again in a moment.');
            });
        })
        .catch(function () {
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
