import type { EventType } from '#shared/model/events.js';
import type { StoredThreshold } from '#shared/model/sites/thresholds.js';
import { tierAtLeast, type Tier } from '#shared/model/tiers.js';
import { receivingEndpoints, type StoredWebhook } from '#shared/model/webhooks/webhook.js';

/** The events a watched site's alerts are: what `alertEnabled` turns off. */
export type AlertEvent = Extract<EventType, 'score_change' | 'threshold_alert'>;

export interface WebhookRef {
  id: string;
  label: string | null;
  /** Null in a view for a caller who may not read webhooks. */
  url: string | null;
}

/** Where one alert event goes: the webhooks that receive it, or (when none does) the account's e-mail digest. */
export type AlertDestination = { channel: 'email' } | { channel: 'webhook'; webhooks: WebhookRef[] };

/**
 * The one rule the rescan alerts apply (shared/use-cases/rescans/alerts.ts) and the site views show:
 * an alert goes to every webhook that receives its event now (receivingEndpoints), and is mailed
 * only when no webhook does.
 */
export function alertDestination(type: AlertEvent, webhooks: readonly StoredWebhook[], tier: Tier, webhooksMax: number): AlertDestination {
  const endpoints = receivingEndpoints(webhooks, type, tier, webhooksMax);
  if (endpoints.length === 0) return { channel: 'email' };
  return { channel: 'webhook', webhooks: endpoints.map(({ id, label, url }) => ({ id, label, url })) };
}

export interface AlertRoute {
  event: AlertEvent;
  channel: 'email' | 'webhook';
  /** The endpoints of a `webhook` route (empty for `email`). */
  webhookIds: string[];
}

/** Where a site's alerts go, as its views show it (the `alertsGoTo` field). */
export interface AlertsGoTo {
  /** `email_and_webhook` when one event is mailed and another goes to webhooks. */
  channel: 'email' | 'webhook' | 'email_and_webhook' | 'none';
  /** The account's address, when any alert is mailed. */
  address: string | null;
  /** Every endpoint that receives one of the site's alerts, oldest first. */
  webhooks: WebhookRef[];
  /** Why no alert goes anywhere (`none`), else null. */
  reason: string | null;
  events: AlertRoute[];
}

export interface AlertRoutingInput {
  site: { alertEnabled: boolean; thresholds: readonly Pick<StoredThreshold, 'isActive'>[] };
  paused: boolean;
  account: { email: string; tier: Tier };
  /** The account's endpoints, oldest first (listWebhookItems). */
  webhooks: readonly StoredWebhook[];
  webhooksMax: number;
}

/**
 * The alerts a site can raise and where each goes: `score_change` on every tier, `threshold_alert` on
 * growth for a site with an active threshold (below growth no threshold alert is raised).
 */
export function alertsGoTo({ site, paused, account, webhooks, webhooksMax }: AlertRoutingInput): AlertsGoTo {
  const none = (reason: string): AlertsGoTo => ({ channel: 'none', address: null, webhooks: [], reason, events: [] });
  if (!site.alertEnabled) return none('Alerts are off for this site.');
  if (paused) return none("The site is above the plan's watched-site limit: it is not rescanned, so it raises no alert.");
  const events: AlertEvent[] = ['score_change'];
  if (tierAtLeast(account.tier, 'growth') && site.thresholds.some((threshold) => threshold.isActive)) events.push('threshold_alert');
  const byId = new Map<string, WebhookRef>();
  const routes = events.map((event): AlertRoute => {
    const destination = alertDestination(event, webhooks, account.tier, webhooksMax);
    if (destination.channel === 'email') return { event, channel: 'email', webhookIds: [] };
    for (const webhook of destination.webhooks) byId.set(webhook.id, webhook);
    return { event, channel: 'webhook', webhookIds: destination.webhooks.map((webhook) => webhook.id) };
  });
  const mailed = routes.some((route) => route.channel === 'email');
  const hooked = routes.some((route) => route.channel === 'webhook');
  return {
    channel: mailed && hooked ? 'email_and_webhook' : mailed ? 'email' : 'webhook',
    address: mailed ? account.email : null,
    webhooks: [...byId.values()],
    reason: null,
    events: routes,
  };
}
