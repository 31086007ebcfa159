/*
 * The dashboard's curl examples.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var isSession = ar.isSession;
  var el = ar.el;
  var append = ar.append;
  var maskKey = ar.maskKey;

  // Scans and adding a watched site need an API key, not a dashboard session, so with one the examples name a key to put in.
  function showCurl(origin, credential) {
    var box = document.getElementById('curl');
    var session = isSession(credential);
    var shown = session ? '<API_KEY>' : maskKey(credential);
    var copied = session ? '<API_KEY>' : credential;
    if (session)
      box.appendChild(
        el('p', 'small muted', 'Put one of your API keys in place of <API_KEY>: these calls need a key, not a dashboard session.'),
      );
    [
      [
        'Scan a shop',
        'curl -X POST ' +
          origin +
          '/api/v1/scan -H "Authorization: Bearer KEY" -H "content-type: application/json" -d \'{"url": "https://shop.example.com"}\'',
      ],
      ['Your recent scans', 'curl ' + origin + '/api/v1/scans -H "Authorization: Bearer KEY"'],
      [
        'Watch a site',
        'curl -X POST ' +
          origin +
          '/api/v1/account/watched-sites -H "Authorization: Bearer KEY" -H "content-type: application/json" -d \'{"url": "https://shop.example.com"}\'',
      ],
    ].forEach(function (example) {
      var snippet = el('div', 'snippet');
      var pre = el('pre');
      pre.appendChild(el('code', '', example[1].replace('KEY', shown)));
      var copy = el('button', 'secondary', 'Copy');
      copy.type = 'button';
      copy.setAttribute('aria-label', (session ? 'Copy the command: ' : 'Copy the command with your key: ') + example[0]);
      copy.addEventListener('click', function () {
        navigator.clipboard.writeText(example[1].replace('KEY', copied)).then(
          function () {
            copy.textContent = 'Copied';
          },
          function () {
            copy.textContent = 'Copy failed';
          },
        );
      });
      append(box, [el('h3', '', example[0]), append(snippet, [pre, copy])]);
    });
  }

  ar.dashboardSections.push({
    id: 'curl',
    render: function (context) {
      showCurl(context.origin, context.credential);
    },
  });
})();
