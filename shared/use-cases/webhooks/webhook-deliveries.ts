import { randomUUID } from 'node:crypto';
import { claimRedelivery, finishRedelivery, getDelivery, latestAttempts, releaseAttempt } from '#shared/db/webhook-delivery-store.js';
import { getWebhookItem } from '#shared/db/webhook-store.js';
import type { Dependencies } from '#shared/dependencies.js';
import type { Caller } from '#shared/model/accounts/caller.js';
import { conflict, notFound } from '#shared/model/errors.js';
import type { DeliveryAttempt } from '#shared/model/webhooks/delivery.js';
import { testEnvelopeBody } from '#shared/model/webhooks/envelope.js';
import { attemptWindowMs, bookkeepingReserveMs } from '#shared/model/webhooks/attempt-window.js';
import {
  logAttempt,
  postAttempt,
  recordManualOutcome,
  type PostedAttempt,
  type PostResult,
} from '#shared/use-cases/webhooks/send-attempt.js';
import type { StoredWebhook } from '#shared/model/webhooks/webhook.js';

/** What a test or a redelivery answers. */
export interface DeliveryOutcome {
  success: boolean;
  statusCode: number | null;
  message: string;
}

/** The delivery log shows this many attempts. */
export const deliveryLogSize = 50;

async function ownWebhook(caller: Caller, webhookId: string, deps: Pick<Dependencies, 'table'>): Promise<StoredWebhook> {
  const webhook = await getWebhookItem(deps.table, caller.accountId, webhookId);
  if (!webhook) throw notFound('Webhook not found');
  return webhook;
}

/**
 * POST .../{id}/test: one real signed delivery of a sample event (the endpoint's first subscribed type,
 * `"test": true`), answered with its outcome. Logged like any attempt; a success turns a disabled
 * endpoint back on. `timeLeftMs` (the invocation's time left) bounds the wait for the endpoint, so a
 * receiver that never answers gets `{success: false}` before the function's deadline.
 */
export async function testWebhook(
  caller: Caller,
  webhookId: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'secretBox' | 'webhookSender'>,
  timeLeftMs?: () => number,
): Promise<DeliveryOutcome> {
  const webhook = await ownWebhook(caller, webhookId, deps);
  const eventType = webhook.events[0] ?? 'score_change';
  const eventId = randomUUID();
  const body = testEnvelopeBody(eventId, eventType, new Date(deps.clock.now()).toISOString());
  const result = await postAttempt({ webhook, eventId, eventType, body, attempt: 1, kind: 'test' }, manualWindow(deps, timeLeftMs), deps);
  if (result.kind === 'not_sent') return { success: false, statusCode: null, message: result.message };
  return recordManualAttempt(webhook, result.posted, [], deps);
}

/** A manual attempt waits as long as leaves room for its writes (made at once) and the answer. */
function manualWindow(deps: Pick<Dependencies, 'config'>, timeLeftMs: (() => number) | undefined): () => number {
  return () => attemptWindowMs(timeLeftMs, bookkeepingReserveMs(deps.config));
}

/**
 * A test's or redelivery's writes, side by side so they fit the time kept back for them: the log entry,
 * the endpoint's record, and the caller's own (`alsoWrite`). The outcome is answered even if one failed,
 * since the endpoint did get the POST; the message then says what was not recorded.
 */
async function recordManualAttempt(
  webhook: StoredWebhook,
  posted: PostedAttempt,
  alsoWrite: Promise<unknown>[],
  deps: Pick<Dependencies, 'config' | 'table' | 'logger'>,
): Promise<DeliveryOutcome> {
  const [logged, ...others] = await Promise.allSettled([
    logAttempt(webhook, posted, deps),
    recordManualOutcome(webhook, posted, deps),
    ...alsoWrite,
  ]);
  const failures = [logged, ...others].flatMap((settled) => (settled.status === 'rejected' ? [settled.reason as unknown] : []));
  if (failures.length > 0)
    deps.logger.warn('A manual delivery attempt was not fully recorded', {
      webhookId: webhook.id,
      eventId: posted.entry.eventId,
      errors: failures,
    });
  const note = logged.status === 'rejected' ? ' (it could not be written to the delivery log)' : '';
  return { success: posted.success, statusCode: posted.statusCode, message: `${posted.message}${note}` };
}

/** GET .../{id}/deliveries: the endpoint's last 50 attempts, newest first. */
export async function listDeliveries(
  caller: Caller,
  webhookId: string,
  deps: Pick<Dependencies, 'table' | 'clock'>,
): Promise<{ deliveries: DeliveryAttempt[] }> {
  await ownWebhook(caller, webhookId, deps);
  const nowSeconds = Math.floor(deps.clock.now() / 1000);
  return { deliveries: await latestAttempts(deps.table, webhookId, deliveryLogSize, nowSeconds) };
}

/** A redelivery holds its delivery this long: the POST (at most 10 s) plus the writes around it. */
const redeliveryLeaseMs = 60_000;

/**
 * POST .../{id}/deliveries/{eventId}/redeliver: one more attempt of a logged event, now, with the same
 * body and `webhook-id`, answered like a test (as GitHub's redeliver does), within the invocation's
 * time like a test. 409 while the event's own retries are still running. Like a test it never disables
 * the endpoint, and a success re-enables it.
 */
export async function redeliverEvent(
  caller: Caller,
  webhookId: string,
  eventId: string,
  deps: Pick<Dependencies, 'config' | 'table' | 'clock' | 'logger' | 'secretBox' | 'webhookSender'>,
  timeLeftMs?: () => number,
): Promise<DeliveryOutcome> {
  const webhook = await ownWebhook(caller, webhookId, deps);
  const delivery = await getDelivery(deps.table, webhookId, eventId);
  if (!delivery || delivery.accountId !== caller.accountId) throw notFound('Delivery not found (the log keeps deliveries for 30 days)');
  if (delivery.state === 'pending')
    throw conflict(`This event is still being delivered (attempt ${delivery.attempts} of ${delivery.attemptLimit})`);
  const now = deps.clock.now();
  const held = { attempt: delivery.attempts + 1, leaseUntil: now + redeliveryLeaseMs };
  if (!(await claimRedelivery(deps.table, delivery, { now, leaseUntil: held.leaseUntil }))) {
    throw conflict('This event is being redelivered by another request');
  }
  const input = {
    webhook,
    eventId,
    eventType: delivery.eventType,
    body: delivery.body,
    attempt: held.attempt,
    kind: 'redelivery' as const,
  };
  let result: PostResult;
  try {
    result = await postAttempt(input, manualWindow(deps, timeLeftMs), deps);
  } catch (error) {
    await releaseAttempt(deps.table, delivery, held).catch(() => false);
    throw error;
  }
  if (result.kind === 'not_sent') {
    await releaseAttempt(deps.table, delivery, held).catch(() => false);
    return { success: false, statusCode: null, message: result.message };
  }
  const finished = finishRedelivery(deps.table, delivery, held.attempt, result.posted.success);
  return recordManualAttempt(webhook, result.posted, [finished], deps);
}
