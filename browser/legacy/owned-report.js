/*
 * The owned report (/app/scans/{id}): the report's HTML read with the tab's credential.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var storageKey = ar.storageKey;
  var link = ar.link;
  var addCopyButtons = ar.addCopyButtons;

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
          ar.addRecheckButtons(root, root.getAttribute('data-scan-id'), key);
        });
      })
      .catch(function () {
        status.textContent = 'Could not reach the service. Reload to try again.';
      });
  }

  ownedReport();
})();
