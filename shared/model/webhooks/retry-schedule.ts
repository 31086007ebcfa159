/**
 * How failed deliveries are retried: 12 attempts in all; after attempt n the next waits about
 * base × 2^(n−1) (capped at 6 hours), ±20 % jitter so endpoints that failed together are not all hit
 * again at once. With the default 60-second base the 11 waits add up to about 20.5 hours.
 */
export const maxDeliveryAttempts = 12;
export const maxRetryDelaySeconds = 6 * 3_600;

export function retryDelaySeconds(attempt: number, baseSeconds: number, random: () => number = Math.random): number {
  const nominal = Math.min(maxRetryDelaySeconds, baseSeconds * 2 ** Math.max(0, attempt - 1));
  return Math.max(1, Math.round(nominal * (0.8 + 0.4 * random())));
}

/**
 * When a message whose handling failed on our side (the table or the sealing key unavailable) comes
 * back: on the same schedule, counted in receives of the message (in normal running one receive is one
 * attempt), so a long outage backs off as failing endpoints do instead of spending the queue's receive
 * allowance in minutes; never before `notBeforeSeconds` (an attempt's lease still holding the delivery).
 */
export function ourSideRetryDelaySeconds(
  receiveCount: number,
  baseSeconds: number,
  notBeforeSeconds = 0,
  random: () => number = Math.random,
): number {
  return Math.max(Math.ceil(notBeforeSeconds), retryDelaySeconds(Math.max(1, receiveCount), baseSeconds, random));
}
