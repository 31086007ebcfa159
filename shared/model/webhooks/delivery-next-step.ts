import type { Config } from '#shared/config.js';
import type { DeliveryState, StoredDelivery } from '#shared/model/webhooks/delivery.js';
import { disableReason } from '#shared/model/webhooks/endpoint-health.js';
import { retryDelaySeconds } from '#shared/model/webhooks/retry-schedule.js';
import type { StoredWebhook } from '#shared/model/webhooks/webhook.js';

/*
 * The decisions of one delivery message's walk, in the order deliverMessage meets them:
 * read the delivery -> deliveryStepBeforeAttempt -> read the endpoint -> deliveryStepForEndpoint ->
 * claim (lost: claimLostStep) -> POST -> deliveryStateAfterPost -> record -> mark the endpoint
 * (endpointDisableReason, disablingSettlesDelivery) -> deliveryStepAtEnd. Each is pure; the use case does the I/O between them.
 */

/** What the queue should do with the message: let it go, or hand it back after a while. */
export type DeliveryStep = { kind: 'done'; outcome: string } | { kind: 'retry'; afterSeconds: number; outcome: string };

/** A message back this close to its next attempt time is on time (clocks and SQS are not exact). */
export const earlyToleranceMs = 1_000;

/**
 * The delivery as read, before its endpoint: settled or unknown (done), another message's (done), not
 * due yet or held by an attempt under way (retry later), or due: go on to its endpoint.
 */
export function deliveryStepBeforeAttempt<D extends Pick<StoredDelivery, 'state' | 'ownerMessageId' | 'nextAttemptAt' | 'leaseUntil'>>(
  delivery: D | null,
  messageId: string,
  now: number,
): DeliveryStep | { kind: 'check_endpoint'; delivery: D } {
  if (!delivery) return { kind: 'done', outcome: 'unknown_delivery' };
  if (delivery.state !== 'pending') return { kind: 'done', outcome: `already_${delivery.state}` };
  if (delivery.ownerMessageId !== undefined && delivery.ownerMessageId !== messageId) return { kind: 'done', outcome: 'duplicate_message' };
  if (delivery.nextAttemptAt > now + earlyToleranceMs)
    return { kind: 'retry', afterSeconds: Math.ceil((delivery.nextAttemptAt - now) / 1000), outcome: 'not_due' };
  if (delivery.leaseUntil !== undefined && delivery.leaseUntil >= now)
    return { kind: 'retry', afterSeconds: Math.ceil((delivery.leaseUntil - now) / 1000) + 1, outcome: 'attempt_under_way' };
  return { kind: 'check_endpoint', delivery };
}

/**
 * The endpoint as read (null: deleted): gone or disabled drops the delivery without an attempt;
 * active claims the next attempt with a lease of `leaseMs` from `now`.
 */
export function deliveryStepForEndpoint<W extends Pick<StoredWebhook, 'isActive'>>(
  endpoint: W | null,
  delivery: Pick<StoredDelivery, 'attempts'>,
  now: number,
  leaseMs: number,
):
  | { kind: 'drop'; outcome: 'endpoint_disabled' | 'endpoint_deleted' }
  | { kind: 'claim'; endpoint: W; attempt: number; leaseUntil: number } {
  if (!endpoint) return { kind: 'drop', outcome: 'endpoint_deleted' };
  if (!endpoint.isActive) return { kind: 'drop', outcome: 'endpoint_disabled' };
  return { kind: 'claim', endpoint, attempt: delivery.attempts + 1, leaseUntil: now + leaseMs };
}

/**
 * Another receive claimed the attempt first (`current`: the delivery as the refusal left it): come
 * back once that attempt's lease can have run out, or in a second when no lease holds it (the attempt
 * was made and recorded meanwhile: the next read says whether one is still due).
 */
export function claimLostStep(current: Pick<StoredDelivery, 'leaseUntil'> | null, now: number): DeliveryStep {
  const lease = current?.leaseUntil;
  const afterSeconds = lease !== undefined && lease >= now ? secondsUntilLeaseEnds(lease, now) : 1;
  return { kind: 'retry', afterSeconds, outcome: 'claimed_elsewhere' };
}

/**
 * Where the POST leaves the delivery: delivered on a 2xx, failed when that was its last allowed
 * attempt, otherwise pending until the next attempt on the retry schedule (`now`: after the POST).
 */
export function deliveryStateAfterPost(input: {
  success: boolean;
  attempt: number;
  attemptLimit: number;
  now: number;
  retryBaseSeconds: number;
  random?: () => number;
}): { state: DeliveryState; delaySeconds: number; nextAttemptAt: number } {
  let state: DeliveryState = 'pending';
  if (input.success) state = 'delivered';
  else if (input.attempt >= input.attemptLimit) state = 'failed';
  const delaySeconds = state === 'pending' ? retryDelaySeconds(input.attempt, input.retryBaseSeconds, input.random) : 0;
  return { state, delaySeconds, nextAttemptAt: input.now + delaySeconds * 1000 };
}

/**
 * Whether an attempt's outcome turns its endpoint off (the reason), given the endpoint as the outcome
 * left it (null: deleted meanwhile). Only an event's own failed attempt on a still active endpoint can;
 * a test or redelivery (`manual`) never does. A manual success turns a disabled endpoint back on in the
 * store's outcome write (its `reactivate`).
 */
export function endpointDisableReason(
  after: Pick<StoredWebhook, 'isActive' | 'failureCount' | 'failingSince'> | null,
  outcome: { success: boolean; statusCode: number | null; manual: boolean; at: number },
  config: Pick<Config, 'webhookDisableAfterFailures' | 'webhookDisableAfterSeconds'>,
): string | null {
  if (outcome.success || outcome.manual || !after?.isActive) return null;
  return disableReason(after, outcome.statusCode, config, outcome.at);
}

/** An attempt that disabled its endpoint settles a still pending delivery as failed (no retries to a disabled endpoint). */
export function disablingSettlesDelivery(disabledEndpoint: boolean, state: DeliveryState): boolean {
  return disabledEndpoint && state === 'pending';
}

/**
 * The message's end once the attempt is recorded: a pending delivery retries after its delay; a
 * settled one is done. The outcome names the answer: delivered, or failed_<status|no_response>, with
 * `_final` when the delivery is settled as failed.
 */
export function deliveryStepAtEnd(input: {
  state: DeliveryState;
  delaySeconds: number;
  success: boolean;
  statusCode: number | null;
}): DeliveryStep {
  const outcome = input.success ? 'delivered' : `failed_${input.statusCode ?? 'no_response'}`;
  if (input.state === 'pending') return { kind: 'retry', afterSeconds: input.delaySeconds, outcome };
  return { kind: 'done', outcome: input.state === 'failed' ? `${outcome}_final` : outcome };
}

/** Seconds until `at` plus one, never negative: how long a retry waits for a lease to run out. */
export function secondsUntilLeaseEnds(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000) + 1);
}
