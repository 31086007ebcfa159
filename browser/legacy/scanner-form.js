/*
 * The public scanner's form: scan, stage progress, errors in plain words.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var duration = ar.duration;

  function scannerForm() {
    var form = document.getElementById('scan-form');
    if (!form) return;
    var input = document.getElementById('scan-url');
    var button = form.querySelector('button[type=submit]');
    var message = document.getElementById('scan-error');
    var progress = document.getElementById('scan-progress');
    var stages = ar.scanStages(progress, document.getElementById('scan-elapsed'));

    function stop() {
      stages.stop();
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

    // "ftp:", "mailto:", "javascript:"... but not "shop.example.com:8080" (a host and port, no scheme).
    function otherScheme(text) {
      var match = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(text);
      if (!match || /^https?$/i.test(match[1])) return null;
      if (/^\d+([/?#].*)?$/.test(match[2])) return null;
      return match[1].toLowerCase() + ':';
    }

    // The API's 502 says "Scan failed: the URL may be unreachable (detail)": the page says it once, with the detail.
    function unreachable(error, tried, bare) {
      var detail = /\(([^)]*)\)\s*$/.exec(error);
      if (detail && /^it answered /.test(detail[1]))
        return 'The scan could not read ' + tried + ': ' + detail[1] + '. Check the address, or try again later.';
      // A name that does not resolve would not answer over http either: the hint is for a refused connection.
      if (bare && !detail && /^https:\/\//.test(tried))
        return 'We tried ' + tried + ' and it did not answer; did you mean ' + tried.replace(/^https:/, 'http:') + '?';
      return 'We could not reach ' + tried + (detail ? ': ' + detail[1] : '') + '. Check the address, or try again later.';
    }

    function explain(status, body, retryAfter, tried, bare) {
      var error = body && typeof body.error === 'string' ? body.error : '';
      if (status === 400) {
        // Validation messages name the field ("url: must point to a public address").
        var reason = error
          .replace(/^url: /, '')
          .replace(/^(?:url )?must /, 'it must ')
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
      if (status === 502) return unreachable(error, tried, bare);
      if (status === 504) return 'The site took too long to answer, so the scan stopped before it could finish. Try again later.';
      return 'The scan failed (HTTP ' + status + '). Try again in a moment.';
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var url = input.value.trim();
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      if (!url) return fail('Enter the address of a shop, for example https://shop.example.com.');
      var scheme = otherScheme(url);
      if (scheme)
        return fail('That address starts with ' + scheme + ', which the scanner cannot read: enter a web address (http:// or https://).');
      var bare = !/^https?:\/\//i.test(url);
      if (bare) url = 'https://' + url;
      var token = self.crypto && self.crypto.randomUUID ? self.crypto.randomUUID() : null;
      button.disabled = true;
      form.setAttribute('aria-busy', 'true');
      progress.hidden = false;
      stages.start(token);
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
                stages.show('done');
                stop();
                location.assign('/r/' + encodeURIComponent(body.id));
                return;
              }
              fail(explain(response.status, body, response.headers.get('retry-after'), url, bare));
            });
        })
        .catch(function () {
          fail('Could not reach the scanner. Check your connection and try again.');
        });
    });
  }

  scannerForm();
})();
