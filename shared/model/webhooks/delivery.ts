import type { EventType } from '#shared/model/events.js';

/** pending: attempts remain; delivered: an attempt got a 2xx; failed: out of attempts or the endpoint disabled; dropped: the endpoint was gone or disabled before an attempt. */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'dropped';

/** One event's delivery to one endpoint. The body is fixed at fan-out, so every retry sends the same bytes. */
export interface StoredDelivery {
  accountId: string;
  webhookId: string;
  eventId: string;
  eventType: EventType;
  body: string;
  state: DeliveryState;
  /** Attempts made so far. */
  attempts: number;
  /** The event's own attempts allowed (redeliveries asked for by the owner come on top). */
  attemptLimit: number;
  /** Epoch milliseconds: no attempt before then. */
  nextAttemptAt: number;
  /** The SQS message that carries this delivery's retries: other copies of it are dropped. */
  ownerMessageId?: string;
  /** Epoch milliseconds: an attempt is under way until then. */
  leaseUntil?: number;
  /** The latest claim's own id, so a claim repeated by the SDK after its answer was lost knows itself. */
  claimId?: string;
  createdAt: string;
}

/** One attempt, as the delivery log shows it. */
export interface DeliveryAttempt {
  eventId: string;
  eventType: EventType;
  attempt: number;
  /** A test delivery (POST .../test) rather than an event. */
  test: boolean;
  success: boolean;
  statusCode: number | null;
  /** Why there was no 2xx: the error when there was no response. */
  error: string | null;
  durationMs: number;
  attemptedAt: string;
}
