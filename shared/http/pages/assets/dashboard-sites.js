/*
 * The dashboard's watched sites.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var day = ar.day;
  var table = ar.table;
  var limitText = ar.limitText;
  var sparkline = ar.sparkline;

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

  ar.dashboardSections.push({
    id: 'sites',
    render: function (context) {
      showSites(context.overview.sites);
    },
  });
})();
