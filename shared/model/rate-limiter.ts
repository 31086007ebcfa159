import { geometryOf, planHit, type HitExpectation, type WindowRule, type WindowState } from '#shared/model/rate-window.js';

/** One limit's counters, for one subject; `bucketMs` is part of it, so a changed window starts afresh. */
export interface WindowKey {
  rule: string;
  subject: string;
  bucketMs: number;
}

export interface HitRecord {
  key: WindowKey;
  bucket: number;
  expect: HitExpectation;
  /** Buckets that no caller counts any more. */
  prune: number[];
  expiresAtSeconds: number;
}

/**
 * Where a limit's counters live: one item in DynamoDB, memory in property tests. Every operation
 * touches one record of a size that does not depend on the limit.
 */
export interface RateWindowStore {
  /** The counters, read consistently; null when there are none. */
  read(key: WindowKey): Promise<WindowState | null>;
  /**
   * Adds one hit to `bucket` (and makes it the head) if the stored state still meets `expect`; false
   * otherwise. Atomic: whatever runs concurrently, the check and the write are one step.
   */
  record(hit: HitRecord): Promise<boolean>;
  /** Takes one hit back from `bucket` when it still holds one; otherwise does nothing. */
  refund(key: WindowKey, bucket: number): Promise<void>;
}

export interface RateLimitRequest extends WindowRule {
  rule: string;
  subject: string;
  now: number;
}

export type RateLimitOutcome =
  | {
      allowed: true;
      /** Hits the window admits after this one, as read: concurrent callers may take some first. */
      remaining: number;
      /** Gives the hit back, e.g. when the request failed for a reason that should not count. */
      release(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/**
 * A record fails only when another hit was recorded (or the head moved) since the read, so each retry
 * stands for another caller's admission; past this many, refuse rather than risk over-admitting.
 */
const maxAttempts = 50;

/**
 * Counts one request against a rolling window (shared/model/rate-window.ts): one consistent read and,
 * when admitted, one conditional write, whatever the limit. Racing callers in one bucket never conflict
 * with each other: the condition only caps the bucket's count, so losing means the window filled up.
 */
export async function consumeRateLimit(store: RateWindowStore, request: RateLimitRequest): Promise<RateLimitOutcome> {
  const key: WindowKey = { rule: request.rule, subject: request.subject, bucketMs: geometryOf(request).bucketMs };
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const plan = planHit(await store.read(key), request.now, request);
    if (plan.kind === 'full') return { allowed: false, retryAfterSeconds: plan.retryAfterSeconds };
    if (await store.record({ key, ...plan }))
      return { allowed: true, remaining: plan.remaining, release: releaseOnce(store, key, plan.bucket) };
  }
  return { allowed: false, retryAfterSeconds: 1 };
}

function releaseOnce(store: RateWindowStore, key: WindowKey, bucket: number): () => Promise<void> {
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await store.refund(key, bucket);
  };
}
