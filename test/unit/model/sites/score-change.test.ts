import { describe, expect, it } from 'vitest';
import { comparableScoreChange } from '#shared/model/sites/score-change.js';

describe('the score change a rescan reports', () => {
  it('is the difference between two scores read at the same depth', () => {
    expect(comparableScoreChange({ lastScore: 81 }, 'pro', { score: 78, tier: 'pro' })).toBe(-3);
    expect(comparableScoreChange({ lastScore: 81 }, 'pro', { score: 81, tier: 'pro' })).toBe(0);
  });

  it('is none after a plan change: a deeper or shallower scan is not a change on the shop', () => {
    expect(comparableScoreChange({ lastScore: 58 }, 'free', { score: 61, tier: 'growth' })).toBeNull();
    expect(comparableScoreChange({ lastScore: 81 }, 'growth', { score: 80, tier: 'pro' })).toBeNull();
  });

  it('is none without an earlier score, and a difference when the earlier depth is unknown', () => {
    expect(comparableScoreChange({ lastScore: null }, null, { score: 70, tier: 'pro' })).toBeNull();
    expect(comparableScoreChange({ lastScore: 70 }, null, { score: 72, tier: 'pro' })).toBe(2);
  });
});
