export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

export interface WindowDecision {
  allowed: boolean;
  /** The hits to keep: those still inside the window, plus this one when allowed. Oldest first. */
  hits: number[];
  retryAfterSeconds: number;
}

/**
 * Sliding-log rate limiting: a request is admitted when fewer than `limit` earlier requests fall
 * inside the rolling window that ends now. "3 per 24 hours" therefore means any 24-hour span,
 * not a calendar day.
 */
export function admit(previousHits: readonly number[], now: number, rule: WindowRule): WindowDecision {
  const windowMs = rule.windowSeconds * 1000;
  const recent = previousHits.filter((hit) => hit > now - windowMs && hit <= now).sort((a, b) => a - b);
  if (recent.length < rule.limit) {
    return { allowed: true, hits: [...recent, now], retryAfterSeconds: 0 };
  }
  const oldestCounted = recent[recent.length - rule.limit] ?? now;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldestCounted + windowMs - now) / 1000));
  return { allowed: false, hits: recent, retryAfterSeconds };
}
