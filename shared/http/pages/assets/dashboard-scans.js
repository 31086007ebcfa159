/*
 * The dashboard's recent scans.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var day = ar.day;
  var table = ar.table;
  var link = ar.link;
  var bandNames = ar.bandNames;

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

  ar.dashboardSections.push({
    id: 'scans',
    render: function (context) {
      showScans(context.overview.scans);
    },
  });
})();
