/*
 * The shared helpers of the pages' scripts, first in the one site script (browser-files.ts `siteScripts`
 * lists its parts in order). Plain ES2017, progressive enhancement only, kept to DOM calls the CSP's Trusted
 * Types rule allows: text is set as text, HTML only through the owned report's `scan-report` policy.
 */
(function () {
  'use strict';

  // The credential lives in this tab's sessionStorage under `storageKey`: an API key, or a dashboard
  // session (`sess_…`, what signing in at the key limit gives); never a cookie or a URL.
  var storageKey = 'agent-readiness.apiKey';
  var sessionPrefix = 'sess_';

  function isSession(credential) {
    return credential.indexOf(sessionPrefix) === 0;
  }

  function credential() {
    return sessionStorage.getItem(storageKey);
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

  // What the last answer said is left of its route's hourly limit (RateLimit-* headers), for the account section.
  var allowance = null;

  /** How long a refusal for too many requests asks to wait, from Retry-After, as a sentence; '' without one. */
  function waitText(retryAfter) {
    var seconds = Number(retryAfter);
    if (!(seconds > 0)) return '';
    var at = new Date(Date.now() + seconds * 1000);
    var two = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    return 'Try again in ' + duration(seconds) + ' (at ' + two(at.getHours()) + ':' + two(at.getMinutes()) + ').';
  }

  /** The service's error for an answer, with the wait a 429 asks for; `fallback` when the body has none. */
  function errorOf(answer, fallback) {
    var error = answer.body && typeof answer.body.error === 'string' ? answer.body.error : fallback;
    if (answer.status !== 429) return error;
    var wait = waitText(answer.retryAfter);
    return wait ? error.replace(/[.]?$/, '. ') + wait : error;
  }

  function callApi(method, path, key, body) {
    var init = { method: method, headers: { accept: 'application/json', authorization: 'Bearer ' + key } };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      var limit = response.headers.get('ratelimit-limit');
      if (limit !== null) {
        allowance = { limit: Number(limit), remaining: Number(response.headers.get('ratelimit-remaining')) };
        document.dispatchEvent(new CustomEvent('agent-readiness:allowance', { detail: allowance }));
      }
      var retryAfter = response.headers.get('retry-after');
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (json) {
          return { status: response.status, body: json, retryAfter: retryAfter };
        });
    });
  }

  function lastAllowance() {
    return allowance;
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

  function duration(seconds) {
    if (seconds < 90) return seconds + ' seconds';
    var minutes = Math.round(seconds / 60);
    if (minutes < 90) return minutes + ' minutes';
    var hours = Math.floor(minutes / 60);
    var rest = minutes % 60;
    return hours + (hours === 1 ? ' hour' : ' hours') + (rest ? ' ' + rest + ' minutes' : '');
  }

  // A running scan's stages: the items of `list` (li[data-stage]) marked done, current or waiting from the
  // progress the service records under `token`, and the seconds since the start in `elapsed`.
  function scanStages(list, elapsed) {
    var poll = null;
    var clock = null;

    function show(stage) {
      var items = list.querySelectorAll('li[data-stage]');
      var reached = stage === 'done';
      for (var i = items.length - 1; i >= 0; i--) {
        if (items[i].getAttribute('data-stage') === stage) {
          items[i].setAttribute('data-state', 'current');
          reached = true;
        } else items[i].setAttribute('data-state', reached ? 'done' : 'waiting');
      }
    }

    function start(token) {
      show('homepage');
      var started = Date.now();
      elapsed.textContent = '0 s';
      clock = setInterval(function () {
        elapsed.textContent = Math.round((Date.now() - started) / 1000) + ' s';
      }, 1000);
      if (!token) return;
      poll = setInterval(function () {
        fetch('/api/scan-progress/' + token, { headers: { accept: 'application/json' } })
          .then(function (response) {
            if (response.status !== 200) return;
            return response.json().then(function (body) {
              if (poll && body && body.stage) show(body.stage);
            });
          })
          .catch(function () {});
      }, 600);
    }

    function stop() {
      if (poll) clearInterval(poll);
      if (clock) clearInterval(clock);
      poll = clock = null;
    }

    return { show: show, start: start, stop: stop };
  }

  // What an API answer that failed says, or what failed and its status when it says nothing.
  function apiError(answer, what) {
    return errorOf(answer, what + ' failed (HTTP ' + answer.status + ').');
  }

  // A line that announces an outcome (role=status) or a refusal (role=alert), referenced by its id.
  function statusLine(id) {
    var line = el('p', 'notice small');
    line.id = id;
    line.setAttribute('role', 'status');
    return line;
  }

  function errorLine(id) {
    var line = el('p', 'notice error');
    line.id = id;
    line.setAttribute('role', 'alert');
    return line;
  }

  window.agentReadiness = {
    storageKey: storageKey,
    isSession: isSession,
    credential: credential,
    clear: clear,
    el: el,
    append: append,
    limitText: limitText,
    maskKey: maskKey,
    bandNames: bandNames,
    day: day,
    sparkline: sparkline,
    table: table,
    link: link,
    callApi: callApi,
    lastAllowance: lastAllowance,
    errorOf: errorOf,
    copyButton: copyButton,
    ask: ask,
    addCopyButtons: addCopyButtons,
    duration: duration,
    scanStages: scanStages,
    apiError: apiError,
    statusLine: statusLine,
    errorLine: errorLine,
    // Each dashboard section registers here ({id, render(context)}); dashboard.js renders them in turn.
    dashboardSections: [],
  };
})();
