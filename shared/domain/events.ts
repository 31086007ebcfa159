import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Dependencies } from '#shared/dependencies.js';
import { isoNow } from '#shared/domain/clock.js';

export const eventTypes = ['scan_complete', 'score_change', 'batch_complete', 'threshold_alert'] as const;
export type EventType = (typeof eventTypes)[number];

/** Something that happened to an account, queued for delivery to its webhooks. */
export const ServiceEvent = z.object({
  id: z.uuid(),
  type: z.enum(eventTypes),
  accountId: z.uuid(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type ServiceEvent = z.infer<typeof ServiceEvent>;

export const EventMessage = z.object({ kind: z.literal('event'), event: ServiceEvent });

/**
 * Queues an event for the webhook worker. The action that raised it has already happened, so a
 * queue failure is logged rather than turned into a failed response.
 */
export async function emitEvent(type: EventType, accountId: string, data: Record<string, unknown>, deps: Dependencies): Promise<void> {
  const event: ServiceEvent = { id: randomUUID(), type, accountId, occurredAt: isoNow(deps.clock), data };
  try {
    await deps.queue.send('webhook', { kind: 'event', event });
  } catch (error) {
    deps.logger.error('Could not queue an event', { eventType: type, eventId: event.id, error: error as Error });
  }
}
