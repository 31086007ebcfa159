import { describe, expect, it } from 'vitest';
import type { DeliveryState, StoredDelivery } from '#shared/model/webhooks/delivery.js';
import {
  claimLostStep,
  deliveryStateAfterPost,
  deliveryStepAtEnd,
  deliveryStepBeforeAttempt,
  deliveryStepForEndpoint,
  disablingSettlesDelivery,
  earlyToleranceMs,
  endpointDisableReason,
  secondsUntilLeaseEnds,
} from '#shared/model/webhooks/delivery-next-step.js';

const now = Date.parse('2026-03-01T12:00:00Z');
const pending: Pick<StoredDelivery, 'state' | 'ownerMessageId' | 'nextAttemptAt' | 'leaseUntil' | 'attempts'> = {
  state: 'pending',
  nextAttemptAt: now,
  attempts: 2,
};

describe('before an attempt: the delivery as read', () => {
  it('lets an unknown delivery go', () => {
    expect(deliveryStepBeforeAttempt(null, 'm1', now)).toEqual({ kind: 'done', outcome: 'unknown_delivery' });
  });

  it.each<DeliveryState>(['delivered', 'failed', 'dropped'])('never sends a %s delivery again', (state) => {
    expect(deliveryStepBeforeAttempt({ ...pending, state }, 'm1', now)).toEqual({ kind: 'done', outcome: `already_${state}` });
  });

  it('drops a copy of a message other than the one that owns the delivery', () => {
    expect(deliveryStepBeforeAttempt({ ...pending, ownerMessageId: 'm0' }, 'm1', now)).toEqual({
      kind: 'done',
      outcome: 'duplicate_message',
    });
  });

  it('goes on for the owning message and for an unowned delivery', () => {
    const owned = { ...pending, ownerMessageId: 'm1' };
    expect(deliveryStepBeforeAttempt(owned, 'm1', now)).toEqual({ kind: 'check_endpoint', delivery: owned });
    expect(deliveryStepBeforeAttempt(pending, 'm1', now)).toEqual({ kind: 'check_endpoint', delivery: pending });
  });

  it('hands back a message that came early, until the next attempt time (rounded up)', () => {
    expect(deliveryStepBeforeAttempt({ ...pending, nextAttemptAt: now + 30_500 }, 'm1', now)).toEqual({
      kind: 'retry',
      afterSeconds: 31,
      outcome: 'not_due',
    });
  });

  it('counts a message back within the tolerance as on time', () => {
    expect(deliveryStepBeforeAttempt({ ...pending, nextAttemptAt: now + earlyToleranceMs }, 'm1', now).kind).toBe('check_endpoint');
    expect(deliveryStepBeforeAttempt({ ...pending, nextAttemptAt: now + earlyToleranceMs + 1 }, 'm1', now)).toEqual({
      kind: 'retry',
      afterSeconds: 2,
      outcome: 'not_due',
    });
  });

  it('waits for an attempt under way until its lease has run out, plus a second', () => {
    expect(deliveryStepBeforeAttempt({ ...pending, leaseUntil: now + 10_000 }, 'm1', now)).toEqual({
      kind: 'retry',
      afterSeconds: 11,
      outcome: 'attempt_under_way',
    });
    // A lease ending this very millisecond still holds.
    expect(deliveryStepBeforeAttempt({ ...pending, leaseUntil: now }, 'm1', now)).toEqual({
      kind: 'retry',
      afterSeconds: 1,
      outcome: 'attempt_under_way',
    });
    expect(deliveryStepBeforeAttempt({ ...pending, leaseUntil: now - 1 }, 'm1', now).kind).toBe('check_endpoint');
  });

  it('checks in order: settled before ownership before timing', () => {
    const everything = {
      ...pending,
      state: 'delivered' as const,
      ownerMessageId: 'm0',
      nextAttemptAt: now + 60_000,
      leaseUntil: now + 5_000,
    };
    expect(deliveryStepBeforeAttempt(everything, 'm1', now)).toMatchObject({ outcome: 'already_delivered' });
    expect(deliveryStepBeforeAttempt({ ...everything, state: 'pending' }, 'm1', now)).toMatchObject({ outcome: 'duplicate_message' });
    expect(deliveryStepBeforeAttempt({ ...everything, state: 'pending', ownerMessageId: 'm1' }, 'm1', now)).toMatchObject({
      outcome: 'not_due',
    });
  });
});

describe('the endpoint as read', () => {
  it('drops the delivery of a deleted or disabled endpoint', () => {
    expect(deliveryStepForEndpoint(null, pending, now, 60_000)).toEqual({ kind: 'drop', outcome: 'endpoint_deleted' });
    expect(deliveryStepForEndpoint({ isActive: false }, pending, now, 60_000)).toEqual({ kind: 'drop', outcome: 'endpoint_disabled' });
  });

  it('claims the next attempt of an active endpoint with a lease from now', () => {
    const endpoint = { isActive: true, id: 'w1' };
    expect(deliveryStepForEndpoint(endpoint, pending, now, 60_000)).toEqual({
      kind: 'claim',
      endpoint,
      attempt: 3,
      leaseUntil: now + 60_000,
    });
  });

  it('comes back when the lease of the receive that claimed first runs out, or in a second when none holds', () => {
    expect(claimLostStep({ leaseUntil: now + 59_500 }, now)).toEqual({ kind: 'retry', afterSeconds: 61, outcome: 'claimed_elsewhere' });
    expect(claimLostStep({ leaseUntil: now - 1 }, now)).toEqual({ kind: 'retry', afterSeconds: 1, outcome: 'claimed_elsewhere' });
    expect(claimLostStep({}, now)).toEqual({ kind: 'retry', afterSeconds: 1, outcome: 'claimed_elsewhere' });
    expect(claimLostStep(null, now)).toEqual({ kind: 'retry', afterSeconds: 1, outcome: 'claimed_elsewhere' });
  });
});

describe('after the POST', () => {
  const base = { attemptLimit: 12, now, retryBaseSeconds: 60, random: () => 0.5 };

  it('is delivered on success, whatever the attempt', () => {
    expect(deliveryStateAfterPost({ ...base, success: true, attempt: 1 })).toEqual({
      state: 'delivered',
      delaySeconds: 0,
      nextAttemptAt: now,
    });
    expect(deliveryStateAfterPost({ ...base, success: true, attempt: 12 })).toEqual({
      state: 'delivered',
      delaySeconds: 0,
      nextAttemptAt: now,
    });
  });

  it('stays pending on failure with the next attempt on the retry schedule', () => {
    expect(deliveryStateAfterPost({ ...base, success: false, attempt: 1 })).toEqual({
      state: 'pending',
      delaySeconds: 60,
      nextAttemptAt: now + 60_000,
    });
    expect(deliveryStateAfterPost({ ...base, success: false, attempt: 3 })).toEqual({
      state: 'pending',
      delaySeconds: 240,
      nextAttemptAt: now + 240_000,
    });
  });

  it('gives up after the last allowed attempt (and past it: a redelivery counted on top)', () => {
    expect(deliveryStateAfterPost({ ...base, success: false, attempt: 11 }).state).toBe('pending');
    expect(deliveryStateAfterPost({ ...base, success: false, attempt: 12 })).toEqual({
      state: 'failed',
      delaySeconds: 0,
      nextAttemptAt: now,
    });
    expect(deliveryStateAfterPost({ ...base, success: false, attempt: 13 }).state).toBe('failed');
  });
});

describe('the endpoint after an attempt', () => {
  const config = { webhookDisableAfterFailures: 5, webhookDisableAfterSeconds: 3_600 };
  const failing = { isActive: true, failureCount: 5, failingSince: '2026-03-01T10:00:00Z' };
  const failed = { success: false, statusCode: 500, manual: false, at: now };

  it('disables after a long enough run of failures of an event attempt', () => {
    expect(endpointDisableReason(failing, failed, config)).toBe('5 deliveries in a row failed, the first at 2026-03-01T10:00:00Z.');
  });

  it('disables at once on 410 Gone', () => {
    expect(
      endpointDisableReason(
        { isActive: true, failureCount: 1, failingSince: new Date(now).toISOString() },
        { ...failed, statusCode: 410 },
        config,
      ),
    ).toBe('The endpoint answered 410 Gone.');
  });

  it('keeps a run too short or too recent', () => {
    expect(endpointDisableReason({ ...failing, failureCount: 4 }, failed, config)).toBeNull();
    expect(endpointDisableReason({ ...failing, failingSince: '2026-03-01T11:30:00Z' }, failed, config)).toBeNull();
    expect(endpointDisableReason({ isActive: true, failureCount: 5 }, failed, config)).toBeNull();
  });

  it('never disables on a success, a manual attempt, or an endpoint already off or deleted', () => {
    expect(endpointDisableReason(failing, { ...failed, success: true, statusCode: 200 }, config)).toBeNull();
    expect(endpointDisableReason(failing, { ...failed, manual: true }, config)).toBeNull();
    expect(endpointDisableReason(failing, { ...failed, manual: true, statusCode: 410 }, config)).toBeNull();
    expect(endpointDisableReason({ ...failing, isActive: false }, failed, config)).toBeNull();
    expect(endpointDisableReason(null, { ...failed, statusCode: 410 }, config)).toBeNull();
  });

  it('settles a pending delivery as failed only when this attempt disabled the endpoint', () => {
    expect(disablingSettlesDelivery(true, 'pending')).toBe(true);
    expect(disablingSettlesDelivery(false, 'pending')).toBe(false);
    expect(disablingSettlesDelivery(true, 'failed')).toBe(false);
    expect(disablingSettlesDelivery(true, 'delivered')).toBe(false);
  });
});

describe('the message at the end', () => {
  it('retries a pending delivery after its delay', () => {
    expect(deliveryStepAtEnd({ state: 'pending', delaySeconds: 60, success: false, statusCode: 503 })).toEqual({
      kind: 'retry',
      afterSeconds: 60,
      outcome: 'failed_503',
    });
    expect(deliveryStepAtEnd({ state: 'pending', delaySeconds: 60, success: false, statusCode: null })).toEqual({
      kind: 'retry',
      afterSeconds: 60,
      outcome: 'failed_no_response',
    });
  });

  it('lets a delivered or finally failed delivery go', () => {
    expect(deliveryStepAtEnd({ state: 'delivered', delaySeconds: 0, success: true, statusCode: 204 })).toEqual({
      kind: 'done',
      outcome: 'delivered',
    });
    expect(deliveryStepAtEnd({ state: 'failed', delaySeconds: 0, success: false, statusCode: 500 })).toEqual({
      kind: 'done',
      outcome: 'failed_500_final',
    });
    // Settled as failed because the attempt disabled the endpoint, though its delay was set.
    expect(deliveryStepAtEnd({ state: 'failed', delaySeconds: 120, success: false, statusCode: null })).toEqual({
      kind: 'done',
      outcome: 'failed_no_response_final',
    });
  });

  it('waits for a lease to run out, a second past its end, never negative', () => {
    expect(secondsUntilLeaseEnds(now + 10_000, now)).toBe(11);
    expect(secondsUntilLeaseEnds(now + 10_001, now)).toBe(12);
    expect(secondsUntilLeaseEnds(now - 5_000, now)).toBe(0);
  });
});
