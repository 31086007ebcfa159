import type { Config } from '#shared/config.js';

/** The longest an endpoint is waited for (docs/decisions/037-webhook-delivery.md: any 2xx within 10 seconds). */
export const deliveryTimeoutMs = 10_000;

/** Below this there is no point in posting: the attempt is not made (nothing is sent or logged). */
export const minimumWindowMs = 1_000;

/** Kept back for the writes after the POST: one DynamoDB call's connection and request time-outs, and a margin. */
export function bookkeepingReserveMs(config: Pick<Config, 'dynamodbConnectTimeoutMs' | 'dynamodbRequestTimeoutMs'>): number {
  return config.dynamodbConnectTimeoutMs + config.dynamodbRequestTimeoutMs + 500;
}

/**
 * How long this attempt may wait for its endpoint: the delivery time-out, or less when the invocation
 * has less time left than that plus `reserveMs` (what the caller still has to do afterwards: log the
 * attempt, answer). `timeLeftMs` absent: no invocation deadline (tests, tools).
 */
export function attemptWindowMs(timeLeftMs: (() => number) | undefined, reserveMs: number): number {
  if (!timeLeftMs) return deliveryTimeoutMs;
  return Math.min(deliveryTimeoutMs, Math.floor(timeLeftMs() - reserveMs));
}
