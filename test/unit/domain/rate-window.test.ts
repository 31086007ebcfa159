import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consumeRateLimit } from '#shared/domain/rate-limiter.js';
import { freeSlots } from '#shared/domain/rate-window.js';
import { memoryRateSlotStore } from '../support/memory-rate-slots.js';

const day = { limit: 3, windowSeconds: 86_400 };
const hourMs = 3_600_000;

function request(now: number, rule = day) {
  return { rule: 'test', subject: '192.0.2.1', now, ...rule };
}

describe('rolling rate window as slots', () => {
  it('offers every unused slot, and slots whose hit left the window', () => {
    const now = 10 * 86_400_000;
    const choice = freeSlots([{ index: 0, at: now - 1000 }, { index: 2, at: now - 86_400_000 }], now, day);
    expect(choice.kind === 'free' && [...choice.indexes].sort()).toEqual([1, 2]);
  });

  it('counts a hit stamped in the caller’s future (a skewed clock) as inside the window', () => {
    const now = 10 * 86_400_000;
    const held = [0, 1, 2].map((index) => ({ index, at: now + 30_000 }));
    expect(freeSlots(held, now, day)).toEqual({ kind: 'full', retryAfterSeconds: 86_400 + 30 });
  });

  it('ignores slots above a lowered limit', () => {
    const held = [{ index: 5, at: 1000 }];
    expect(freeSlots(held, 2000, day).kind).toBe('free');
  });

  it('is a rolling 24 hours, not a calendar day', async () => {
    const { store } = memoryRateSlotStore();
    const midnight = Date.UTC(2026, 10, 23);
    for (const at of [midnight - 60_000, midnight - 50_000, midnight - 40_000]) {
      expect((await consumeRateLimit(store, request(at))).allowed).toBe(true);
    }
    expect(await consumeRateLimit(store, request(midnight + 60_000))).toEqual({ allowed: false, retryAfterSeconds: 86_400 - 120 });
    expect((await consumeRateLimit(store, request(midnight - 60_000 + 86_400_000 + 1))).allowed).toBe(true);
  });

  it('gives a released slot back at once', async () => {
    const { store } = memoryRateSlotStore();
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) outcomes.push(await consumeRateLimit(store, request(1_000_000 + i)));
    expect((await consumeRateLimit(store, request(1_000_010))).allowed).toBe(false);
    const first = outcomes[0]!;
    if (first.allowed) await first.release();
    expect((await consumeRateLimit(store, request(1_000_011))).allowed).toBe(true);
    expect((await consumeRateLimit(store, request(1_000_012))).allowed).toBe(false);
  });

  it('never admits more than the limit inside any window of time, in sequence (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), async (offsets, limit) => {
        const rule = { limit, windowSeconds: 60 };
        const { store } = memoryRateSlotStore();
        const admitted: number[] = [];
        for (const at of [...offsets].sort((a, b) => a - b)) {
          const outcome = await consumeRateLimit(store, request(at, rule));
          if (outcome.allowed) admitted.push(at);
          else expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        }
        for (const start of admitted) {
          expect(admitted.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(limit);
        }
        // Below the limit nobody is refused: a request is refused only when `limit` hits precede it in its window.
        const refused = offsets.length - admitted.length;
        expect(refused).toBe(offsets.length - countAdmittedBySlidingLog(offsets, rule));
      }),
    );
  });

  it('admits exactly the limit of concurrent callers whose clocks disagree, in any interleaving (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: -30_000, max: 30_000 }), { minLength: 1, maxLength: 40 }),
        async (scheduler, limit, skews) => {
          const { store, slots } = memoryRateSlotStore(() => scheduler.schedule(Promise.resolve()));
          const rule = { limit, windowSeconds: 3_600 };
          const base = 100 * hourMs;
          const calls = Promise.all(skews.map((skew) => consumeRateLimit(store, request(base + skew, rule))));
          await scheduler.waitFor(calls);
          const outcomes = await calls;
          expect(outcomes.filter((outcome) => outcome.allowed).length).toBe(Math.min(limit, skews.length));
          expect(slots.size).toBe(Math.min(limit, skews.length));
          for (const outcome of outcomes) if (!outcome.allowed) expect(outcome.retryAfterSeconds).toBeGreaterThan(3_500);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never lets the stamps of one window exceed the limit when callers arrive over time with skewed clocks (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 300_000 }), skew: fc.integer({ min: -20_000, max: 20_000 }) }), { maxLength: 40 }),
        async (scheduler, limit, arrivals) => {
          const { store } = memoryRateSlotStore(() => scheduler.schedule(Promise.resolve()));
          const rule = { limit, windowSeconds: 60 };
          const calls = Promise.all(
            arrivals.map(async ({ at, skew }) => ({ stamp: at + skew, outcome: await consumeRateLimit(store, request(at + skew, rule)) })),
          );
          await scheduler.waitFor(calls);
          const stamps = (await calls).filter(({ outcome }) => outcome.allowed).map(({ stamp }) => stamp);
          for (const start of stamps) {
            expect(stamps.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The reference: a sliding log admitting a request when fewer than `limit` admitted hits precede it in its window. */
function countAdmittedBySlidingLog(offsets: number[], rule: { limit: number; windowSeconds: number }): number {
  const admitted: number[] = [];
  for (const at of [...offsets].sort((a, b) => a - b)) {
    if (admitted.filter((hit) => hit > at - rule.windowSeconds * 1000).length < rule.limit) admitted.push(at);
  }
  return admitted.length;
}
