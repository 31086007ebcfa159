/*
 * The dashboard's webhooks: the list (endpoint, events, last delivery, state), create (the signing
 * secret shown once), send a test, the delivery log with redeliver, delete. A dashboard session may call
 * these routes too (docs/decisions/067-webhooks-in-the-dashboard.md). Outcomes and errors show in place.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var clear = ar.clear;
  var append = ar.append;
  var table = ar.table;
  var link = ar.link;
  var limitText = ar.limitText;
  var callApi = ar.callApi;
  var credential = ar.credential;
  var copyButton = ar.copyButton;
  var ask = ar.ask;
  var apiError = ar.apiError;
  var statusLine = ar.statusLine;

  var base = '/api/v1/account/webhooks';
  // What a change leaves for the next render, after the whole dashboard is read again (the account's
  // counts change too): the new secret, shown that once, and a sentence on what happened.
  var carried = { created: null, message: '' };
  var labelMax = 100;
  var eventNames = {
    score_change: 'score_change: a watched site’s score changed',
    scan_complete: 'scan_complete: a scan finished',
    threshold_alert: 'threshold_alert: a threshold was crossed',
    batch_complete: 'batch_complete: a batch finished',
  };

  function when(iso) {
    return iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : 'never';
  }

  // A test's or redelivery's answer as one sentence: what the endpoint said, or why it was not sent.
  function outcomeText(answer, what) {
    if (answer.status === 200) {
      var code = answer.body.statusCode === null ? 'no HTTP status' : 'HTTP ' + answer.body.statusCode;
      return what + (answer.body.success ? ' succeeded · ' : ' failed · ') + code + ' · ' + answer.body.message;
    }
    if (answer.status === 429) {
      var reason = apiError(answer, what);
      return 'Not sent: the hourly limit is reached. ' + reason + (answer.retryAfter ? '' : ' Try again later.');
    }
    return 'Not sent: ' + apiError(answer, what);
  }

  function lastDelivery(hook) {
    if (!hook.lastTriggeredAt) return 'none yet';
    return when(hook.lastTriggeredAt) + ' · ' + (hook.lastStatusCode === null ? 'no HTTP status' : 'HTTP ' + hook.lastStatusCode);
  }

  function state(hook) {
    if (!hook.isActive) return 'disabled after repeated failures (a successful test turns it back on)';
    return hook.failureCount ? 'active, ' + hook.failureCount + ' failures in a row' : 'active';
  }

  function hostOf(url) {
    return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] || url;
  }

  function button(text, label, secondary) {
    var b = el('button', secondary === false ? '' : 'secondary', text);
    b.type = 'button';
    if (label) b.setAttribute('aria-label', label);
    return b;
  }

  // The log of one webhook, newest first, into `box`; an event (not a test) can be delivered again: its
  // outcome goes to `outcome` (beneath the log), and the log is read again.
  function deliveryLog(hook, box, outcome, onDelivered) {
    clear(box);
    box.appendChild(el('p', 'muted small', 'Loading the delivery log…'));
    callApi('GET', base + '/' + encodeURIComponent(hook.id) + '/deliveries', credential()).then(function (answer) {
      clear(box);
      if (answer.status !== 200) return box.appendChild(el('p', 'notice error', apiError(answer, 'Reading the delivery log')));
      var deliveries = answer.body.deliveries;
      if (!deliveries.length) return box.appendChild(el('p', 'small', 'No deliveries in the last 30 days.'));
      box.appendChild(el('p', 'small muted', 'The last ' + deliveries.length + ' attempts, newest first (times in UTC).'));
      box.appendChild(
        table(
          ['When', 'Event', 'Outcome', 'Again'],
          deliveries.map(function (delivery) {
            var result = delivery.success
              ? 'delivered, HTTP ' + delivery.statusCode
              : 'failed: ' + (delivery.error || (delivery.statusCode === null ? 'no answer' : 'HTTP ' + delivery.statusCode));
            var again = '-';
            if (!delivery.test) {
              again = button('Redeliver', 'Redeliver the ' + delivery.eventType + ' event of ' + when(delivery.attemptedAt));
              again.addEventListener('click', function (event) {
                var pressed = event.currentTarget;
                pressed.disabled = true;
                outcome.textContent = 'Redelivering…';
                var path = base + '/' + encodeURIComponent(hook.id) + '/deliveries/' + encodeURIComponent(delivery.eventId) + '/redeliver';
                callApi('POST', path, credential()).then(
                  function (sent) {
                    outcome.textContent = outcomeText(sent, 'Redelivery');
                    outcome.className = 'notice small' + (sent.status === 200 && sent.body.success ? '' : ' error');
                    deliveryLog(hook, box, outcome, onDelivered);
                    onDelivered();
                  },
                  function () {
                    outcome.textContent = 'Could not reach the service: try again.';
                    pressed.disabled = false;
                  },
                );
              });
            }
            return [
              delivery.attemptedAt.slice(5, 16).replace('T', ' '),
              delivery.eventType + (delivery.test ? ' (test)' : ' · attempt ' + delivery.attempt),
              result + ' · ' + delivery.durationMs + ' ms',
              again,
            ];
          }),
        ),
      );
    });
  }

  // One webhook as a card: its facts, then its actions and their outcomes.
  function webhookCard(hook, reload) {
    var card = el('article', 'panel webhook');
    var titleId = 'webhook-title-' + hook.id;
    card.setAttribute('aria-labelledby', titleId);
    var name = hook.label || hostOf(hook.url);
    var title = el('h3', '', name);
    title.id = titleId;
    var facts = el('dl', 'facts');
    function showFacts(current) {
      clear(facts);
      [
        ['Endpoint', el('code', 'key', current.url)],
        ['Events', current.events.join(', ')],
        ['Last delivery', lastDelivery(current)],
        ['State', state(current)],
      ].forEach(function (fact) {
        facts.appendChild(el('dt', '', fact[0]));
        var dd = el('dd');
        if (fact[1].nodeType) dd.appendChild(fact[1]);
        else dd.textContent = fact[1];
        facts.appendChild(dd);
      });
    }
    // After a test or a redelivery: the endpoint's last delivery and state as they are now.
    function reread() {
      callApi('GET', base, credential()).then(function (answer) {
        var now =
          answer.status === 200 &&
          answer.body.webhooks.filter(function (other) {
            return other.id === hook.id;
          })[0];
        if (now) showFacts(now);
      });
    }
    showFacts(hook);
    var outcome = statusLine('webhook-outcome-' + hook.id);
    var logBox = el('div', 'delivery-log');
    logBox.id = 'delivery-log-' + hook.id;
    logBox.hidden = true;
    var logRows = el('div');
    var logOutcome = statusLine('redeliver-outcome-' + hook.id);
    append(logBox, [logRows, logOutcome]);
    var actions = el('div', 'field-row');
    var test = button('Send a test', 'Send a test to ' + name);
    test.addEventListener('click', function () {
      test.disabled = true;
      outcome.textContent = 'Sending a signed test…';
      callApi('POST', base + '/' + encodeURIComponent(hook.id) + '/test', credential()).then(
        function (answer) {
          test.disabled = false;
          outcome.textContent = outcomeText(answer, 'Test');
          outcome.className = 'notice small' + (answer.status === 200 && answer.body.success ? '' : ' error');
          reread();
          if (!logBox.hidden) deliveryLog(hook, logRows, logOutcome, reread);
        },
        function () {
          test.disabled = false;
          outcome.textContent = 'Could not reach the service: try again.';
        },
      );
    });
    var logToggle = button('Show the delivery log', 'Show the delivery log of ' + name);
    logToggle.setAttribute('aria-expanded', 'false');
    logToggle.setAttribute('aria-controls', logBox.id);
    function showLog(open) {
      logBox.hidden = !open;
      logToggle.setAttribute('aria-expanded', String(open));
      logToggle.textContent = open ? 'Hide the delivery log' : 'Show the delivery log';
      logToggle.setAttribute('aria-label', logToggle.textContent + ' of ' + name);
      if (open) deliveryLog(hook, logRows, logOutcome, reread);
    }
    logToggle.addEventListener('click', function () {
      showLog(logBox.hidden);
    });
    var remove = button('Delete', 'Delete the webhook ' + name);
    remove.addEventListener('click', function () {
      ask(actions, 'Delete the webhook to ' + hostOf(hook.url) + '? Its deliveries stop at once.', 'Delete now', function () {
        callApi('DELETE', base + '/' + encodeURIComponent(hook.id), credential()).then(function (answer) {
          carried.message =
            answer.status === 200 ? 'The webhook to ' + hostOf(hook.url) + ' was deleted.' : apiError(answer, 'Deleting the webhook');
          reload();
        });
      });
    });
    append(actions, [test, logToggle, remove]);
    append(card, [title, facts, actions, outcome, logBox]);
    return card;
  }

  // The form for a new endpoint: checked as POST /api/v1/account/webhooks checks it.
  function webhookForm(allowed, onCreated) {
    var form = el('form', 'stack');
    form.id = 'new-webhook-form';
    form.noValidate = true;
    var error = el('p', 'notice error');
    error.id = 'new-webhook-error';
    error.setAttribute('role', 'alert');
    var urlLabel = el('label', '', 'Endpoint URL (https)');
    urlLabel.htmlFor = 'new-webhook-url';
    var url = el('input');
    url.type = 'url';
    url.id = 'new-webhook-url';
    url.name = 'url';
    url.required = true;
    url.placeholder = 'https://example.com/hooks/agent-readiness';
    url.autocomplete = 'off';
    url.spellcheck = false;
    url.setAttribute('aria-describedby', 'new-webhook-error');
    var events = el('fieldset', 'choices');
    events.setAttribute('aria-describedby', 'new-webhook-error');
    events.appendChild(el('legend', '', 'Events to send'));
    var boxes = allowed.map(function (name, index) {
      var box = el('input');
      box.type = 'checkbox';
      box.name = 'events';
      box.value = name;
      box.id = 'new-webhook-event-' + name;
      box.checked = index === 0;
      var label = el('label', 'choice');
      label.htmlFor = box.id;
      append(label, [box, el('span', '', eventNames[name] || name)]);
      events.appendChild(label);
      return box;
    });
    var labelFor = el('label', '', 'Label of the webhook (optional)');
    labelFor.htmlFor = 'new-webhook-label';
    var label = el('input');
    label.type = 'text';
    label.id = 'new-webhook-label';
    label.name = 'label';
    label.maxLength = labelMax;
    label.autocomplete = 'off';
    label.setAttribute('aria-describedby', 'new-webhook-error');
    var create = el('button', '', 'Add the webhook');
    create.type = 'submit';
    function refuse(message, field) {
      error.textContent = message;
      if (field) field.setAttribute('aria-invalid', 'true');
      create.disabled = false;
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      error.textContent = '';
      [url, events, label].forEach(function (field) {
        field.removeAttribute('aria-invalid');
      });
      var address = url.value.trim();
      var chosen = boxes
        .filter(function (box) {
          return box.checked;
        })
        .map(function (box) {
          return box.value;
        });
      var text = label.value.trim();
      if (!address) return refuse('Enter the endpoint’s URL: it is required.', url);
      if (!/^https?:\/\/[^\s/?#]+/i.test(address))
        return refuse('The URL must be an https:// address, such as ' + url.placeholder + '.', url);
      if (address.length > 2048) return refuse('The URL must be at most 2048 characters.', url);
      if (!chosen.length) return refuse('Choose at least one event to send.', events);
      if (text.length > labelMax) return refuse('The label must be at most ' + labelMax + ' characters.', label);
      var body = { url: address, events: chosen };
      if (text) body.label = text;
      create.disabled = true;
      callApi('POST', base, credential(), body).then(
        function (answer) {
          if (answer.status !== 201) return refuse(apiError(answer, 'Adding the webhook'), answer.status === 400 ? url : null);
          onCreated(answer.body);
        },
        function () {
          refuse('Could not reach the service: try again.');
        },
      );
    });
    append(form, [urlLabel, url, events, labelFor, label, error, create]);
    return form;
  }

  function showSecret(box, created) {
    clear(box);
    var panel = el('div', 'notice');
    append(panel, [
      el(
        'p',
        '',
        'The webhook to ' +
          hostOf(created.webhook.url) +
          ' was added. Its signing secret is shown only once: store it where your receiver checks the X-Service-Signature header.',
      ),
      el('code', 'key block', created.secret),
      copyButton('Copy the signing secret', created.secret),
    ]);
    box.appendChild(panel);
  }

  function showWebhooks(box, reload) {
    var secretBox = el('div');
    secretBox.id = 'new-webhook-secret';
    var status = statusLine('webhooks-status');
    var listBox = el('div');
    append(box, [secretBox, status, listBox]);
    if (carried.created) showSecret(secretBox, carried.created);
    status.textContent = carried.message;
    carried = { created: null, message: '' };
    listBox.appendChild(el('p', 'muted small', 'Loading the webhooks…'));
    callApi('GET', base, credential()).then(
      function (answer) {
        clear(listBox);
        if (answer.status !== 200) return listBox.appendChild(el('p', 'notice error', apiError(answer, 'Reading the webhooks')));
        render(answer.body);
      },
      function () {
        clear(listBox);
        listBox.appendChild(el('p', 'notice error', 'Could not reach the service. Reload to try again.'));
      },
    );

    function render(list) {
      listBox.appendChild(
        el(
          'p',
          'small muted',
          limitText(list.used, list.limit) +
            ' webhooks. Each delivery is signed with the webhook’s secret (X-Service-Signature and Standard Webhooks headers).',
        ),
      );
      if (!list.webhooks.length) listBox.appendChild(el('p', '', 'No webhooks yet.'));
      list.webhooks.forEach(function (hook) {
        listBox.appendChild(webhookCard(hook, reload));
      });
      if (list.used >= list.limit) {
        listBox.appendChild(
          append(el('p', 'small'), [
            document.createTextNode('Your plan has no room for another webhook: delete one, or '),
            link('/pricing', 'see the plans'),
            document.createTextNode('.'),
          ]),
        );
        return;
      }
      listBox.appendChild(el('h3', '', 'Add a webhook'));
      listBox.appendChild(
        webhookForm(list.allowedEvents, function (created) {
          carried.created = created;
          reload();
        }),
      );
    }
  }

  ar.dashboardSections.push({
    id: 'webhooks',
    render: function (context) {
      var box = document.getElementById('webhooks');
      var webhooks = context.overview.webhooks;
      if (!webhooks) return box.appendChild(el('p', 'muted', 'This key may not read webhooks (it lacks the webhooks:read scope).'));
      if (webhooks.limit === 0) {
        return box.appendChild(
          append(el('p'), [
            document.createTextNode('Webhooks come with the pro and growth plans. '),
            link('/pricing', 'Compare the plans'),
            document.createTextNode('.'),
          ]),
        );
      }
      showWebhooks(box, context.reload);
    },
  });
})();
