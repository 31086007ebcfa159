import { z } from 'zod';
import { DateTime, NullableDateTime, label } from '#shared/http/schemas/common.js';

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
  return z
    .object({
      url: z.string().min(1, 'is required').max(2048, 'must be at most 2048 characters'),
      events: z.array(z.string()).min(1, 'must name at least one event'),
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
