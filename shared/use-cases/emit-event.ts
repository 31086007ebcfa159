import { randomUUID } from 'node:crypto';
import type { Dependencies } from '#shared/dependencies.js';
import { isoNow } from '#shared/model/clock.js';
import type { EventData, EventMessage, EventType, ServiceEvent } from '#shared/model/events.js';

/**
 * Queues an event for the webhook worker, which delivers it to the account's subscribed endpoints. The
 * action that raised it has already happened, so a queue failure is logged rather than turned into a
 * failed response.
 */
export async function emitEvent<T extends EventType>(
  type: T,
  accountId: string,
  data: EventData[T],
  deps: Pick<Dependencies, 'clock' | 'logger' | 'queue'>,
  /** A fixed id (and time) lets an event that may have been lost be raised again: fan-out writes each delivery once per id. */
  options: { id?: string; occurredAt?: string } = {},
): Promise<void> {
  const event: ServiceEvent = {
    id: options.id ?? randomUUID(),
    type,
    accountId,
    occurredAt: options.occurredAt ?? isoNow(deps.clock),
    data: { ...data },
  };
  try {
    await deps.queue.send('webhook', { kind: 'event', event } satisfies EventMessage);
  } catch (error) {
    deps.logger.error('Could not queue an event', { eventType: type, eventId: event.id, error: error as Error });
  }
}
