import {
  claimAttempt,
  dropDelivery,
  failPendingDelivery,
  getDelivery,
  recordAttempt,
  releaseAttempt,
  type HeldAttempt,
} from '#shared/db/webhook-delivery-store.js';
import { getWebhookItem } from '#shared/db/webhook-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import { attemptWindowMs, bookkeepingReserveMs } from '#shared/model/webhooks/attempt-window.js';
import type { DeliveryState, StoredDelivery } from '#shared/model/webhooks/delivery.js';
import { retryDelaySeconds } from '#shared/model/webhooks/retry-schedule.js';
import { retryFor } from '#shared/model/webhooks/retry-for.js';
import { logExpiresAt, notSentMessage, postAttempt, recordEndpointOutcome } from '#shared/use-cases/webhooks/send-attempt.js';
import type { DeliveryMessage } from '#shared/model/webhooks/webhook-message.js';

/** What the queue should do with the message: let it go, or hand it back after a while. */
export type DeliveryStep = { kind: 'done'; outcome: string } | { kind: 'retry'; afterSeconds: number; outcome: string };

export interface DeliveryTiming {
  /** An attempt holds its delivery this long: the POST, recording it and the endpoint's bookkeeping. */
  leaseMs: number;
  /** How long recording a made attempt is retried when the table fails (the outcome exists only in memory). */
  recordRetryMs: number;
}

/** The 10-second POST, up to 20 s of recording retries (each try up to ~9 s) and the endpoint's writes fit in the lease. */
export const defaultDeliveryTiming: DeliveryTiming = { leaseMs: 60_000, recordRetryMs: 20_000 };

/** A message back this close to its next attempt time is on time (clocks and SQS are not exact). */
const earlyToleranceMs = 1_000;

/**
 * Our side failed in the middle of an attempt. `notBeforeSeconds`: the attempt's lease still holds the
 * delivery this long (0 when the claim was given back), so retrying sooner would find it busy.
 */
export class DeliveryInterrupted extends Error {
  constructor(
    message: string,
    readonly notBeforeSeconds: number,
    cause: unknown,
  ) {
    super(`${message}: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`, { cause });
    this.name = 'DeliveryInterrupted';
  }
}

export interface DeliverOptions {
  /** The invocation's time left: the POST waits no longer than leaves room to record it. */
  timeLeftMs?: () => number;
  timing?: DeliveryTiming;
}

/**
 * One delivery message: the next attempt of its delivery, if one is due and this message carries the
 * delivery's retries. A delivered (or settled) delivery is never sent again, whatever comes back from
 * the queue; a failure schedules the next attempt on the same message (exponential backoff, jitter).
 * Our side failing throws (DeliveryInterrupted once an attempt is claimed); the worker then retries
 * the message on the schedule. An attempt is logged at most once, in the same write that moves its
 * delivery on; an attempt made whose recording failed for `recordRetryMs` is made again (same body
 * and webhook-id) once its lease runs out: delivery is at least once (docs/decisions/038-webhook-our-side-failures.md).
 */
export async function deliverMessage(
  message: DeliveryMessage,
  messageId: string,
  deps: Dependencies,
  options: DeliverOptions = {},
): Promise<DeliveryStep> {
  const { db, config } = deps;
  const timing = options.timing ?? defaultDeliveryTiming;
  const delivery = await getDelivery(db, config.tableName, message.webhookId, message.eventId);
  if (!delivery) return { kind: 'done', outcome: 'unknown_delivery' };
  if (delivery.state !== 'pending') return { kind: 'done', outcome: `already_${delivery.state}` };
  if (delivery.ownerMessageId !== undefined && delivery.ownerMessageId !== messageId) return { kind: 'done', outcome: 'duplicate_message' };
  const now = deps.clock.now();
  if (delivery.nextAttemptAt > now + earlyToleranceMs)
    return { kind: 'retry', afterSeconds: Math.ceil((delivery.nextAttemptAt - now) / 1000), outcome: 'not_due' };
  if (delivery.leaseUntil !== undefined && delivery.leaseUntil >= now)
    return { kind: 'retry', afterSeconds: Math.ceil((delivery.leaseUntil - now) / 1000) + 1, outcome: 'attempt_under_way' };

  const webhook = await getWebhookItem(db, config.tableName, message.accountId, message.webhookId);
  if (!webhook || !webhook.isActive) {
    await dropDelivery(db, config.tableName, delivery);
    return { kind: 'done', outcome: webhook ? 'endpoint_disabled' : 'endpoint_deleted' };
  }
  const held: HeldAttempt = { attempt: delivery.attempts + 1, leaseUntil: now + timing.leaseMs };
  if (!(await claimAttempt(db, config.tableName, delivery, { messageId, now, leaseUntil: held.leaseUntil }))) {
    return { kind: 'retry', afterSeconds: timing.leaseMs / 1000, outcome: 'claimed_elsewhere' };
  }
  const { attempt } = held;
  const what = `Attempt ${attempt} of event ${delivery.eventId} to webhook ${delivery.webhookId}`;

  // Time is kept back for recording the attempt (with its retries) and the endpoint's writes.
  const reserveMs = timing.recordRetryMs + 2 * bookkeepingReserveMs(config);
  let result: Awaited<ReturnType<typeof postAttempt>>;
  try {
    result = await postAttempt(
      { webhook, eventId: delivery.eventId, eventType: delivery.eventType, body: delivery.body, attempt, kind: 'event' },
      () => attemptWindowMs(options.timeLeftMs, reserveMs),
      deps,
    );
    if (result.kind === 'not_sent') throw new Error(notSentMessage);
  } catch (error) {
    throw new DeliveryInterrupted(`${what} was not made`, await notBeforeAfterRelease(delivery, held, deps), error);
  }
  const { posted } = result;

  let state: DeliveryState = 'pending';
  if (posted.success) state = 'delivered';
  else if (attempt >= delivery.attemptLimit) state = 'failed';
  const delaySeconds = state === 'pending' ? retryDelaySeconds(attempt, config.webhookRetryBaseSeconds) : 0;
  const next = { state, nextAttemptAt: deps.clock.now() + delaySeconds * 1000 };
  let recorded: Awaited<ReturnType<typeof recordAttempt>>;
  try {
    recorded = await retryFor(timing.recordRetryMs, () =>
      recordAttempt(db, config.tableName, delivery, held, next, posted.entry, { expiresAt: logExpiresAt(posted, config) }),
    );
  } catch (error) {
    throw new DeliveryInterrupted(
      `${what} was made (${posted.entry.success ? 'delivered' : (posted.entry.error ?? 'failed')}) but could not be recorded`,
      secondsUntil(held.leaseUntil, deps),
      error,
    );
  }
  if (recorded === 'taken_over') return { kind: 'done', outcome: 'attempt_taken_over' };

  // The delivery has moved on; the endpoint's own record is best effort from here.
  try {
    if ((await recordEndpointOutcome(webhook, posted, false, deps)) && state === 'pending') {
      await failPendingDelivery(db, config.tableName, delivery, attempt);
      state = 'failed';
    }
  } catch (error) {
    deps.logger.warn('Could not record an attempt on its endpoint', { webhookId: webhook.id, eventId: delivery.eventId, attempt, error });
  }
  const outcome = posted.success ? 'delivered' : `failed_${posted.statusCode ?? 'no_response'}`;
  return state === 'pending'
    ? { kind: 'retry', afterSeconds: delaySeconds, outcome }
    : { kind: 'done', outcome: state === 'failed' ? `${outcome}_final` : outcome };
}

/** Gives the claim back when the table answers; otherwise the retry waits for the lease. */
async function notBeforeAfterRelease(delivery: StoredDelivery, held: HeldAttempt, deps: Dependencies): Promise<number> {
  const released = await releaseAttempt(deps.db, deps.config.tableName, delivery, held).catch(() => false);
  return released ? 0 : secondsUntil(held.leaseUntil, deps);
}

function secondsUntil(at: number, deps: Dependencies): number {
  return Math.max(0, Math.ceil((at - deps.clock.now()) / 1000) + 1);
}
