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
