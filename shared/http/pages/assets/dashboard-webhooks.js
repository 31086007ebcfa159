/*
 * The dashboard's webhooks.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var day = ar.day;
  var table = ar.table;
  var limitText = ar.limitText;

  function showWebhooks(webhooks) {
    var box = document.getElementById('webhooks');
    if (!webhooks) return box.appendChild(el('p', 'muted', 'This key may not read webhooks.'));
    if (webhooks.limit === 0) return box.appendChild(el('p', '', 'Webhooks come with the pro and growth plans.'));
    if (!webhooks.webhooks.length) return box.appendChild(el('p', '', 'No webhooks yet (' + limitText(0, webhooks.limit) + ').'));
    box.appendChild(
      table(
        ['Endpoint', 'Events', 'Last delivery', 'State'],
        webhooks.webhooks.map(function (hook) {
          var last = hook.lastTriggeredAt
            ? day(hook.lastTriggeredAt) + ' · HTTP ' + (hook.lastStatusCode === null ? 'none' : hook.lastStatusCode)
            : 'none yet';
          return [
            hook.label || hook.url,
            hook.events.join(', '),
            last,
            hook.isActive ? (hook.failureCount ? hook.failureCount + ' failures in a row' : 'active') : 'disabled',
          ];
        }),
      ),
    );
  }

  ar.dashboardSections.push({
    id: 'webhooks',
    render: function (context) {
      showWebhooks(context.overview.webhooks);
    },
  });
})();
