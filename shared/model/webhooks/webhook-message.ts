import { z } from 'zod';
import { EventMessage } from '#shared/model/events.js';

/** One event's delivery to one endpoint; its state is in the table, so the message names it only. */
export const DeliveryMessage = z.object({
  kind: z.literal('delivery'),
  accountId: z.string().min(1),
  webhookId: z.string().min(1),
  eventId: z.string().min(1),
});
export type DeliveryMessage = z.infer<typeof DeliveryMessage>;

/** The webhook queue carries events (fanned out to endpoints) and the deliveries they become. */
export const WebhookMessage = z.discriminatedUnion('kind', [EventMessage, DeliveryMessage]);
export type WebhookMessage = z.infer<typeof WebhookMessage>;
