/*
 * The owned report's "Re-check" buttons: one beside each fix, asking POST /api/v1/scan/{id}/recheck for
 * the checks that fix covers (its data-checks: one change may fix several) and saying in place what the
 * site shows now. Defined before owned-report.js, which adds them once the report is in the page.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;

  var statusWords = {
    pass: 'passes now',
    warn: 'still warns',
    fail: 'still fails',
    not_applicable: 'no longer applies',
    not_assessed: 'could not be assessed this time',
  };

  function outcomeText(check) {
    if (check.fixed) return 'Fixed: this check passes now. ' + check.after.summary;
    return 'Re-checked: this check ' + (statusWords[check.after.status] || check.after.status) + '. ' + check.after.summary;
  }

  /** Several checks: how many are fixed, then each one's state in a few words. */
  function outcomesText(checks) {
    if (checks.length === 1) return outcomeText(checks[0]);
    var fixed = checks.filter(function (check) {
      return check.fixed;
    }).length;
    var states = checks.map(function (check) {
      return check.checkId + ' ' + (statusWords[check.after.status] || check.after.status);
    });
    return 'Re-checked ' + checks.length + ' checks, ' + fixed + ' fixed: ' + states.join('; ') + '.';
  }

  function recheck(scanId, checkIds, credential, button, line) {
    // Re-checking is metered as a scan (decision 009 keeps a dashboard session off metered routes).
    if (ar.isSession(credential)) {
      line.textContent =
        'A re-check counts as a scan, so it needs an API key: the dashboard session you signed in with by e-mail cannot run it.';
      return;
    }
    button.disabled = true;
    line.textContent = 'Re-checking…';
    ar.callApi('POST', '/api/v1/scan/' + encodeURIComponent(scanId) + '/recheck', credential, { checks: checkIds })
      .then(function (answer) {
        if (answer.status !== 200) {
          line.textContent = ar.apiError(answer, 'The re-check');
          return;
        }
        var checks = answer.body.checks;
        line.textContent = checks.length > 0 ? outcomesText(checks) : 'Nothing to re-check.';
      })
      .catch(function () {
        line.textContent = 'Could not reach the service. Try again.';
      })
      .then(function () {
        button.disabled = false;
      });
  }

  /** Adds a button and its status line under the heading of every fix in `root`. */
  function addRecheckButtons(root, scanId, credential) {
    var entries = root.querySelectorAll('ol.fixes > li[id^="fix-"]');
    Array.prototype.forEach.call(entries, function (entry) {
      var checkId = entry.id.slice('fix-'.length);
      var checkIds = (entry.getAttribute('data-checks') || checkId).split(' ');
      var title = entry.querySelector('h3');
      var button = el('button', 'secondary recheck', 'Re-check');
      button.type = 'button';
      button.setAttribute('aria-label', 'Re-check: ' + (title ? title.textContent : checkId));
      var line = el('p', 'small recheck-status');
      line.id = entry.id + '-recheck';
      line.setAttribute('role', 'status');
      button.setAttribute('aria-describedby', line.id);
      button.addEventListener('click', function () {
        recheck(scanId, checkIds, credential, button, line);
      });
      var head = entry.querySelector('.fix-head');
      var box = append(el('div', 'recheck-box no-print'), [button, line]);
      entry.insertBefore(box, head ? head.nextSibling : entry.firstChild);
    });
  }

  ar.addRecheckButtons = addRecheckButtons;
})();
