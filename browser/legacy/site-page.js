/*
 * A watched site's page (/app/sites/{id}): its score history as a chart and a table, the last report,
 * where its alerts go, the alert and competitor switches, the public badge, thresholds (growth), and unwatching. All
 * through /api/v1/account/watched-sites/{id} with the tab's credential; every form validates as the API
 * does and shows the API's answer in place.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var clear = ar.clear;
  var append = ar.append;
  var table = ar.table;
  var link = ar.link;
  var day = ar.day;
  var callApi = ar.callApi;
  var ask = ar.ask;
  var statusLine = ar.statusLine;
  var errorLine = ar.errorLine;

  var svgNs = 'http://www.w3.org/2000/svg';

  function svg(tag, attributes) {
    var node = document.createElementNS(svgNs, tag);
    Object.keys(attributes).forEach(function (name) {
      node.setAttribute(name, String(attributes[name]));
    });
    return node;
  }

  function apiError(answer, what) {
    if (answer.status === 429) return 'Too many changes for now: ' + ar.errorOf(answer, 'try again later.');
    return ar.apiError(answer, what);
  }

  function section(id, title) {
    var box = el('section', 'site-part');
    box.id = id;
    var heading = el('h2', '', title);
    heading.id = id + '-title';
    box.setAttribute('aria-labelledby', heading.id);
    box.appendChild(heading);
    return box;
  }

  /** The score history (oldest first) as a line on a 0-100 scale, described in words for screen readers. */
  function historyChart(points) {
    var width = 600;
    var height = 200;
    var left = 36;
    var bottom = 24;
    var plotWidth = width - left - 12;
    var plotHeight = height - bottom - 10;
    var x = function (index) {
      return left + (points.length > 1 ? (index * plotWidth) / (points.length - 1) : plotWidth / 2);
    };
    var y = function (score) {
      return 10 + plotHeight - (score * plotHeight) / 100;
    };
    var chart = svg('svg', {
      class: 'history-chart',
      viewBox: '0 0 ' + width + ' ' + height,
      role: 'img',
      'aria-labelledby': 'history-summary',
    });
    [0, 25, 50, 75, 100].forEach(function (score) {
      chart.appendChild(svg('line', { class: 'grid', x1: left, x2: width - 12, y1: y(score), y2: y(score) }));
      var label = svg('text', { x: left - 6, y: y(score) + 4, 'text-anchor': 'end' });
      label.textContent = String(score);
      chart.appendChild(label);
    });
    if (points.length > 1) {
      chart.appendChild(
        svg('polyline', {
          points: points
            .map(function (point, index) {
              return x(index).toFixed(1) + ',' + y(point.score).toFixed(1);
            })
            .join(' '),
        }),
      );
    }
    points.forEach(function (point, index) {
      chart.appendChild(svg('circle', { cx: x(index).toFixed(1), cy: y(point.score).toFixed(1), r: 4 }));
    });
    [0, points.length - 1].forEach(function (index, n) {
      if (n === 1 && index === 0) return;
      var label = svg('text', { x: x(index), y: height - 6, 'text-anchor': points.length === 1 ? 'middle' : n === 0 ? 'start' : 'end' });
      label.textContent = day(points[index].scannedAt);
      chart.appendChild(label);
    });
    return chart;
  }

  function historySummary(points) {
    if (!points.length) return 'No scans yet: the first scan is queued and its score appears here.';
    var scores = points.map(function (point) {
      return point.score;
    });
    var first = points[0];
    var last = points[points.length - 1];
    if (points.length === 1) return 'One scan so far: score ' + last.score + ' on ' + day(last.scannedAt) + '.';
    return (
      points.length +
      ' scans from ' +
      day(first.scannedAt) +
      ' to ' +
      day(last.scannedAt) +
      ': score ' +
      first.score +
      ' then ' +
      last.score +
      ' (lowest ' +
      Math.min.apply(null, scores) +
      ', highest ' +
      Math.max.apply(null, scores) +
      ').'
    );
  }

  function historyPart(site, history) {
    var box = section('site-history', 'Score history');
    var points = history.slice().reverse();
    var summary = el('p', '', historySummary(points));
    summary.id = 'history-summary';
    box.appendChild(summary);
    if (!points.length) return box;
    box.appendChild(historyChart(points));
    var details = el('details');
    details.appendChild(el('summary', '', 'The scores as a table'));
    details.appendChild(
      table(
        ['Scanned', 'Score'],
        history.map(function (point) {
          return [point.scannedAt.slice(0, 16).replace('T', ' ') + ' UTC', point.score];
        }),
      ),
    );
    box.appendChild(details);
    return box;
  }

  function reportPart(site) {
    var box = section('site-report', 'Last report');
    if (site.lastScanStatus === 'failed')
      box.appendChild(el('p', 'notice error', 'The last rescan failed: ' + (site.lastError || 'unknown reason') + '.'));
    if (site.lastScanId) {
      append(box, [
        append(el('p'), [
          document.createTextNode('Score ' + site.lastScore + ' on ' + day(site.lastScannedAt) + '. '),
          link('/app/scans/' + encodeURIComponent(site.lastScanId), 'Open the last report'),
        ]),
      ]);
    } else {
      box.appendChild(
        el(
          'p',
          'muted',
          site.rescanPaused
            ? 'This site is paused: it is above your plan’s watched-site limit.'
            : 'No report yet: the first scan is queued.',
        ),
      );
    }
    return box;
  }

  function alertsGoToList(goTo) {
    if (goTo.channel === 'none') return el('p', '', goTo.reason);
    var list = el('ul');
    goTo.events.forEach(function (route) {
      var what = route.event === 'score_change' ? 'Score changes' : 'Threshold alerts';
      var where =
        route.channel === 'email'
          ? 'by e-mail to ' + goTo.address + ' (no webhook of yours receives ' + route.event + ')'
          : 'to the webhook' +
            (route.webhookIds.length > 1 ? 's ' : ' ') +
            goTo.webhooks
              .filter(function (hook) {
                return route.webhookIds.indexOf(hook.id) !== -1;
              })
              .map(function (hook) {
                return (hook.label ? hook.label + ' ' : '') + (hook.url ? '(' + hook.url + ')' : '');
              })
              .join(', ') +
            ', not by e-mail';
      list.appendChild(el('li', '', what + ' go ' + where + '.'));
    });
    return list;
  }

  function switchInput(id, text, checked) {
    var input = el('input');
    input.type = 'checkbox';
    input.id = id;
    input.checked = checked;
    var label = append(el('label', 'choice'), [input, document.createTextNode(text)]);
    label.htmlFor = id;
    return { input: input, label: label };
  }

  function alertsPart(context, site) {
    var box = section('site-alerts', 'Alerts');
    var where = el('div');
    where.id = 'alerts-go-to';
    var show = function (current) {
      clear(where);
      append(where, [el('h3', '', 'Where this site’s alerts go'), alertsGoToList(current.alertsGoTo)]);
    };
    show(site);
    var alerts = switchInput('site-alert-enabled', 'Send alerts for this site', site.alertEnabled);
    var competitor = switchInput('site-competitor', 'This is a competitor’s site', site.isCompetitor);
    var outcome = statusLine('site-switches-status');
    var error = errorLine('site-switches-error');
    [alerts, competitor].forEach(function (item) {
      item.input.setAttribute('aria-describedby', 'site-switches-error');
      item.input.addEventListener('change', function () {
        var body = item === alerts ? { alertEnabled: alerts.input.checked } : { isCompetitor: competitor.input.checked };
        item.input.disabled = true;
        outcome.textContent = '';
        error.textContent = '';
        callApi('PATCH', context.path, context.credential, body)
          .then(function (answer) {
            item.input.disabled = false;
            if (answer.status !== 200) {
              item.input.checked = !item.input.checked;
              error.textContent = apiError(answer, 'Saving');
              return;
            }
            show(answer.body.site);
            outcome.textContent =
              item === alerts
                ? answer.body.site.alertEnabled
                  ? 'Alerts are on.'
                  : 'Alerts are off.'
                : answer.body.site.isCompetitor
                  ? 'Marked as a competitor.'
                  : 'Not marked as a competitor.';
          })
          .catch(function () {
            item.input.disabled = false;
            item.input.checked = !item.input.checked;
            error.textContent = 'Could not reach the service. Try again.';
          });
      });
    });
    append(box, [alerts.label, competitor.label, outcome, error, where]);
    return box;
  }

  /** '' for an empty box (no threshold), an integer 1-100, or NaN: what PATCH thresholdMin/Max accepts. */
  function thresholdValue(text) {
    var value = text.trim();
    if (value === '') return null;
    return /^[0-9]{1,3}$/.test(value) ? Number(value) : NaN;
  }

  function thresholdProblem(min, max) {
    var bad = function (value) {
      return value !== null && (isNaN(value) || value < 1 || value > 100);
    };
    if (bad(min)) return 'The lower threshold must be a whole number from 1 to 100, or empty.';
    if (bad(max)) return 'The upper threshold must be a whole number from 1 to 100, or empty.';
    if (min !== null && max !== null && min >= max)
      return 'The lower threshold (' + min + ') must be less than the upper one (' + max + ').';
    return '';
  }

  function numberField(id, text, value) {
    var input = el('input');
    input.type = 'number';
    input.id = id;
    input.min = '1';
    input.max = '100';
    input.step = '1';
    input.inputMode = 'numeric';
    input.value = value === null ? '' : String(value);
    input.setAttribute('aria-describedby', 'thresholds-error');
    var label = el('label', '', text);
    label.htmlFor = id;
    return { input: input, parts: [label, input] };
  }

  function thresholdsPart(context, site, thresholds) {
    var box = section('site-thresholds', 'Thresholds');
    if (!thresholds) {
      append(box, [
        append(el('p'), [
          document.createTextNode('An alert when the score drops below or rises above a value needs the growth plan. '),
          link('/pricing', 'See the plans'),
        ]),
      ]);
      return box;
    }
    var form = el('form', 'stack');
    form.noValidate = true;
    form.setAttribute('aria-labelledby', 'site-thresholds-title');
    var min = numberField('threshold-min', 'Alert when the score drops below', thresholds.min);
    var max = numberField('threshold-max', 'Alert when the score rises above', thresholds.max);
    var notify = switchInput('threshold-notify', 'Send these threshold alerts', thresholds.notify);
    var error = errorLine('thresholds-error');
    var outcome = statusLine('thresholds-status');
    var save = el('button', '', 'Save thresholds');
    save.type = 'submit';
    append(form, [el('p', 'small muted', 'Whole numbers from 1 to 100; leave a box empty for no threshold.')]);
    append(form, min.parts.concat(max.parts, [notify.label, error, save, outcome]));
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = {
        thresholdMin: thresholdValue(min.input.value),
        thresholdMax: thresholdValue(max.input.value),
        thresholdNotify: notify.input.checked,
      };
      var problem = thresholdProblem(body.thresholdMin, body.thresholdMax);
      outcome.textContent = '';
      error.textContent = problem;
      min.input.setAttribute('aria-invalid', problem && /lower/.test(problem) ? 'true' : 'false');
      max.input.setAttribute('aria-invalid', problem && /upper/.test(problem) ? 'true' : 'false');
      if (problem) return;
      save.disabled = true;
      callApi('PATCH', context.path, context.credential, body)
        .then(function (answer) {
          save.disabled = false;
          if (answer.status !== 200) {
            error.textContent = apiError(answer, 'Saving the thresholds');
            return;
          }
          outcome.textContent = 'Thresholds saved.';
          context.onSite(answer.body.site);
        })
        .catch(function () {
          save.disabled = false;
          error.textContent = 'Could not reach the service. Try again.';
        });
    });
    box.appendChild(form);
    return box;
  }

  /** The embed code of the site's badge: its score changes with each rescan, so the alt text names none. */
  function badgeSnippets(site) {
    var badgeUrl = location.origin + '/badge/' + encodeURIComponent(site.id) + '.svg';
    var target = location.origin + '/';
    var alt = 'Agent readiness of ' + site.label;
    var box = el('div');
    box.id = 'site-badge-embed';
    var preview = el('img');
    preview.src = badgeUrl;
    preview.alt = alt;
    preview.height = 20;
    var snippet = function (text) {
      return append(el('div', 'snippet'), [append(el('pre'), [el('code', '', text)])]);
    };
    append(box, [
      append(el('p'), [preview]),
      el('p', 'small', 'Markdown'),
      snippet('[![' + alt.replace(/[[\]]/g, '') + '](' + badgeUrl + ')](' + target + ')'),
      el('p', 'small', 'HTML'),
      snippet('<a href="' + target + '"><img src="' + badgeUrl + '" alt="' + alt.replace(/[&<>"]/g, '') + '" height="20"></a>'),
    ]);
    ar.addCopyButtons(box);
    return box;
  }

  /** The public badge switch: anyone may then read the site's latest score at /badge/{id}.svg. */
  function badgePart(context, site) {
    var box = section('site-badge', 'Public badge');
    var toggle = switchInput('site-public-badge', 'Show this site’s score on a public badge', site.publicBadge);
    var outcome = statusLine('site-badge-status');
    var error = errorLine('site-badge-error');
    var embed = el('div');
    var show = function (current) {
      clear(embed);
      if (current.publicBadge) embed.appendChild(badgeSnippets(current));
    };
    toggle.input.setAttribute('aria-describedby', 'site-badge-error');
    toggle.input.addEventListener('change', function () {
      toggle.input.disabled = true;
      outcome.textContent = '';
      error.textContent = '';
      callApi('PATCH', context.path, context.credential, { publicBadge: toggle.input.checked })
        .then(function (answer) {
          toggle.input.disabled = false;
          if (answer.status !== 200) {
            toggle.input.checked = !toggle.input.checked;
            error.textContent = apiError(answer, 'Saving');
            return;
          }
          show(answer.body.site);
          outcome.textContent = answer.body.site.publicBadge
            ? 'The badge is public: anyone with its address sees the score.'
            : 'The badge is off: its address answers 404.';
        })
        .catch(function () {
          toggle.input.disabled = false;
          toggle.input.checked = !toggle.input.checked;
          error.textContent = 'Could not reach the service. Try again.';
        });
    });
    show(site);
    append(box, [
      el('p', 'small muted', 'A badge for your README or site with the latest score and band, cached for up to 5 minutes.'),
      toggle.label,
      outcome,
      error,
      embed,
    ]);
    return box;
  }

  function unwatchPart(context, site) {
    var box = section('site-unwatch', 'Stop watching');
    var row = el('p');
    var remove = el('button', 'secondary', 'Stop watching this site');
    remove.type = 'button';
    var error = errorLine('unwatch-error');
    remove.addEventListener('click', function () {
      ask(row, 'Stop watching ' + site.label + '? Its score history and thresholds are deleted.', 'Stop watching', function () {
        callApi('DELETE', context.path, context.credential).then(function (answer) {
          if (answer.status === 200) {
            clear(box);
            append(box, [
              el('h2', '', 'Stop watching'),
              append(el('p', '', 'You no longer watch this site. '), [link('/app', 'Back to the dashboard')]),
            ]);
            return;
          }
          error.textContent = apiError(answer, 'Removing the site');
        });
      });
    });
    row.appendChild(remove);
    append(box, [el('p', 'small muted', 'Its score history and thresholds are deleted; its reports stay in your scans.'), row, error]);
    return box;
  }

  function sitePage() {
    var root = document.getElementById('site-page');
    if (!root) return;
    var status = document.getElementById('site-status');
    var key = ar.credential();
    if (!key) {
      status.textContent = 'This tab is not signed in. ';
      status.appendChild(link('/app', 'Open the dashboard'));
      return;
    }
    var path = '/api/v1/account/watched-sites/' + encodeURIComponent(root.getAttribute('data-site-id'));
    Promise.all([callApi('GET', path, key), callApi('GET', '/api/v1/account', key)])
      .then(function (answers) {
        var detail = answers[0];
        var account = answers[1];
        if (detail.status === 401 || account.status === 401) {
          status.textContent = 'Your sign-in in this tab has ended. ';
          status.appendChild(link('/app', 'Open the dashboard'));
          return;
        }
        if (detail.status !== 200 || account.status !== 200) {
          status.textContent =
            detail.status === 404 || detail.status === 400
              ? 'No watched site of yours has this id.'
              : apiError(detail.status !== 200 ? detail : account, 'Loading');
          return;
        }
        var growth = account.body.tier === 'growth';
        var thresholds = growth ? callApi('GET', path + '/thresholds', key) : Promise.resolve(null);
        return thresholds.then(function (answer) {
          render(root, status, { path: path, credential: key }, detail.body, answer && answer.status === 200 ? answer.body : null);
        });
      })
      .catch(function () {
        status.textContent = 'Could not reach the service. Reload to try again.';
      });
  }

  function render(root, status, context, detail, thresholds) {
    var site = detail.site;
    document.getElementById('site-title').textContent = site.label;
    document.title = site.label + ' - Agent Readiness Scanner';
    status.textContent = '';
    var facts = el('p', 'site-facts');
    append(facts, [
      el('span', 'site-url', site.url),
      document.createTextNode(' · score ' + (site.lastScore === null ? 'not yet scanned' : site.lastScore) + ' · rescanned weekly'),
    ]);
    var alerts;
    context.onSite = function (updated) {
      var fresh = alertsPart(context, updated);
      root.replaceChild(fresh, alerts);
      alerts = fresh;
    };
    alerts = alertsPart(context, site);
    append(root, [
      facts,
      historyPart(site, detail.scoreHistory),
      reportPart(site),
      badgePart(context, site),
      alerts,
      thresholdsPart(context, site, thresholds),
      unwatchPart(context, site),
    ]);
  }

  sitePage();
})();
