/*
 * The dashboard's account section: plan, usage and billing.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var limitText = ar.limitText;
  var day = ar.day;
  var callApi = ar.callApi;

  function billingButton(label, method, path, key, body, status, secondary) {
    var button = el('button', secondary ? 'secondary' : '', label);
    button.type = 'button';
    button.addEventListener('click', function () {
      button.disabled = true;
      status.textContent = 'Opening billing…';
      callApi(method, path, key, body).then(function (answer) {
        var target = answer.body && (answer.body.checkoutUrl || answer.body.portalUrl);
        if (answer.status === 200 && target) return location.assign(target);
        if (answer.status === 200) return location.reload();
        button.disabled = false;
        status.textContent = (answer.body && answer.body.error) || 'Billing failed (HTTP ' + answer.status + ').';
      });
    });
    return button;
  }

  function showAccount(overview, key) {
    var account = overview.account;
    var box = document.getElementById('account');
    var status = document.getElementById('dashboard-status');
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
    var actions = el('p', 'field-row');
    if (account.tier === 'free')
      actions.appendChild(billingButton('Upgrade to pro', 'POST', '/api/v1/account/subscribe', key, { tier: 'pro' }, status));
    if (account.tier !== 'growth')
      actions.appendChild(
        billingButton('Upgrade to growth', 'POST', '/api/v1/account/subscribe', key, { tier: 'growth' }, status, account.tier === 'free'),
      );
    if (account.subscription.isPaid)
      actions.appendChild(billingButton('Manage billing', 'POST', '/api/v1/account/manage', key, undefined, status, true));
    append(box, [facts, actions]);
  }

  ar.dashboardSections.push({
    id: 'account',
    render: function (context) {
      showAccount(context.overview, context.credential);
    },
  });
})();
