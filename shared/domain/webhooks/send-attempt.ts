import { signDelivery } from '#shared/adapters/webhook-signer.js';
import { putAttempt } from '#shared/db/webhook-deliveries.js';
import { disableWebhookItem, recordWebhookOutcome } from '#shared/db/webhooks.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { EventType } from '#shared/domain/events.js';
import { disableReason } from '#shared/domain/webhooks/endpoint-health.js';
import { secretContext, type StoredWebhook } from '#shared/domain/webhooks/webhook.js';
import type { WebhookDisabledJob } from '#shared/domain/webhooks/webhook-disabled-job.js';

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

export interface AttemptResult {
  success: boolean;
  statusCode: number | null;
  /** Why it failed, in words for the caller (test deliveries) and the log. */
  message: string;
  /** This attempt turned the endpoint off (410, or the end of a long run of failures). */
  disabled: boolean;
}

/**
 * One signed POST of a body to an endpoint, then its bookkeeping: the delivery log entry, the
 * endpoint's lastTriggeredAt / lastStatusCode / failureCount, and, for events, disabling the endpoint
 * (and mailing its owner) when the failure calls for it. Tests and redeliveries (asked for by the
 * owner) never disable; a successful one turns a disabled endpoint back on.
 */
export async function sendAttempt(input: AttemptInput, deps: Dependencies): Promise<AttemptResult> {
  const { webhook } = input;
  const manual = input.kind !== 'event';
  const { db, config } = deps;
  const at = new Date(deps.clock.now());
  const secret = await deps.secretBox.open(webhook.sealedSecret, secretContext(webhook));
  const headers = signDelivery(secret, { id: input.eventId, body: input.body, at });
  const sent = await deps.webhookSender.post(webhook.url, input.body, { ...headers });
  const statusCode = sent.kind === 'response' ? sent.statusCode : null;
  const success = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const message = sent.kind === 'error' ? sent.message : success ? `Delivered: the endpoint answered ${statusCode}` : `The endpoint answered ${statusCode}; only 2xx counts as delivered`;
  const attemptedAt = at.toISOString();
  const expiresAt = Math.floor(at.getTime() / 1000) + config.webhookDeliveryLogDays * 86_400;

  await putAttempt(
    db,
    config.tableName,
    webhook.id,
    {
      eventId: input.eventId,
      eventType: input.eventType,
      attempt: input.attempt,
      test: input.kind === 'test',
      success,
      statusCode,
      error: success ? null : sent.kind === 'error' ? sent.error : `status ${statusCode}`,
      durationMs: sent.durationMs,
      attemptedAt,
    },
    { expiresAt },
  );
  const after = await recordWebhookOutcome(db, config.tableName, webhook, { at: attemptedAt, statusCode, success, reactivate: manual });
  let disabled = false;
  if (!success && !manual && after?.isActive) {
    const reason = disableReason(after, statusCode, config, at.getTime());
    if (reason !== null && (await disableWebhookItem(db, config.tableName, webhook, reason))) {
      disabled = true;
      deps.logger.warn('Webhook endpoint disabled', { webhookId: webhook.id, accountId: webhook.accountId, reason });
      const job: WebhookDisabledJob = { kind: 'webhook-disabled', accountId: webhook.accountId, webhook: { id: webhook.id, url: webhook.url, label: webhook.label }, reason, disabledAt: attemptedAt };
      await deps.queue.send('mail', job);
    }
  }
  return { success, statusCode, message, disabled };
}
