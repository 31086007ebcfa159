import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admit } from '#shared/domain/rate-window.js';

const day = { limit: 3, windowSeconds: 86_400 };

describe('rolling rate window', () => {
  it('admits up to the limit and then refuses', () => {
    let hits: number[] = [];
    const outcomes = [0, 1, 2, 3].map((i) => {
      const decision = admit(hits, 1_000_000 + i, day);
      hits = decision.hits;
      return decision.allowed;
    });
    expect(outcomes).toEqual([true, true, true, false]);
  });

  it('is a rolling 24 hours, not a calendar day', () => {
    const midnight = Date.UTC(2026, 10, 23);
    const hits = [midnight - 60_000, midnight - 50_000, midnight - 40_000];
    expect(admit(hits, midnight + 60_000, day).allowed).toBe(false);
    const reopen = admit(hits, midnight + 60_000, day).retryAfterSeconds;
    expect(reopen).toBe(86_400 - 120);
    expect(admit(hits, midnight - 60_000 + 86_400_000 + 1, day).allowed).toBe(true);
  });

  it('never admits more than the limit inside any window (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (offsets, limit) => {
        const rule = { limit, windowSeconds: 60 };
        let hits: number[] = [];
        const admitted: number[] = [];
        for (const at of [...offsets].sort((a, b) => a - b)) {
          const decision = admit(hits, at, rule);
          hits = decision.hits;
          if (decision.allowed) admitted.push(at);
          else expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        }
        for (const start of admitted) {
          expect(admitted.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });
});
