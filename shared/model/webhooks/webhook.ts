import type { EventType } from '#shared/model/events.js';
import type { Tier } from '#shared/model/tiers.js';

/** The spec's Webhook record (never the secret). */
export interface WebhookView {
  id: string;
  url: string;
  label: string | null;
  events: EventType[];
  isActive: boolean;
  lastTriggeredAt: string | null;
  lastStatusCode: number | null;
  /** Consecutive failed deliveries; a success resets it. */
  failureCount: number;
  createdAt: string;
}

/** A webhook endpoint as stored; its signing secret only sealed (shared/adapters/secret-box.ts). */
export interface StoredWebhook extends WebhookView {
  accountId: string;
  sealedSecret: string;
  /** When the current run of failures began (absent after a success). */
  failingSince?: string;
  /** Why the service disabled the endpoint, when it did. */
  disabledReason?: string;
  /** Created with an Idempotency-Key: the credential that did (shared/model/idempotency-key.ts), the only one a repeat answers with the secret. */
  createdBy?: string;
}

export function webhookView(webhook: StoredWebhook): WebhookView {
  const { id, url, label, events, isActive, lastTriggeredAt, lastStatusCode, failureCount, createdAt } = webhook;
  return { id, url, label, events, isActive, lastTriggeredAt, lastStatusCode, failureCount, createdAt };
}

/** The events a tier may subscribe to (the spec's table): pro score_change; growth all four. */
export function allowedEvents(tier: Tier): EventType[] {
  if (tier === 'growth') return ['score_change', 'scan_complete', 'threshold_alert', 'batch_complete'];
  if (tier === 'pro') return ['score_change'];
  return [];
}

/**
 * The endpoints an event of `type` goes to now: active, subscribed to it, the type allowed by the
 * account's tier, and among the oldest `limit` endpoints (after a downgrade the newer ones wait).
 * `webhooks` oldest first, as listWebhookItems returns them. Fan-out delivers to these; the rescan
 * alerts mail what none of them covers.
 */
export function receivingEndpoints(webhooks: readonly StoredWebhook[], type: EventType, tier: Tier, limit: number): StoredWebhook[] {
  if (!allowedEvents(tier).includes(type)) return [];
  return webhooks.slice(0, limit).filter((webhook) => webhook.isActive && webhook.events.includes(type));
}

/** The context a sealed secret is bound to: it opens only for its own webhook and account. */
export function secretContext(webhook: Pick<StoredWebhook, 'accountId' | 'id'>): Record<string, string> {
  return { purpose: 'webhook-signing-secret', accountId: webhook.accountId, webhookId: webhook.id };
}
