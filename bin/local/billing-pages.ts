import type { LocalCheckout, LocalSubscription } from './local-billing-store.js';
import type { PaidTier } from '#shared/model/billing/subscription-state.js';
import { escapeHtml } from '#shared/model/escape-html.js';

/**
 * The local billing provider's pages (dev server only): plain HTML forms that work without
 * JavaScript, standing in for Stripe Checkout and the billing portal.
 */

const style = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.5rem; } .note { color: #555; font-size: .9rem; } dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
form { margin: 1rem 0; } button { font: inherit; padding: .5rem 1rem; border-radius: .4rem; border: 1px solid #444; background: #fff; cursor: pointer; }
button.primary { background: #1d4ed8; color: #fff; border-color: #1d4ed8; } fieldset { border: 1px dashed #999; border-radius: .4rem; }`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · local billing</title><style>${style}</style></head><body>
<p class="note">Local billing provider: no payment is taken. Set STRIPE_SECRET_KEY to use Stripe.</p>
${body}</body></html>`;
}

function postButton(action: string, label: string, options: { primary?: boolean; fields?: Record<string, string> } = {}): string {
  const fields = Object.entries(options.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit"${options.primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button></form>`;
}

export function checkoutPage(checkout: LocalCheckout, priceGbp: number, paths: { complete: string; abandon: string }): string {
  const expires = new Date(checkout.expiresAt * 1000).toISOString();
  // The first form pays: submitted as it is, it completes the checkout.
  return page(
    `Subscribe to ${checkout.tier}`,
    `<h1>Subscribe to ${escapeHtml(checkout.tier)}</h1>
<dl><dt>Plan</dt><dd>${escapeHtml(checkout.tier)}, £${priceGbp} per month (excluding VAT)</dd><dt>Link valid until</dt><dd>${escapeHtml(expires)}</dd></dl>
${postButton(paths.complete, `Pay £${priceGbp} and subscribe`, { primary: true })}
${postButton(paths.abandon, 'Cancel and go back')}`,
  );
}

export function resultPage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  );
}

export function portalPage(
  subscription: LocalSubscription,
  paths: { action: (name: string) => string; switchTier: string },
  prices: Record<PaidTier, number>,
  returnUrl: string | null,
): string {
  const other: PaidTier = subscription.tier === 'pro' ? 'growth' : 'pro';
  const ended = subscription.status === 'canceled';
  const controls = ended
    ? '<p>This subscription has ended.</p>'
    : `${subscription.cancelAtPeriodEnd ? postButton(paths.action('resume'), 'Resume the subscription', { primary: true }) : postButton(paths.action('cancel'), 'Cancel at the end of the period')}
${postButton(paths.switchTier, `Switch to ${other} (£${prices[other]} per month)`, { fields: { tier: other } })}
<fieldset><legend>Development clock</legend>
${postButton(paths.action('end-period'), 'End the current period now')}
${subscription.status === 'past_due' ? postButton(paths.action('pay'), 'Pay the overdue invoice') : postButton(paths.action('fail-payment'), 'Fail the next payment')}
</fieldset>`;
  return page(
    'Billing portal',
    `<h1>Your subscription</h1>
<dl><dt>Plan</dt><dd>${escapeHtml(subscription.tier)}, £${prices[subscription.tier]} per month (excluding VAT)</dd>
<dt>Status</dt><dd>${escapeHtml(subscription.status)}${subscription.cancelAtPeriodEnd && !ended ? ', ends at the end of the period' : ''}</dd>
<dt>Current period ends</dt><dd>${escapeHtml(subscription.currentPeriodEnd)}</dd></dl>
${controls}
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the service</a></p>` : ''}`,
  );
}
