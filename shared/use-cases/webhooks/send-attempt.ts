import { signDelivery } from '#shared/adapters/webhook-signer.js';
import { putAttempt } from '#shared/db/webhook-delivery-store.js';
import { disableWebhookItem, recordWebhookOutcome } from '#shared/db/webhook-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { EventType } from '#shared/model/events.js';
import type { DeliveryAttempt } from '#shared/model/webhooks/delivery.js';
import { minimumWindowMs } from '#shared/model/webhooks/attempt-window.js';
import { endpointDisableReason } from '#shared/model/webhooks/delivery-next-step.js';
import { secretContext, type StoredWebhook } from '#shared/model/webhooks/webhook.js';
import type { WebhookDisabledJob } from '#shared/use-cases/webhooks/webhook-disabled-job.js';

export interface AttemptInput {
  webhook: StoredWebhook;
  eventId: string;
  eventType: EventType;
  body: string;
  /** 1 for the first attempt of a delivery. */
  attempt: number;
  /** An event's own attempt, a test delivery, or a redelivery someone asked for. */
  kind: 'event' | 'test' | 'redelivery';
}

/** One POST made, as the delivery log and the caller of a test see it. */
export interface PostedAttempt {
  entry: DeliveryAttempt;
  success: boolean;
  statusCode: number | null;
  /** Why it failed (or that it worked), in words for the caller of a test and the log. */
  message: string;
}

/** The POST was made, or not at all because the invocation had too little time left to wait for it. */
export type PostResult = { kind: 'posted'; posted: PostedAttempt } | { kind: 'not_sent'; message: string };

export const notSentMessage = 'Not sent: this request had too little time left to wait for the endpoint; try again';

/**
 * One signed POST of a body to an endpoint, waiting for it at most `windowMs()` (read just before
 * sending, after the secret is opened). Throws only for our side's failures (the secret cannot be
 * opened); whatever the endpoint does is an outcome.
 */
export async function postAttempt(
  input: AttemptInput,
  windowMs: () => number,
  deps: Pick<Dependencies, 'clock' | 'secretBox' | 'webhookSender'>,
): Promise<PostResult> {
  const { webhook } = input;
  const secret = await deps.secretBox.open(webhook.sealedSecret, secretContext(webhook));
  const timeoutMs = windowMs();
  if (timeoutMs < minimumWindowMs) return { kind: 'not_sent', message: notSentMessage };
  const at = new Date(deps.clock.now());
  const headers = signDelivery(secret, { id: input.eventId, body: input.body, at });
  const sent = await deps.webhookSender.post(webhook.url, input.body, { ...headers }, { timeoutMs });
  const statusCode = sent.kind === 'response' ? sent.statusCode : null;
  const success = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const message =
    sent.kind === 'error'
      ? sent.message
      : success
        ? `Delivered: the endpoint answered ${statusCode}`
        : `The endpoint answered ${statusCode}; only 2xx counts as delivered`;
  const entry: DeliveryAttempt = {
    eventId: input.eventId,
    eventType: input.eventType,
    attempt: input.attempt,
    test: input.kind === 'test',
    success,
    statusCode,
    error: success ? null : sent.kind === 'error' ? sent.error : `status ${statusCode}`,
    durationMs: sent.durationMs,
    attemptedAt: at.toISOString(),
  };
  return { kind: 'posted', posted: { entry, success, statusCode, message } };
}

/** The log entry's expiry: the log's retention from the attempt. */
export function logExpiresAt(posted: PostedAttempt, config: Dependencies['config']): number {
  return Math.floor(Date.parse(posted.entry.attemptedAt) / 1000) + config.webhookDeliveryLogDays * 86_400;
}

/** Writes a test's or redelivery's attempt to the delivery log. */
export async function logAttempt(
  webhook: StoredWebhook,
  posted: PostedAttempt,
  deps: Pick<Dependencies, 'config' | 'table'>,
): Promise<void> {
  await putAttempt(deps.table, webhook.id, posted.entry, { expiresAt: logExpiresAt(posted, deps.config) });
}

/** An attempt's mark on its endpoint: lastTriggeredAt / lastStatusCode / failureCount; the endpoint after it. */
function markEndpoint(webhook: StoredWebhook, posted: PostedAttempt, reactivate: boolean, table: Dependencies['table']) {
  return recordWebhookOutcome(table, webhook, {
    at: posted.entry.attemptedAt,
    statusCode: posted.statusCode,
    success: posted.success,
    reactivate,
  });
}

/**
 * A test's or redelivery's mark on its endpoint (asked for by the owner): it never disables, and a
 * successful one turns a disabled endpoint back on.
 */
export async function recordManualOutcome(webhook: StoredWebhook, posted: PostedAttempt, deps: Pick<Dependencies, 'table'>): Promise<void> {
  await markEndpoint(webhook, posted, true, deps.table);
}

/**
 * An event's own attempt's mark on its endpoint, disabling the endpoint (and mailing its owner) when the
 * failure calls for it. True when this attempt disabled the endpoint.
 */
export async function recordEndpointOutcome(
  webhook: StoredWebhook,
  posted: PostedAttempt,
  deps: Pick<Dependencies, 'config' | 'table' | 'logger' | 'queue'>,
): Promise<boolean> {
  const { table, config } = deps;
  const { attemptedAt } = posted.entry;
  const after = await markEndpoint(webhook, posted, false, table);
  const reason = endpointDisableReason(
    after,
    { success: posted.success, statusCode: posted.statusCode, manual: false, at: Date.parse(attemptedAt) },
    config,
  );
  if (reason === null || !(await disableWebhookItem(table, webhook, reason))) return false;
  deps.logger.warn('Webhook endpoint disabled', { webhookId: webhook.id, accountId: webhook.accountId, reason });
  const job: WebhookDisabledJob = {
    kind: 'webhook-disabled',
    accountId: webhook.accountId,
    webhook: { id: webhook.id, url: webhook.url, label: webhook.label },
    reason,
    disabledAt: attemptedAt,
  };
  await deps.queue.send('mail', job);
  return true;
}
