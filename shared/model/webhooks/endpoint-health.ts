import type { Config } from '#shared/config.js';
import type { StoredWebhook } from '#shared/model/webhooks/webhook.js';

/**
 * Why an endpoint should be turned off after a failed delivery, or null: 410 Gone at once; otherwise a
 * run of WEBHOOK_DISABLE_AFTER_FAILURES consecutive failures that began WEBHOOK_DISABLE_AFTER_SECONDS
 * ago or earlier, so a short outage during a burst of events does not disable a working endpoint.
 */
export function disableReason(
  webhook: Pick<StoredWebhook, 'failureCount' | 'failingSince'>,
  statusCode: number | null,
  config: Pick<Config, 'webhookDisableAfterFailures' | 'webhookDisableAfterSeconds'>,
  now: number,
): string | null {
  if (statusCode === 410) return 'The endpoint answered 410 Gone.';
  if (webhook.failureCount < config.webhookDisableAfterFailures || webhook.failingSince === undefined) return null;
  if (now - Date.parse(webhook.failingSince) < config.webhookDisableAfterSeconds * 1_000) return null;
  return `${webhook.failureCount} deliveries in a row failed, the first at ${webhook.failingSince}.`;
}
