import { z } from 'zod';
import { DateTime, NullableDateTime, Uuid, label } from '#shared/http/schemas/common-schemas.js';

export const webhookEvents = ['scan_complete', 'score_change', 'batch_complete', 'threshold_alert'] as const;
export const WebhookEvent = z.enum(webhookEvents).meta({ id: 'WebhookEvent' });

export const Webhook = z
  .object({
    id: z.uuid(),
    url: z.string(),
    label: z.string().nullable(),
    events: z.array(WebhookEvent),
    isActive: z.boolean(),
    lastTriggeredAt: NullableDateTime,
    lastStatusCode: z.number().int().nullable(),
    failureCount: z.number().int(),
    createdAt: DateTime,
  })
  .meta({ id: 'Webhook' });

export function createWebhookRequest(labelMax: number) {
  // Strict: a misspelt field would otherwise be dropped silently. Events are checked against the
  // caller's tier by the domain (403 for one above the tier, 400 for an unknown one).
  return z
    .strictObject({
      url: z.string().min(1, 'is required').max(2048, 'must be at most 2048 characters'),
      events: z.array(z.string().max(64)).min(1, 'must name at least one event').max(10),
      label: label(labelMax).optional(),
    })
    .meta({ id: 'CreateWebhookRequest' });
}

export const WebhookList = z
  .object({
    webhooks: z.array(Webhook),
    limit: z.number().int(),
    used: z.number().int(),
    allowedEvents: z.array(WebhookEvent),
  })
  .meta({ id: 'WebhookList' });

export const CreatedWebhook = z.object({ webhook: Webhook, secret: z.string() }).meta({ id: 'CreatedWebhook' });

export const WebhookTestResult = z
  .object({ success: z.boolean(), statusCode: z.number().int().nullable(), message: z.string() })
  .meta({ id: 'WebhookTestResult' });

export const DeliveryParams = z.object({ id: Uuid, eventId: Uuid });

export const DeliveryAttempt = z
  .object({
    eventId: z.uuid(),
    eventType: WebhookEvent,
    attempt: z.number().int().min(1).meta({ description: "1 for an event's first attempt; a redelivery continues the count" }),
    test: z.boolean().meta({ description: 'A test delivery (POST .../test), not an event' }),
    success: z.boolean(),
    statusCode: z.number().int().nullable().meta({ description: "The endpoint's status; null when it gave none" }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'Why it failed: `status 500`, or timeout, refused, tls, dns, blocked, reset, network' }),
    durationMs: z.number().int(),
    attemptedAt: DateTime,
  })
  .meta({ id: 'DeliveryAttempt' });

export const DeliveryLog = z
  .object({ deliveries: z.array(DeliveryAttempt).meta({ description: 'The last 50 attempts, newest first; kept 30 days' }) })
  .meta({ id: 'DeliveryLog' });
