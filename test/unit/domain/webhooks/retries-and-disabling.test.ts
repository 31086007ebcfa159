import { describe, expect, it } from 'vitest';
import { disableReason } from '#shared/model/webhooks/endpoint-health.js';
import {
  maxDeliveryAttempts,
  maxRetryDelaySeconds,
  ourSideRetryDelaySeconds,
  retryDelaySeconds,
} from '#shared/model/webhooks/retry-schedule.js';
import { workers, visibilityTimeoutFactor } from '#lib/function-catalog.js';
import { maxReceiveCountOf } from '#shared/adapters/queue-redrive.js';

describe('retry schedule', () => {
  it('doubles from the base, within ±20 % jitter, capped at 6 hours', () => {
    const low = () => 0;
    const high = () => 0.999_999;
    expect(retryDelaySeconds(1, 60, low)).toBe(48);
    expect(retryDelaySeconds(1, 60, high)).toBe(72);
    expect(retryDelaySeconds(2, 60, () => 0.5)).toBe(120);
    expect(retryDelaySeconds(5, 60, () => 0.5)).toBe(960);
    expect(retryDelaySeconds(11, 60, () => 0.5)).toBe(maxRetryDelaySeconds);
    expect(retryDelaySeconds(11, 60, high)).toBeLessThanOrEqual(12 * 3_600); // SQS's visibility limit
    expect(retryDelaySeconds(1, 0, low)).toBe(1);
  });

  it('grows: every wait is longer than the one before, whatever the jitter, until the cap', () => {
    for (let attempt = 1; attempt < 9; attempt += 1) {
      expect(retryDelaySeconds(attempt + 1, 60, () => 0)).toBeGreaterThan(retryDelaySeconds(attempt, 60, () => 0.999));
    }
  });

  it('brings a message that failed on our side back on the same schedule, by receive count, not after the visibility timeout', () => {
    const visibilitySeconds = workers.webhookDelivery.timeoutSeconds * visibilityTimeoutFactor;
    expect(ourSideRetryDelaySeconds(1, 60, 0, () => 0.5)).toBe(60);
    expect(ourSideRetryDelaySeconds(1, 60, 0, () => 0.999)).toBeLessThan(visibilitySeconds / 8);
    expect(ourSideRetryDelaySeconds(3, 60, 0, () => 0.5)).toBe(240);
    // Never while the attempt's lease still holds the delivery.
    expect(ourSideRetryDelaySeconds(1, 60, 61.2, () => 0)).toBe(62);
    // A long outage backs off: the queue's receive allowance lasts days, not the 24 minutes a fixed minute would give.
    let total = 0;
    for (let receive = 1; receive < maxReceiveCountOf('webhook'); receive += 1) total += ourSideRetryDelaySeconds(receive, 60, 0, () => 0);
    expect(total / 3_600).toBeGreaterThan(48);
  });

  it('retries for about a day in all with the default base', () => {
    let total = 0;
    for (let attempt = 1; attempt < maxDeliveryAttempts; attempt += 1) total += retryDelaySeconds(attempt, 60, () => 0.5);
    expect(total / 3_600).toBeGreaterThan(18);
    expect(total / 3_600).toBeLessThan(26);
  });
});

describe('when an endpoint is disabled', () => {
  const config = { webhookDisableAfterFailures: 20, webhookDisableAfterSeconds: 86_400 };
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('410 Gone disables at once', () => {
    expect(disableReason({ failureCount: 1, failingSince: '2026-11-25T12:00:00Z' }, 410, config, now)).toMatch(/410/);
  });

  it('a long run of failures disables; a run too short in count or in time does not', () => {
    expect(disableReason({ failureCount: 20, failingSince: '2026-11-24T11:59:00Z' }, 500, config, now)).toMatch(
      /20 deliveries in a row failed/,
    );
    expect(disableReason({ failureCount: 19, failingSince: '2026-11-20T00:00:00Z' }, 500, config, now)).toBeNull();
    expect(disableReason({ failureCount: 50, failingSince: '2026-11-25T11:00:00Z' }, null, config, now)).toBeNull();
    expect(disableReason({ failureCount: 0 }, 503, config, now)).toBeNull();
  });
});
