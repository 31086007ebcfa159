/*
 * The dashboard's competitors (growth): each own watched site beside each site marked as a competitor
 * (GET /api/v1/watched-sites/compare): overall and per dimension who is ahead, by how much and since when,
 * with the checks that differ in a closed <details>. Below growth, one line pointing at the plans
 * (docs/decisions/090-competitor-comparison.md). A pair read at two depths shows no figures, only why and a
 * rescan (docs/decisions/108-comparisons-at-one-depth.md).
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var clear = ar.clear;
  var table = ar.table;
  var link = ar.link;
  var day = ar.day;
  var callApi = ar.callApi;

  var statusWords = { pass: 'passes', warn: 'warns', fail: 'fails', not_applicable: 'not applicable', not_assessed: 'not assessed' };
  // A new render of the section (a reload of the dashboard) ignores the answer of an older one.
  var rendering = 0;

  function growthLine(box) {
    append(box, [
      append(el('p'), [
        document.createTextNode('Comparing your sites with competitors’ comes with the growth plan. '),
        link('/pricing', 'Compare the plans'),
      ]),
    ]);
  }

  function points(by) {
    return by + (by === 1 ? ' point' : ' points');
  }

  /** Who is ahead, in words: never by colour alone. */
  function standingText(lead, competitorName) {
    if (lead.ahead === null) return 'Not comparable yet: one of the two has no score';
    if (lead.ahead === 'tied') return 'Level';
    return (lead.ahead === 'site' ? 'You are ahead by ' : competitorName + ' is ahead by ') + points(lead.by);
  }

  function sinceText(lead) {
    if (lead.ahead === null) return '-';
    if (!lead.since) return 'not known from the score history';
    return (lead.sinceStart ? 'at every scan since ' : 'since the scan of ') + day(lead.since);
  }

  function figure(value) {
    return value === null || value === undefined ? '-' : String(value);
  }

  function checksDetails(pair, checkInfo, competitorName, perPair) {
    var details = el('details');
    var shown = pair.checks.rows.length;
    var summary = pair.checks.differing + (pair.checks.differing === 1 ? ' check differs' : ' checks differ');
    if (shown < pair.checks.differing) summary += ' (the ' + shown + ' biggest gaps shown)';
    details.appendChild(el('summary', '', summary));
    if (!shown) {
      details.appendChild(
        el(
          'p',
          'small muted',
          perPair === 0 ? 'With this many pairs only the count is kept; compare fewer sites to list the checks.' : 'No check rows.',
        ),
      );
      return details;
    }
    details.appendChild(
      table(
        ['Check', 'Yours', competitorName, 'Who is ahead'],
        pair.checks.rows.map(function (row) {
          var info = checkInfo[row.checkId];
          return [
            info ? info.title : row.checkId,
            row.site ? statusWords[row.site] : 'not in the scan',
            row.competitor ? statusWords[row.competitor] : 'not in the scan',
            row.ahead === null ? 'not comparable' : standingText(row, competitorName),
          ];
        }),
      ),
    );
    details.appendChild(el('p', 'small muted', 'As of the two last scans: checks have no history.'));
    return details;
  }

  var depthWords = { free: 'free depth (the homepage only)', pro: 'pro depth', growth: 'growth depth' };

  /** A rescan of one site at the account's tier (metered: it needs a key), then a word on when to look again. */
  function rescanButton(site, credential) {
    var box = el('p');
    var button = el('button', 'secondary', 'Rescan ' + site.label + ' now');
    button.type = 'button';
    var said = el('span', 'small');
    said.setAttribute('role', 'status');
    button.addEventListener('click', function () {
      button.disabled = true;
      said.textContent = ' Queueing…';
      callApi('POST', '/api/v1/watched-sites/' + encodeURIComponent(site.id) + '/rescan', credential).then(
        function (answer) {
          if (answer.status === 202) {
            said.textContent = ' Queued at ' + answer.body.tier + ' depth: reload the dashboard in a minute to compare.';
            return;
          }
          button.disabled = false;
          said.textContent = ' ' + ar.errorOf(answer, 'The rescan could not be queued (HTTP ' + answer.status + ').');
        },
        function () {
          button.disabled = false;
          said.textContent = ' Could not reach the service. Try again.';
        },
      );
    });
    return append(box, [button, said]);
  }

  /** Two scans of different depths: no figures side by side, the reason, and the rescan that makes them comparable. */
  function notComparable(block, pair, own, rival, credential) {
    block.appendChild(
      el(
        'p',
        'notice',
        'Not comparable yet: ' +
          own.label +
          ' was last scanned at ' +
          (depthWords[pair.depth.site] || 'an unknown depth') +
          ', ' +
          rival.label +
          ' at ' +
          (depthWords[pair.depth.competitor] || 'an unknown depth') +
          '. A deeper scan reads more of a shop, so their scores would differ with nothing changed on either.',
      ),
    );
    var toRescan = [own, rival].filter(function (site) {
      return pair.depth.rescan.indexOf(site.id) !== -1;
    });
    if (ar.isSession(credential)) {
      block.appendChild(
        el(
          'p',
          'small',
          'Rescan ' +
            toRescan
              .map(function (site) {
                return site.label;
              })
              .join(' and ') +
            ' to compare: a rescan counts against your plan, so it needs an API key.',
        ),
      );
      return block;
    }
    toRescan.forEach(function (site) {
      block.appendChild(rescanButton(site, credential));
    });
    return block;
  }

  function pairBlock(pair, report, sitesById, checkInfo, credential) {
    var own = sitesById[pair.siteId];
    var rival = sitesById[pair.competitorId];
    var block = el('div', 'competitor-pair');
    block.appendChild(el('h3', '', own.label + ' and ' + rival.label));
    if (!pair.depth.comparable) return notComparable(block, pair, own, rival, credential);
    if (rival.scanStatus === 'failed')
      block.appendChild(el('p', 'small muted', 'The last rescan of ' + rival.label + ' failed: its figures are from the scan before.'));
    var rows = [['Overall', figure(own.score), figure(rival.score), standingText(pair.overall, rival.label), sinceText(pair.overall)]];
    report.dimensions.forEach(function (dimension) {
      var lead = pair.dimensions[dimension.id];
      if (!lead) return;
      rows.push([
        dimension.name,
        figure(own.dimensions[dimension.id]),
        figure(rival.dimensions[dimension.id]),
        standingText(lead, rival.label),
        sinceText(lead),
      ]);
    });
    block.appendChild(table(['Score', 'Yours', rival.label, 'Who is ahead', 'Since'], rows));
    block.appendChild(checksDetails(pair, checkInfo, rival.label, report.checkRowsPerPair));
    return block;
  }

  function showReport(box, report, credential) {
    var own = report.sites.filter(function (site) {
      return !site.isCompetitor;
    });
    if (report.sites.length === own.length)
      return box.appendChild(
        el('p', 'muted', 'Mark a watched site as a competitor’s (on its page, under Watched sites) to compare your sites with it.'),
      );
    if (!own.length) return box.appendChild(el('p', 'muted', 'Watch one of your own sites to compare it with your competitors.'));
    var sitesById = {};
    report.sites.forEach(function (site) {
      sitesById[site.id] = site;
    });
    var checkInfo = {};
    report.checks.forEach(function (check) {
      checkInfo[check.id] = check;
    });
    box.appendChild(
      el(
        'p',
        'small muted',
        'Scores from each site’s last completed scan; “since” dates the current standing from the weekly score history.',
      ),
    );
    report.comparisons.forEach(function (pair) {
      box.appendChild(pairBlock(pair, report, sitesById, checkInfo, credential));
    });
  }

  ar.dashboardSections.push({
    id: 'competitors',
    render: function (context) {
      var box = document.getElementById('competitors');
      var mine = ++rendering;
      if (context.overview.account.tier !== 'growth') return growthLine(box);
      if (!context.overview.sites) return box.appendChild(el('p', 'muted', 'This key may not read watched sites.'));
      var status = el('p', 'muted', 'Loading the comparison…');
      status.setAttribute('role', 'status');
      box.appendChild(status);
      callApi('GET', '/api/v1/watched-sites/compare', context.credential).then(
        function (answer) {
          if (mine !== rendering) return;
          clear(box);
          if (answer.status === 403) return growthLine(box);
          if (answer.status !== 200)
            return box.appendChild(
              el('p', 'notice error', ar.errorOf(answer, 'The comparison could not load (HTTP ' + answer.status + ').')),
            );
          showReport(box, answer.body, context.credential);
        },
        function () {
          if (mine === rendering) status.textContent = 'Could not reach the service. Reload to try again.';
        },
      );
    },
  });
})();
