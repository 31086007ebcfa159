import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consumeRateLimit } from '#shared/model/rate-limiter.js';
import { geometryOf, planHit, type WindowState } from '#shared/model/rate-window.js';
import { memoryRateWindowStore } from '../support/memory-rate-window.js';

const day = { limit: 3, windowSeconds: 86_400 };
const hourMs = 3_600_000;

function request(now: number, rule = day) {
  return { rule: 'test', subject: '192.0.2.1', now, ...rule };
}

describe('rolling rate window as bucket counters', () => {
  it('cuts a window in 60 buckets and keeps a minute of slack for late clocks', () => {
    expect(geometryOf({ windowSeconds: 86_400 })).toEqual({ bucketMs: 1_440_000, span: 60, slackBuckets: 1 });
    expect(geometryOf({ windowSeconds: 3_600 })).toEqual({ bucketMs: 60_000, span: 60, slackBuckets: 1 });
    expect(geometryOf({ windowSeconds: 60 })).toEqual({ bucketMs: 1_000, span: 60, slackBuckets: 60 });
  });

  it('is a rolling 24 hours, not a calendar day', async () => {
    const { store } = memoryRateWindowStore();
    const midnight = Date.UTC(2026, 10, 23);
    for (const at of [midnight - 60_000, midnight - 50_000, midnight - 40_000]) {
      expect((await consumeRateLimit(store, request(at))).allowed).toBe(true);
    }
    const refused = await consumeRateLimit(store, request(midnight + 60_000));
    expect(refused.allowed).toBe(false);
    // The three hits share the bucket [23:36, 00:00): it leaves the window at 00:00 the next day.
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 86_400 - 60 });
    expect((await consumeRateLimit(store, request(midnight + 86_400_000 - 1_000))).allowed).toBe(false);
    expect((await consumeRateLimit(store, request(midnight + 86_400_000))).allowed).toBe(true);
  });

  it('says how many hits the window still admits after each one, across buckets', async () => {
    const { store } = memoryRateWindowStore();
    const rule = { limit: 4, windowSeconds: 3_600 };
    const remaining = [];
    // Two hits in one minute's bucket, two in later ones, then the window is full.
    for (const at of [0, 1_000, 61_000, 125_000]) {
      const outcome = await consumeRateLimit(store, request(at, rule));
      remaining.push(outcome.allowed ? outcome.remaining : null);
    }
    expect(remaining).toEqual([3, 2, 1, 0]);
    expect((await consumeRateLimit(store, request(130_000, rule))).allowed).toBe(false);
  });

  it('gives a released hit back at once, and only once', async () => {
    const { store } = memoryRateWindowStore();
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) outcomes.push(await consumeRateLimit(store, request(1_000_000 + i)));
    expect((await consumeRateLimit(store, request(1_000_010))).allowed).toBe(false);
    const first = outcomes[0]!;
    if (first.allowed) {
      await first.release();
      await first.release();
    }
    expect((await consumeRateLimit(store, request(1_000_011))).allowed).toBe(true);
    expect((await consumeRateLimit(store, request(1_000_012))).allowed).toBe(false);
  });

  it('counts a hit stamped in a caller’s future (a skewed clock) for the callers behind it', async () => {
    const { store } = memoryRateWindowStore();
    const now = 100 * hourMs;
    for (let i = 0; i < 3; i += 1)
      expect((await consumeRateLimit(store, request(now + 90_000, { limit: 3, windowSeconds: 3_600 }))).allowed).toBe(true);
    // Their bucket [now + 60 s, now + 120 s) leaves the window an hour after it ends, by this caller's clock too.
    expect(await consumeRateLimit(store, request(now, { limit: 3, windowSeconds: 3_600 }))).toEqual({
      allowed: false,
      retryAfterSeconds: 3_600 + 120,
    });
  });

  it('costs one read and one write per admitted request and one read per refused one, whatever the limit', async () => {
    for (const limit of [120, 30_000, 10_000_000]) {
      const { store, operations, windows } = memoryRateWindowStore();
      const rule = { limit, windowSeconds: 3_600 };
      for (let i = 0; i < 100; i += 1) expect((await consumeRateLimit(store, request(i * 70_000, rule))).allowed).toBe(true);
      expect(operations).toEqual({ reads: 100, writes: 100 });
      expect([...windows.values()][0]!.counts.size).toBeLessThanOrEqual(geometryOf(rule).span + geometryOf(rule).slackBuckets + 1);
    }
    const { store, operations } = memoryRateWindowStore();
    const tiny = { limit: 1, windowSeconds: 3_600 };
    await consumeRateLimit(store, request(0, tiny));
    await consumeRateLimit(store, request(1, tiny));
    expect(operations).toEqual({ reads: 2, writes: 1 });
  });

  it('never admits more than the limit in any window, refuses only when the window and one bucket before it are full, and its Retry-After is right (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 400_000 }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(60, 90, 3_600),
        async (offsets, limit, windowSeconds) => {
          const rule = { limit, windowSeconds };
          const windowMs = windowSeconds * 1000;
          const { bucketMs } = geometryOf(rule);
          const { store, windows } = memoryRateWindowStore();
          const admitted: number[] = [];
          for (const at of [...offsets].sort((a, b) => a - b)) {
            const outcome = await consumeRateLimit(store, request(at, rule));
            if (outcome.allowed) {
              admitted.push(at);
              continue;
            }
            // Refused: at least `limit` admitted hits lie within one window plus one bucket before it...
            expect(admitted.filter((hit) => hit > at - windowMs - bucketMs).length).toBeGreaterThanOrEqual(limit);
            // ...and, if nobody else comes, the first second it names is admitted, the one before is not.
            const state = [...windows.values()][0]! as WindowState;
            const retryAt = at + outcome.retryAfterSeconds * 1000;
            expect(planHit(state, retryAt, rule).kind).toBe('record');
            if (outcome.retryAfterSeconds > 1) expect(planHit(state, retryAt - 1000, rule).kind).toBe('full');
          }
          for (const start of admitted) {
            expect(admitted.filter((t) => t >= start && t < start + windowMs).length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('admits exactly the limit of concurrent callers whose clocks disagree, in any interleaving (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: -30_000, max: 30_000 }), { minLength: 1, maxLength: 40 }),
        async (scheduler, limit, skews) => {
          const { store, storedHits } = memoryRateWindowStore(() => scheduler.schedule(Promise.resolve()));
          const rule = { limit, windowSeconds: 3_600 };
          const base = 100 * hourMs + 59_000;
          const calls = Promise.all(skews.map((skew) => consumeRateLimit(store, request(base + skew, rule))));
          await scheduler.waitFor(calls);
          const outcomes = await calls;
          expect(outcomes.filter((outcome) => outcome.allowed).length).toBe(Math.min(limit, skews.length));
          expect(storedHits()).toBe(Math.min(limit, skews.length));
          for (const outcome of outcomes) if (!outcome.allowed) expect(outcome.retryAfterSeconds).toBeGreaterThan(3_400);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never lets the stamps of one window exceed the limit when callers arrive over time with skewed clocks and refunds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          fc.record({ at: fc.integer({ min: 0, max: 300_000 }), skew: fc.integer({ min: -20_000, max: 20_000 }), refund: fc.boolean() }),
          {
            maxLength: 40,
          },
        ),
        async (scheduler, limit, arrivals) => {
          const { store } = memoryRateWindowStore(() => scheduler.schedule(Promise.resolve()));
          const rule = { limit, windowSeconds: 60 };
          // Real time moves on in 10-second steps; the callers of one step race in any order, and their
          // clocks are up to 20 s off: together within the minute of clock skew the window tolerates.
          const steps = new Map<number, typeof arrivals>();
          for (const arrival of arrivals)
            steps.set(Math.floor(arrival.at / 10_000), [...(steps.get(Math.floor(arrival.at / 10_000)) ?? []), arrival]);
          const stamps: number[] = [];
          for (const step of [...steps.keys()].sort((a, b) => a - b)) {
            const calls = Promise.all(
              steps.get(step)!.map(async ({ at, skew, refund }) => {
                const outcome = await consumeRateLimit(store, request(at + skew, rule));
                if (outcome.allowed && refund) await outcome.release();
                return { stamp: at + skew, counted: outcome.allowed && !refund };
              }),
            );
            await scheduler.waitFor(calls);
            stamps.push(...(await calls).filter(({ counted }) => counted).map(({ stamp }) => stamp));
          }
          for (const start of stamps) {
            expect(stamps.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps at most span + slack + 1 buckets, however long it runs (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 100 }), async (gaps) => {
        const rule = { limit: 1_000, windowSeconds: 60 };
        const { store, windows } = memoryRateWindowStore();
        let at = 0;
        for (const gap of gaps) {
          at += gap * 50;
          await consumeRateLimit(store, request(at, rule));
          const { span, slackBuckets } = geometryOf(rule);
          expect([...windows.values()][0]!.counts.size).toBeLessThanOrEqual(span + slackBuckets + 1);
        }
      }),
    );
  });
});
