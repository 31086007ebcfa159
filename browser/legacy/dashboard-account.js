/*
 * The dashboard's account section: plan, usage and billing. Money needs consent: an upgrade of a
 * subscription is charged at once, so its prorated amount is shown first (POST
 * /api/v1/account/subscribe/preview) and charged only on Confirm, as of the same proration date.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var limitText = ar.limitText;
  var day = ar.day;
  var callApi = ar.callApi;
  var apiError = ar.apiError;
  // What the last upgrade did, shown once after the section is drawn again with the new plan.
  var lastResult = null;

  // Checkout and the billing portal are the provider's pages: they show the price before any payment.
  function billingButton(label, method, path, key, body, status, secondary) {
    var button = el('button', secondary ? 'secondary' : '', label);
    button.type = 'button';
    button.addEventListener('click', function () {
      button.disabled = true;
      status.textContent = 'Opening billing…';
      callApi(method, path, key, body).then(function (answer) {
        var target = answer.body && (answer.body.checkoutUrl || answer.body.portalUrl);
        if (answer.status === 200 && target) return location.assign(target);
        button.disabled = false;
        status.textContent = apiError(answer, 'Billing');
      });
    });
    return button;
  }

  // An upgrade of a subscription: preview, then a panel with the amount, Confirm and Cancel.
  function upgradeButton(tier, context, actions, status) {
    var key = context.credential;
    var button = el('button', '', 'Upgrade to ' + tier + '…');
    button.type = 'button';
    button.addEventListener('click', function () {
      button.disabled = true;
      status.textContent = 'Working out the prorated amount…';
      callApi('POST', '/api/v1/account/subscribe/preview', key, { tier: tier }).then(
        function (answer) {
          button.disabled = false;
          if (answer.status !== 200) {
            status.textContent = apiError(answer, 'The preview');
            return;
          }
          status.textContent = '';
          confirmPanel(answer.body, context, actions, status);
        },
        function () {
          button.disabled = false;
          status.textContent = 'Could not reach the service. Try again.';
        },
      );
    });
    return button;
  }

  function confirmPanel(quote, context, actions, status) {
    var panel = el('div', 'panel upgrade-confirm');
    panel.id = 'upgrade-confirm';
    panel.setAttribute('role', 'group');
    panel.setAttribute('aria-labelledby', 'upgrade-confirm-title');
    panel.tabIndex = -1;
    var title = el('h3', '', 'Upgrade to ' + quote.tier + ' now?');
    title.id = 'upgrade-confirm-title';
    var amount = el('p', 'upgrade-amount');
    append(amount, [el('strong', '', quote.amountText), el('span', '', ' charged at once')]);
    var detail = el(
      'p',
      'small',
      'The prorated difference for the rest of this period' +
        (quote.periodEnd ? ' (to ' + day(quote.periodEnd) + ')' : '') +
        ', charged to the card on your subscription. Prices exclude VAT. This amount holds until ' +
        quote.validUntil.slice(11, 16) +
        ' UTC.',
    );
    var confirm = el('button', '', 'Confirm and pay ' + quote.amountText);
    confirm.type = 'button';
    var cancel = el('button', 'secondary', 'Cancel');
    cancel.type = 'button';
    var row = append(el('p', 'field-row'), [confirm, cancel]);
    append(panel, [title, amount, detail, row]);
    actions.hidden = true;
    actions.parentNode.insertBefore(panel, actions.nextSibling);
    panel.focus();

    function close(message) {
      panel.parentNode.removeChild(panel);
      actions.hidden = false;
      status.textContent = message;
    }

    cancel.addEventListener('click', function () {
      close('Upgrade cancelled: nothing was charged.');
      actions.querySelector('button').focus();
    });
    confirm.addEventListener('click', function () {
      confirm.disabled = true;
      cancel.disabled = true;
      status.textContent = 'Upgrading…';
      var body = { tier: quote.tier, prorationDate: quote.prorationDate };
      callApi('POST', '/api/v1/account/subscribe', context.credential, body).then(
        function (answer) {
          if (answer.status === 200 && answer.body && answer.body.upgraded) {
            lastResult = 'Upgraded to ' + answer.body.tier + ': ' + quote.amountText + ' charged. ' + answer.body.note;
            return context.reload();
          }
          close(apiError(answer, 'The upgrade') + ' Nothing was charged.');
        },
        function () {
          close('Could not reach the service: reload to see whether the upgrade happened.');
        },
      );
    });
  }

  function allowanceText(allowance) {
    return allowance ? allowance.remaining + ' of ' + allowance.limit + ' left' : '-';
  }

  /**
   * What is left of the hourly limit on the dashboard's own calls (a bucket apart from the API's), as the
   * latest answer said; kept current as the page makes calls.
   */
  function allowanceLine() {
    var line = el('dd', '', allowanceText(ar.lastAllowance()));
    line.id = 'dashboard-allowance';
    return line;
  }

  document.addEventListener('agent-readiness:allowance', function (event) {
    var line = document.getElementById('dashboard-allowance');
    if (line) line.textContent = allowanceText(event.detail);
  });

  // How long after a paid checkout the page reads the account again while the provider's event is on its way.
  var confirmDelays = [2000, 4000, 8000];
  var confirmTries = 0;

  /**
   * The sentence for a return from the provider's checkout page (`?checkout=complete` or `cancelled`, set by
   * POST /api/v1/account/subscribe), read once: the parameter is then taken off the address so a reload does
   * not say it again. A payment whose event has not arrived yet is said so, and the account is read again.
   */
  function checkoutReturn(account) {
    var params = new URLSearchParams(location.search);
    var outcome = params.get('checkout');
    if (outcome !== 'complete' && outcome !== 'cancelled') return null;
    if (outcome === 'cancelled') {
      forgetCheckout(params);
      return 'Checkout was cancelled: nothing was charged, and the account stays on the ' + account.tier + ' plan.';
    }
    if (account.tier !== 'free' && account.subscription.isActive) {
      forgetCheckout(params);
      return 'Thank you: the payment went through, and the account is on the ' + account.tier + ' plan now.';
    }
    if (confirmTries < confirmDelays.length) {
      setTimeout(reloadDashboard, confirmDelays[confirmTries]);
      confirmTries += 1;
      return 'Thank you: the payment is being confirmed by the payment provider. This page updates when it is.';
    }
    forgetCheckout(params);
    return 'The payment has not been confirmed yet: reload this page in a minute to see the new plan.';
  }

  var reloadDashboard = function () {};

  function forgetCheckout(params) {
    params.delete('checkout');
    var rest = params.toString();
    history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  }

  function showAccount(context) {
    reloadDashboard = context.reload;
    var account = context.overview.account;
    var key = context.credential;
    var box = document.getElementById('account');
    var facts = el('dl', 'facts');
    [
      ['E-mail', account.email],
      ['Plan', account.tier + (account.subscription.isCanceling ? ' (ends ' + day(account.subscription.currentPeriodEnd) + ')' : '')],
      ['Scans today', limitText(account.usage.dailyScans, account.usage.dailyScanLimit)],
      ['API calls this month', limitText(account.usage.monthlyApiCalls, account.usage.monthlyApiCallLimit)],
      ['Watched sites', limitText(account.counts.watchedSites, account.counts.watchedSitesLimit)],
      ['Webhooks', limitText(account.counts.webhooks, account.counts.webhooksLimit)],
      ['API keys', limitText(account.counts.apiKeys, account.counts.apiKeysLimit)],
    ].forEach(function (pair) {
      append(facts, [el('dt', '', pair[0]), el('dd', '', pair[1])]);
    });
    append(facts, [el('dt', '', 'Dashboard requests this hour'), allowanceLine()]);
    var status = el('p', 'notice');
    status.id = 'account-status';
    status.setAttribute('role', 'status');
    var actions = el('p', 'field-row');
    // Without an active subscription an upgrade is a new one, paid on the provider's checkout page.
    var subscribed = account.tier !== 'free' && account.subscription.isActive;
    if (!subscribed) {
      if (account.tier === 'free')
        actions.appendChild(
          billingButton('Upgrade to pro: go to checkout', 'POST', '/api/v1/account/subscribe', key, { tier: 'pro' }, status),
        );
      if (account.tier !== 'growth')
        actions.appendChild(
          billingButton('Upgrade to growth: go to checkout', 'POST', '/api/v1/account/subscribe', key, { tier: 'growth' }, status, true),
        );
    } else if (account.tier !== 'growth') actions.appendChild(upgradeButton('growth', context, actions, status));
    if (account.subscription.isPaid)
      actions.appendChild(billingButton('Manage billing', 'POST', '/api/v1/account/manage', key, undefined, status, true));
    var hint =
      account.tier === 'free'
        ? el('p', 'small muted', 'Checkout is a Stripe page: it shows the price, and nothing is charged until you pay there.')
        : null;
    append(box, [facts, actions, hint, status]);
    var returned = checkoutReturn(account);
    if (returned) lastResult = returned;
    if (lastResult) {
      // Set after the element is in the page, so that assistive technology announces it.
      status.textContent = lastResult;
      lastResult = null;
    }
  }

  ar.dashboardSections.push({
    id: 'account',
    render: function (context) {
      showAccount(context);
    },
  });
})();
