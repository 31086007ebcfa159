import type { Dependencies } from '#shared/dependencies.js';
import { paidTiers, type PaidTier } from '#shared/model/billing/subscription-state.js';
import type { SyncOutcome } from '#shared/use-cases/billing/sync-subscription.js';
import { billingReturnUrl } from '#shared/model/billing/return-url.js';
import type { HttpResult } from './event-adapter.js';
import { checkoutPage, portalPage, resultPage } from './billing-pages.js';
import { localBillingActions, type PortalAction } from './local-billing-actions.js';
import { localBillingPaths } from './local-billing.js';
import { localBillingStore } from './local-billing-store.js';

const portalActions: readonly PortalAction[] = ['cancel', 'resume', 'fail-payment', 'pay', 'end-period'];

/** Development clock and portal buttons: `POST /_local/billing/subscriptions/{id}/{action}`. */
export const localSubscriptionPath = (subscriptionId: string, action: PortalAction | 'switch') =>
  `/_local/billing/subscriptions/${encodeURIComponent(subscriptionId)}/${action}`;

function html(statusCode: number, body: string): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    },
    body: Buffer.from(body),
  };
}

function seeOther(location: string): HttpResult {
  return { statusCode: 303, headers: { location, 'cache-control': 'no-store' }, body: Buffer.alloc(0) };
}

function outcomeMessage(outcome: SyncOutcome): string {
  if (outcome.kind === 'applied') return `The account is now on the ${outcome.account.tier} tier.`;
  return `The account was not changed (${outcome.kind.replace('_', ' ')}).`;
}

/**
 * The pages of the local billing provider (checkout, portal) and the development clock, served by the
 * dev server under /_local/billing/ (never routed in AWS). Null when a path is not one of them.
 */
export function createLocalBillingRoutes(deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'billing'>) {
  const actions = localBillingActions(localBillingStore(deps.table), deps);
  const prices: Record<PaidTier, number> = { pro: deps.config.proPriceMonthlyGbp, growth: deps.config.growthPriceMonthlyGbp };
  const returnUrl = billingReturnUrl(deps.config);

  return async (method: string, url: URL, body: Buffer): Promise<HttpResult | null> => {
    const segments = url.pathname.split('/').slice(3).map(decodeURIComponent); // after /_local/billing/
    const [kind, id, action] = segments;
    if (id === undefined || segments.length > 3) return null;
    const form = new URLSearchParams(body.toString('utf8'));

    if (kind === 'checkout') {
      const checkout = await actions.checkout(id);
      if (!checkout) return html(404, resultPage('No such checkout', 'This checkout link is unknown.'));
      if (method === 'GET' && action === undefined) {
        if (checkout.state !== 'open' || checkout.expiresAt * 1000 <= deps.clock.now()) {
          const why =
            checkout.state === 'expired'
              ? 'closed: a newer checkout was started for this account'
              : checkout.state === 'open'
                ? 'expired'
                : checkout.state;
          return html(
            410,
            resultPage('Checkout closed', `This checkout is ${why}. Ask for a new link.`, { href: returnUrl, label: 'Back' }),
          );
        }
        const base = localBillingPaths.checkout(id);
        return html(200, checkoutPage(checkout, prices[checkout.tier], { complete: `${base}/complete`, abandon: `${base}/abandon` }));
      }
      if (method === 'POST' && action === 'complete') {
        const paid = await actions.completeCheckout(id);
        if (!paid) return html(409, resultPage('Not paid', 'This checkout is closed or expired: nothing was charged.'));
        if (paid.outcome.kind === 'refused') {
          return html(
            409,
            resultPage(
              'Payment refused',
              'This account already has a subscription: nothing was charged. Change plan in the billing portal instead.',
              { href: checkout.cancelUrl, label: 'Back to the service' },
            ),
          );
        }
        return html(
          200,
          resultPage('Payment complete', outcomeMessage(paid.outcome), { href: checkout.successUrl, label: 'Back to the service' }),
        );
      }
      if (method === 'POST' && action === 'abandon') {
        await actions.abandonCheckout(id);
        return html(
          200,
          resultPage('Checkout cancelled', 'No payment was taken.', { href: checkout.cancelUrl, label: 'Back to the service' }),
        );
      }
      return null;
    }

    if (kind === 'portal' && method === 'GET' && action === undefined) {
      const subscription = await actions.subscriptionOf(id);
      if (!subscription) return html(404, resultPage('No subscription', 'This customer has no subscription.'));
      const back = url.searchParams.get('return');
      return html(
        200,
        portalPage(
          subscription,
          {
            action: (name) => localSubscriptionPath(subscription.id, name as PortalAction),
            switchTier: localSubscriptionPath(subscription.id, 'switch'),
          },
          prices,
          back ?? returnUrl,
        ),
      );
    }

    if (kind === 'subscriptions' && method === 'POST' && action !== undefined) {
      let outcome: SyncOutcome | null;
      if (action === 'switch') {
        const tier = form.get('tier');
        if (!paidTiers.includes(tier as PaidTier)) return html(400, resultPage('Unknown plan', 'Choose pro or growth.'));
        outcome = await actions.switchTier(id, tier as PaidTier);
      } else if (portalActions.includes(action as PortalAction)) {
        outcome = await actions.apply(id, action as PortalAction);
      } else {
        return null;
      }
      if (!outcome) return html(404, resultPage('No such subscription', 'The subscription is unknown or has ended.'));
      return outcome.kind === 'applied' && outcome.account.customerId
        ? seeOther(localBillingPaths.portal(outcome.account.customerId))
        : html(200, resultPage('Done', outcomeMessage(outcome)));
    }
    return null;
  };
}

export type LocalBillingRoutes = ReturnType<typeof createLocalBillingRoutes>;
