export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

/**
 * How a rolling window is cut into buckets: `bucketMs` wide, a hit at `now` counted with the `span`
 * buckets before its own, and `slackBuckets` more kept (never pruned) for callers whose clocks run behind.
 */
export interface WindowGeometry {
  bucketMs: number;
  span: number;
  slackBuckets: number;
}

/** Buckets per window: the window's precision is 1/60 of it (1 minute of an hour, 24 minutes of a day). */
export const bucketsPerWindow = 60;
/** Clocks within this much of each other (Lambda's are NTP-synchronised to milliseconds) keep the window exact. */
export const clockSkewToleranceMs = 60_000;

export function geometryOf(rule: Pick<WindowRule, 'windowSeconds'>): WindowGeometry {
  const windowMs = rule.windowSeconds * 1000;
  const bucketMs = Math.max(1, Math.ceil(windowMs / bucketsPerWindow));
  return { bucketMs, span: Math.ceil(windowMs / bucketMs), slackBuckets: Math.ceil(clockSkewToleranceMs / bucketMs) };
}

/** A limit's stored state: hits per bucket, and the newest bucket written (every hit is recorded at or before it). */
export interface WindowState {
  head: number;
  counts: ReadonlyMap<number, number>;
}

/** How a hit is recorded: what the stored state must still be, so that concurrent hits cannot overfill the window. */
export type HitExpectation =
  | { kind: 'absent' }
  /** The head is unchanged and its bucket holds fewer than `room` hits. */
  | { kind: 'same-head'; head: number; room: number }
  /** The head is unchanged and its bucket holds at most `headCount` hits; the hit moves the head forward. */
  | { kind: 'advance'; head: number; headCount: number };

export type HitPlan =
  /** `remaining`: hits the window admits after this one, as read (concurrent callers may take some first). */
  | { kind: 'record'; bucket: number; expect: HitExpectation; prune: number[]; expiresAtSeconds: number; remaining: number }
  | { kind: 'full'; retryAfterSeconds: number };

/**
 * A rolling window of `windowSeconds` as counters per bucket. A hit at `now` is recorded in its own
 * bucket, or in the head bucket when another caller's clock has already moved past it (a later stamp
 * only makes the hit count longer). It is admitted when the buckets from `span` before its own bucket
 * up to the head hold fewer than `limit` hits: they contain every hit of the last `windowSeconds` and of
 * any later stamp, so no window of that length ever holds more than `limit` hits. The price of a fixed
 * cost is precision: hits of the oldest bucket count until all of that bucket has left the window, so a
 * caller may wait up to one bucket (1/60 of the window) longer than a log of every hit would make it.
 */
export function planHit(state: WindowState | null, now: number, rule: WindowRule): HitPlan {
  const geometry = geometryOf(rule);
  const { bucketMs, span, slackBuckets } = geometry;
  const own = Math.floor(now / bucketMs);
  const head = state?.head ?? own;
  // Buckets older than head - span - slack are pruned: a clock that far behind counts from there.
  const from = Math.max(own, head - slackBuckets) - span;
  const bucket = Math.max(own, head);
  const countOf = (index: number) => state?.counts.get(index) ?? 0;

  let earlier = 0;
  for (const [index, count] of state?.counts ?? []) if (index >= from && index < bucket) earlier += count;
  const room = rule.limit - earlier;
  if (room <= countOf(bucket))
    return { kind: 'full', retryAfterSeconds: retryAfterSeconds(state ?? { head, counts: new Map() }, from, now, rule, geometry) };

  const expiresAtSeconds = Math.ceil(((bucket + 1 + span + slackBuckets) * bucketMs) / 1000);
  const remaining = room - countOf(bucket) - 1;
  if (!state) return { kind: 'record', bucket, expect: { kind: 'absent' }, prune: [], expiresAtSeconds, remaining };
  if (bucket === state.head)
    return { kind: 'record', bucket, expect: { kind: 'same-head', head: state.head, room }, prune: [], expiresAtSeconds, remaining };
  const prune = [...state.counts.keys()].filter((index) => index < bucket - span - slackBuckets);
  return {
    kind: 'record',
    bucket,
    expect: { kind: 'advance', head: state.head, headCount: countOf(state.head) },
    prune,
    expiresAtSeconds,
    remaining,
  };
}

/**
 * When a refused caller will be admitted if nobody else comes: the first bucket start at which the
 * hits still counted number fewer than `limit` (every stored hit has left after `span + 1` buckets).
 */
function retryAfterSeconds(state: WindowState, from: number, now: number, rule: WindowRule, { bucketMs, span }: WindowGeometry): number {
  const stored = [...state.counts.entries()].filter(([index, count]) => index >= from && count > 0).sort(([a], [b]) => a - b);
  let counted = stored.reduce((sum, [, count]) => sum + count, 0);
  let leavesAt = (Math.max(state.head, Math.floor(now / bucketMs)) + span + 1) * bucketMs;
  for (const [index, count] of stored) {
    counted -= count;
    if (counted < rule.limit) {
      // Bucket `index` stops counting once the caller's own bucket is `index + span + 1`.
      leavesAt = (index + span + 1) * bucketMs;
      break;
    }
  }
  return Math.max(1, Math.ceil((leavesAt - now) / 1000));
}
