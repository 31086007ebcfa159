/*
 * The dashboard's recent scans: each shop linked to its report, with its score, band and day.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var day = ar.day;
  var table = ar.table;
  var link = ar.link;
  var bandNames = ar.bandNames;

  function showScans(scans, credential) {
    var box = document.getElementById('scans');
    if (!scans) return box.appendChild(el('p', 'muted', 'This key may not read scans.'));
    if (!scans.recent.length)
      return box.appendChild(el('p', '', ar.isSession(credential) ? 'No scans yet.' : 'No scans yet. Run one with the form above.'));
    box.appendChild(
      table(
        ['Shop', 'Score', 'Scanned'],
        scans.recent.map(function (scan) {
          return [
            link('/app/scans/' + encodeURIComponent(scan.id), scan.url),
            scan.score + ' · ' + (bandNames[scan.band] || scan.band),
            day(scan.createdAt),
          ];
        }),
      ),
    );
    box.appendChild(el('p', 'small muted', scans.total + ' scans in all.'));
  }

  ar.dashboardSections.push({
    id: 'scans',
    render: function (context) {
      showScans(context.overview.scans, context.credential);
    },
  });
})();
