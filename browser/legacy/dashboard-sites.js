/*
 * The dashboard's watched sites: the "Watch a site" form (POST /api/v1/account/watched-sites, validated as
 * the API validates, its errors shown in place) and a row per site: label and URL linking to the site's
 * page (/app/sites/{id}), score, history, thresholds, alerts and where they go, last scan. Adding queues a
 * scan, so it needs an API key; a dashboard session may manage the rest
 * (docs/decisions/068-watched-sites-in-the-dashboard.md).
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var day = ar.day;
  var table = ar.table;
  var link = ar.link;
  var limitText = ar.limitText;
  var sparkline = ar.sparkline;
  var callApi = ar.callApi;

  // The limits of POST /api/v1/account/watched-sites (WATCHED_URL_MAX_LENGTH, LABEL_MAX_LENGTH).
  var urlMaxLength = 2048;
  var labelMaxLength = 100;
  var conditionWords = { drops_below: 'below', rises_above: 'above', changes_by: 'moves by' };

  /** The first problem the API would answer 400 for without looking the host up, or ''. */
  function urlProblem(url) {
    if (!url) return 'Enter the address of the site, for example https://shop.example.com/.';
    if (url.length > urlMaxLength) return 'That address is too long: it may have at most ' + urlMaxLength + ' characters.';
    var scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
    if (scheme && !/^https?$/i.test(scheme[1])) return 'Only http and https addresses can be watched, not ' + scheme[1] + ':.';
    if (!/^https?:\/\/[^/?#\s]/i.test(url)) return 'Enter the full address, starting with https:// (or http://).';
    return '';
  }

  function labelProblem(label) {
    return label.length > labelMaxLength ? 'The label may have at most ' + labelMaxLength + ' characters.' : '';
  }

  /** The sentence for the API's refusal of an add. */
  function addError(answer) {
    var error = (answer.body && answer.body.error) || '';
    if (answer.status === 409) return 'You already watch this site' + (error ? ' (' + error + ').' : '.');
    if (answer.status === 403) return error + ' Remove a site or upgrade to watch more.';
    if (answer.status === 429) return 'Too many changes for now: ' + ar.errorOf(answer, 'try again later.');
    return error.replace(/^url: /, 'The address ') || 'The site could not be added (HTTP ' + answer.status + ').';
  }

  function field(id, labelText, input, hint) {
    var label = el('label', '', labelText);
    label.htmlFor = id;
    input.id = id;
    var parts = [label, input];
    if (hint) parts.push(el('p', 'small muted', hint));
    return parts;
  }

  function watchForm(context) {
    var form = el('form', 'stack');
    form.noValidate = true;
    form.setAttribute('aria-labelledby', 'watch-title');
    var url = el('input');
    url.type = 'url';
    url.name = 'url';
    url.required = true;
    url.maxLength = urlMaxLength;
    url.autocomplete = 'url';
    url.placeholder = 'https://shop.example.com/';
    var label = el('input');
    label.type = 'text';
    label.name = 'label';
    label.maxLength = labelMaxLength;
    var alerts = el('input');
    alerts.type = 'checkbox';
    alerts.id = 'watch-alerts';
    alerts.checked = true;
    var alertsLabel = append(el('label', 'choice'), [alerts, document.createTextNode('Send alerts when its score changes')]);
    alertsLabel.htmlFor = 'watch-alerts';
    var error = el('p', 'notice error');
    error.id = 'watch-error';
    error.setAttribute('role', 'alert');
    url.setAttribute('aria-describedby', 'watch-error');
    label.setAttribute('aria-describedby', 'watch-error');
    var submit = el('button', '', 'Watch this site');
    submit.type = 'submit';
    var heading = el('h3', '', 'Watch a site');
    heading.id = 'watch-title';
    form.appendChild(heading);
    append(form, field('watch-url', 'Address of the site', url));
    append(
      form,
      field(
        'watch-label',
        'Label of the site (optional)',
        label,
        'Shown instead of the host name; at most ' + labelMaxLength + ' characters.',
      ),
    );
    append(form, [alertsLabel, error, submit]);

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = { url: url.value.trim(), alertEnabled: alerts.checked };
      var name = label.value.trim();
      var problem = urlProblem(body.url) || labelProblem(name);
      url.setAttribute('aria-invalid', urlProblem(body.url) ? 'true' : 'false');
      if (problem) {
        error.textContent = problem;
        (urlProblem(body.url) ? url : label).focus();
        return;
      }
      if (name) body.label = name;
      error.textContent = '';
      submit.disabled = true;
      callApi('POST', '/api/v1/account/watched-sites', context.credential, body)
        .then(function (answer) {
          submit.disabled = false;
          if (answer.status === 201) return context.reload();
          error.textContent = addError(answer);
          url.setAttribute('aria-invalid', answer.status === 400 || answer.status === 409 ? 'true' : 'false');
          url.focus();
        })
        .catch(function () {
          submit.disabled = false;
          error.textContent = 'Could not reach the service. Try again.';
        });
    });
    return form;
  }

  function thresholdText(site, tier) {
    if (tier !== 'growth') return 'with growth';
    if (!site.thresholds.length) return 'none';
    return site.thresholds
      .map(function (threshold) {
        return conditionWords[threshold.condition] + ' ' + threshold.value + (threshold.isActive ? '' : ' (no alert)');
      })
      .join(', ');
  }

  function webhookName(hook) {
    return hook.label || hook.url || 'webhook ' + hook.id.slice(0, 8);
  }

  /** Where a site's alerts go, in words (the API's `alertsGoTo`); shared with the site's page. */
  function alertsText(goTo) {
    if (goTo.channel === 'none') return 'Off: ' + goTo.reason;
    var hooks = goTo.webhooks.map(webhookName).join(', ');
    if (goTo.channel === 'email') return 'E-mail to ' + goTo.address;
    if (goTo.channel === 'webhook') return 'Webhook: ' + hooks + ' (no e-mail)';
    var parts = goTo.events.map(function (route) {
      return (
        (route.event === 'score_change' ? 'score changes' : 'threshold alerts') + (route.channel === 'email' ? ' by e-mail' : ' by webhook')
      );
    });
    return parts.join(', ') + ' (e-mail to ' + goTo.address + '; webhook: ' + hooks + ')';
  }
  ar.alertsText = alertsText;

  function siteCell(site) {
    var cell = el('div');
    append(cell, [link('/app/sites/' + encodeURIComponent(site.id), site.label), el('div', 'small muted site-url', site.url)]);
    return cell;
  }

  function lastScan(site) {
    if (site.lastScanStatus === 'failed') return 'failed: ' + (site.lastError || 'unknown');
    if (!site.lastScannedAt) return site.rescanPaused ? 'paused' : 'first scan queued';
    return day(site.lastScannedAt) + (site.rescanPaused ? ' (paused)' : '');
  }

  function showSites(context) {
    var box = document.getElementById('sites');
    var sites = context.overview.sites;
    if (!sites) return box.appendChild(el('p', 'muted', 'This key may not read watched sites.'));
    var tier = context.overview.account.tier;
    box.appendChild(el('p', 'small muted', limitText(sites.used, sites.limit) + ' watched sites; each is rescanned weekly.'));
    if (sites.sites.length) {
      box.appendChild(
        table(
          ['Site', 'Score', 'History', 'Thresholds', 'Alerts go to', 'Last scan'],
          sites.sites.map(function (site) {
            var change =
              site.scoreChange === null || site.scoreChange === 0 ? '' : ' (' + (site.scoreChange > 0 ? '+' : '') + site.scoreChange + ')';
            return [
              siteCell(site),
              site.lastScore === null ? '-' : site.lastScore + change,
              site.history ? sparkline(site.history) : '-',
              thresholdText(site, tier),
              alertsText(site.alertsGoTo),
              lastScan(site),
            ];
          }),
        ),
      );
    }
    if (!ar.isSession(context.credential)) return box.appendChild(watchForm(context));
    var heading = el('h3', '', 'Watch a site');
    box.appendChild(heading);
    if (ar.keyNeeded) ar.keyNeeded(box, 'Adding a site starts a scan: additions');
    else box.appendChild(el('p', 'notice', 'Adding a site starts a scan, so it needs an API key.'));
  }

  ar.dashboardSections.push({ id: 'sites', render: showSites });
})();
