import { apiError, callApi, lastAllowance } from '../shared/api.js';
import { append, byId, el } from '../shared/dom.js';
import { allowanceEvent, listen, type Allowance } from '../shared/events.js';
import { day, limitText } from '../shared/words.js';
import type { Account, DashboardContext, DashboardSection } from './section.js';

/*
 * The dashboard's account section: plan, usage and billing. Money needs consent: an upgrade of a subscription
 * is charged at once, so its prorated amount is shown first (POST /api/v1/account/subscribe/preview) and
 * charged only on Confirm, as of the same proration date.
 */

/** POST /api/v1/account/subscribe/preview's answer (shared/http/schemas/upgrade-preview-schemas.ts). */
interface UpgradeQuote {
  tier: 'pro' | 'growth';
  amountText: string;
  prorationDate: string;
  validUntil: string;
  periodEnd: string | null;
}

/** Where checkout (POST /api/v1/account/subscribe) or the billing portal (…/manage) continues, or an upgrade done. */
interface BillingAnswer {
  checkoutUrl?: string;
  portalUrl?: string;
  upgraded?: true;
  tier?: string;
  note?: string;
}

// What the last upgrade did, shown once after the section is drawn again with the new plan.
let lastResult: string | null = null;

// Checkout and the billing portal are the provider's pages: they show the price before any payment.
function billingButton(
  label: string,
  path: string,
  key: string,
  body: { tier: 'pro' | 'growth' } | undefined,
  status: HTMLElement,
  secondary?: boolean,
): HTMLButtonElement {
  const button = el('button', secondary ? 'secondary' : '', label);
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = 'Opening billing…';
    void callApi<BillingAnswer>('POST', path, key, body).then((answer) => {
      const target = answer.body && (answer.body.checkoutUrl || answer.body.portalUrl);
      if (answer.status === 200 && target) return location.assign(target);
      button.disabled = false;
      status.textContent = apiError(answer, 'Billing');
    });
  });
  return button;
}

// An upgrade of a subscription: preview, then a panel with the amount, Confirm and Cancel.
function upgradeButton(tier: 'growth', context: DashboardContext, actions: HTMLElement, status: HTMLElement): HTMLButtonElement {
  const key = context.credential;
  const button = el('button', '', `Upgrade to ${tier}…`);
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = 'Working out the prorated amount…';
    callApi<UpgradeQuote>('POST', '/api/v1/account/subscribe/preview', key, { tier }).then(
      (answer) => {
        button.disabled = false;
        if (answer.status !== 200) {
          status.textContent = apiError(answer, 'The preview');
          return;
        }
        status.textContent = '';
        confirmPanel(answer.body, context, actions, status);
      },
      () => {
        button.disabled = false;
        status.textContent = 'Could not reach the service. Try again.';
      },
    );
  });
  return button;
}

function confirmPanel(quote: UpgradeQuote, context: DashboardContext, actions: HTMLElement, status: HTMLElement): void {
  const panel = el('div', 'panel upgrade-confirm');
  panel.id = 'upgrade-confirm';
  panel.setAttribute('role', 'group');
  panel.setAttribute('aria-labelledby', 'upgrade-confirm-title');
  panel.tabIndex = -1;
  const title = el('h3', '', `Upgrade to ${quote.tier} now?`);
  title.id = 'upgrade-confirm-title';
  const amount = el('p', 'upgrade-amount');
  append(amount, [el('strong', '', quote.amountText), el('span', '', ' charged at once')]);
  const detail = el(
    'p',
    'small',
    'The prorated difference for the rest of this period' +
      (quote.periodEnd ? ` (to ${day(quote.periodEnd)})` : '') +
      ', charged to the card on your subscription. Prices exclude VAT. This amount holds until ' +
      quote.validUntil.slice(11, 16) +
      ' UTC.',
  );
  const confirm = el('button', '', `Confirm and pay ${quote.amountText}`);
  confirm.type = 'button';
  const cancel = el('button', 'secondary', 'Cancel');
  cancel.type = 'button';
  const row = append(el('p', 'field-row'), [confirm, cancel]);
  append(panel, [title, amount, detail, row]);
  actions.hidden = true;
  actions.after(panel);
  panel.focus();

  function close(message: string): void {
    panel.remove();
    actions.hidden = false;
    status.textContent = message;
  }

  cancel.addEventListener('click', () => {
    close('Upgrade cancelled: nothing was charged.');
    const first = actions.querySelector('button');
    if (first) first.focus();
  });
  confirm.addEventListener('click', () => {
    confirm.disabled = true;
    cancel.disabled = true;
    status.textContent = 'Upgrading…';
    const body = { tier: quote.tier, prorationDate: quote.prorationDate };
    callApi<BillingAnswer>('POST', '/api/v1/account/subscribe', context.credential, body).then(
      (answer) => {
        if (answer.status === 200 && answer.body && answer.body.upgraded) {
          lastResult = `Upgraded to ${answer.body.tier}: ${quote.amountText} charged. ${answer.body.note}`;
          return context.reload();
        }
        close(`${apiError(answer, 'The upgrade')} Nothing was charged.`);
      },
      () => {
        close('Could not reach the service: reload to see whether the upgrade happened.');
      },
    );
  });
}

function allowanceText(allowance: Allowance | null): string {
  return allowance ? `${allowance.remaining} of ${allowance.limit} left` : '-';
}

/**
 * What is left of the hourly limit on the dashboard's own calls (a bucket apart from the API's), as the latest
 * answer said; kept current as the page makes calls (`followAllowance`).
 */
function allowanceLine(): HTMLElement {
  const line = el('dd', '', allowanceText(lastAllowance()));
  line.id = 'dashboard-allowance';
  return line;
}

function readAllowance(detail: unknown): Allowance | null {
  if (typeof detail !== 'object' || detail === null || !('limit' in detail) || !('remaining' in detail)) return null;
  const { limit, remaining } = detail;
  return typeof limit === 'number' && typeof remaining === 'number' ? { limit, remaining } : null;
}

/** Keeps the account section's line of what is left of the hourly limit current, from every answer. */
export function followAllowance(): void {
  listen(allowanceEvent, readAllowance, (allowance) => {
    const line = document.getElementById('dashboard-allowance');
    if (line) line.textContent = allowanceText(allowance);
  });
}

// How long after a paid checkout the page reads the account again while the provider's event is on its way.
const confirmDelays = [2000, 4000, 8000];
let confirmTries = 0;
let reloadDashboard = (): void => {};

function forgetCheckout(params: URLSearchParams): void {
  params.delete('checkout');
  const rest = params.toString();
  history.replaceState(null, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
}

/**
 * The sentence for a return from the provider's checkout page (`?checkout=complete` or `cancelled`, set by
 * POST /api/v1/account/subscribe), read once: the parameter is then taken off the address so a reload does not
 * say it again. A payment whose event has not arrived yet is said so, and the account is read again.
 */
function checkoutReturn(account: Account): string | null {
  const params = new URLSearchParams(location.search);
  const outcome = params.get('checkout');
  if (outcome !== 'complete' && outcome !== 'cancelled') return null;
  if (outcome === 'cancelled') {
    forgetCheckout(params);
    return `Checkout was cancelled: nothing was charged, and the account stays on the ${account.tier} plan.`;
  }
  if (account.tier !== 'free' && account.subscription.isActive) {
    forgetCheckout(params);
    return `Thank you: the payment went through, and the account is on the ${account.tier} plan now.`;
  }
  const delay = confirmDelays[confirmTries];
  if (delay !== undefined) {
    setTimeout(reloadDashboard, delay);
    confirmTries += 1;
    return 'Thank you: the payment is being confirmed by the payment provider. This page updates when it is.';
  }
  forgetCheckout(params);
  return 'The payment has not been confirmed yet: reload this page in a minute to see the new plan.';
}

function showAccount(context: DashboardContext): void {
  reloadDashboard = context.reload;
  const account = context.overview.account;
  const key = context.credential;
  const box = byId('account', HTMLElement);
  const facts = el('dl', 'facts');
  const pairs: Array<[string, string]> = [
    ['E-mail', account.email],
    ['Plan', account.tier + (account.subscription.isCanceling ? ` (ends ${day(account.subscription.currentPeriodEnd)})` : '')],
    ['Scans today', limitText(account.usage.dailyScans, account.usage.dailyScanLimit)],
    ['API calls this month', limitText(account.usage.monthlyApiCalls, account.usage.monthlyApiCallLimit)],
    ['Watched sites', limitText(account.counts.watchedSites, account.counts.watchedSitesLimit)],
    ['Webhooks', limitText(account.counts.webhooks, account.counts.webhooksLimit)],
    ['API keys', limitText(account.counts.apiKeys, account.counts.apiKeysLimit)],
  ];
  for (const [term, value] of pairs) append(facts, [el('dt', '', term), el('dd', '', value)]);
  append(facts, [el('dt', '', 'Dashboard requests this hour'), allowanceLine()]);
  const status = el('p', 'notice');
  status.id = 'account-status';
  status.setAttribute('role', 'status');
  const actions = el('p', 'field-row');
  // Without an active subscription an upgrade is a new one, paid on the provider's checkout page.
  const subscribed = account.tier !== 'free' && account.subscription.isActive;
  if (!subscribed) {
    if (account.tier === 'free')
      actions.appendChild(billingButton('Upgrade to pro: go to checkout', '/api/v1/account/subscribe', key, { tier: 'pro' }, status));
    if (account.tier !== 'growth')
      actions.appendChild(
        billingButton('Upgrade to growth: go to checkout', '/api/v1/account/subscribe', key, { tier: 'growth' }, status, true),
      );
  } else if (account.tier !== 'growth') actions.appendChild(upgradeButton('growth', context, actions, status));
  if (account.subscription.isPaid)
    actions.appendChild(billingButton('Manage billing', '/api/v1/account/manage', key, undefined, status, true));
  const hint =
    account.tier === 'free'
      ? el('p', 'small muted', 'Checkout is a Stripe page: it shows the price, and nothing is charged until you pay there.')
      : null;
  append(box, [facts, actions, hint, status]);
  const returned = checkoutReturn(account);
  if (returned) lastResult = returned;
  if (lastResult) {
    // Set after the element is in the page, so that assistive technology announces it.
    status.textContent = lastResult;
    lastResult = null;
  }
}

export const accountSection: DashboardSection = { id: 'account', render: showAccount };
