import type { PriceList, PriceListEntry } from '#shared/model/pricing.js';
import { html, type SafeHtml } from './html.js';
import { layout, productName } from './layout.js';

const number = (value: number | 'unlimited') => (value === 'unlimited' ? 'Unlimited' : value.toLocaleString('en-GB'));

function limits(plan: PriceListEntry): SafeHtml {
  const rows: Array<[string, string]> = [
    ['Scans a day', number(plan.limits.scansPerDay)],
    ['Pages per scan', number(plan.pagesPerScan)],
    ['Watched sites', number(plan.limits.watchedSites)],
    ['API calls a month', number(plan.limits.apiCallsMonthly)],
    ['API keys', number(plan.limits.apiKeysMax)],
    ['Webhook endpoints', plan.limits.webhooksMax === 0 ? 'None' : number(plan.limits.webhooksMax)],
  ];
  return html`<dl class="facts">${rows.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>`;
}

function callToAction(plan: PriceListEntry): SafeHtml {
  if (plan.priceMonthlyGbp === 0) return html`<p><a class="button secondary" href="/sign-in">Start free: sign in by e-mail</a></p>`;
  return html`<p><a class="button" href="/app#account-title" data-plan-action="${plan.tier}">Upgrade to ${plan.name}</a></p>
<p class="small muted">After signing in, from the dashboard: from free, Stripe's checkout page shows the price before you pay; from pro, the dashboard shows the prorated amount and asks before charging it.</p>`;
}

function planCard(plan: PriceListEntry): SafeHtml {
  const [amount, ...rest] = plan.priceMonthlyGbp === 0 ? ['£0', 'per month'] : plan.price.split(' ');
  return html`<article class="plan panel" aria-labelledby="plan-${plan.tier}">
<h2 id="plan-${plan.tier}">${plan.name}</h2>
<p class="plan-price"><strong>${amount}</strong> ${rest.join(' ')}</p>
${limits(plan)}
<h3>What it does</h3>
<ul>${plan.features.map((feature) => html`<li>${feature}</li>`)}</ul>
${callToAction(plan)}
</article>`;
}

/**
 * GET /pricing: the plans as GET /api/pricing gives them (shared/model/pricing.ts), so the page and the
 * API say the same, and both say what the service enforces. Works without JavaScript.
 */
export function pricingPage(prices: PriceList, options: { canonicalUrl: string }): string {
  return layout(
    {
      title: `Pricing - ${productName}`,
      description: 'Plans and prices: free, pro and growth, with what each does and its limits.',
      canonicalUrl: options.canonicalUrl,
    },
    html`<h1>Pricing</h1>
<p class="lead">Every plan scores a shop for AI shopping agents. Each card lists what its plan does, in the limits the service applies. Prices are per month and exclude VAT.</p>
<div class="plans">${prices.plans.map(planCard)}</div>
<p class="small muted">For agents and scripts: the same list as JSON at <a href="/api/pricing"><code>GET /api/pricing</code></a>. Subscriptions are managed through Stripe's billing portal from the dashboard.</p>`,
  );
}
