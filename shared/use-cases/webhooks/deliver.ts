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
import type { StoredDelivery } from '#shared/model/webhooks/delivery.js';
import {
  claimLostStep,
  deliveryStateAfterPost,
  deliveryStepAtEnd,
  deliveryStepBeforeAttempt,
  deliveryStepForEndpoint,
  disablingSettlesDelivery,
  secondsUntilLeaseEnds,
  type DeliveryStep,
} from '#shared/model/webhooks/delivery-next-step.js';
import { retryFor } from '#shared/use-cases/webhooks/retry-for.js';
import { logExpiresAt, notSentMessage, postAttempt, recordEndpointOutcome } from '#shared/use-cases/webhooks/send-attempt.js';
import type { DeliveryMessage } from '#shared/model/webhooks/webhook-message.js';

export interface DeliveryTiming {
  /** An attempt holds its delivery this long: the POST, recording it and the endpoint's bookkeeping. */
  leaseMs: number;
  /** How long recording a made attempt is retried when the table fails (the outcome exists only in memory). */
  recordRetryMs: number;
}

/** The 10-second POST, up to 20 s of recording retries (each try up to ~9 s) and the endpoint's writes fit in the lease. */
export const defaultDeliveryTiming: DeliveryTiming = { leaseMs: 60_000, recordRetryMs: 20_000 };

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
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'queue' | 'secretBox' | 'webhookSender'>,
  options: DeliverOptions = {},
): Promise<DeliveryStep> {
  const { table, config } = deps;
  const timing = options.timing ?? defaultDeliveryTiming;
  const found = await getDelivery(table, message.webhookId, message.eventId);
  const now = deps.clock.now();
  const before = deliveryStepBeforeAttempt(found, messageId, now);
  if (before.kind !== 'check_endpoint') return before;
  const { delivery } = before;

  const endpoint = await getWebhookItem(table, message.accountId, message.webhookId);
  const claim = deliveryStepForEndpoint(endpoint, delivery, now, timing.leaseMs);
  if (claim.kind === 'drop') {
    await dropDelivery(table, delivery);
    return { kind: 'done', outcome: claim.outcome };
  }
  const { endpoint: webhook } = claim;
  const held: HeldAttempt = { attempt: claim.attempt, leaseUntil: claim.leaseUntil };
  const claimed = await claimAttempt(table, delivery, { messageId, now, leaseUntil: held.leaseUntil });
  if (!claimed.claimed) return claimLostStep(claimed.current, deps.clock.now());
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

  const next = deliveryStateAfterPost({
    success: posted.success,
    attempt,
    attemptLimit: delivery.attemptLimit,
    now: deps.clock.now(),
    retryBaseSeconds: config.webhookRetryBaseSeconds,
  });
  let { state } = next;
  let recorded: Awaited<ReturnType<typeof recordAttempt>>;
  try {
    recorded = await retryFor(timing.recordRetryMs, () =>
      recordAttempt(table, delivery, held, next, posted.entry, { expiresAt: logExpiresAt(posted, config) }),
    );
  } catch (error) {
    throw new DeliveryInterrupted(
      `${what} was made (${posted.entry.success ? 'delivered' : (posted.entry.error ?? 'failed')}) but could not be recorded`,
      secondsUntilLeaseEnds(held.leaseUntil, deps.clock.now()),
      error,
    );
  }
  if (recorded === 'taken_over') return { kind: 'done', outcome: 'attempt_taken_over' };

  // The delivery has moved on; the endpoint's own record is best effort from here.
  try {
    if (disablingSettlesDelivery(await recordEndpointOutcome(webhook, posted, deps), state)) {
      await failPendingDelivery(table, delivery, attempt);
      state = 'failed';
    }
  } catch (error) {
    deps.logger.warn('Could not record an attempt on its endpoint', { webhookId: webhook.id, eventId: delivery.eventId, attempt, error });
  }
  return deliveryStepAtEnd({ state, delaySeconds: next.delaySeconds, success: posted.success, statusCode: posted.statusCode });
}

/** Gives the claim back when the table answers; otherwise the retry waits for the lease. */
async function notBeforeAfterRelease(
  delivery: StoredDelivery,
  held: HeldAttempt,
  deps: Pick<Dependencies, 'table' | 'clock'>,
): Promise<number> {
  const released = await releaseAttempt(deps.table, delivery, held).catch(() => false);
  return released ? 0 : secondsUntilLeaseEnds(held.leaseUntil, deps.clock.now());
}
