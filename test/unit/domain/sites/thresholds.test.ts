import { describe, expect, it } from 'vitest';
import {
  applyLegacy,
  evaluateThresholds,
  initialMet,
  legacyView,
  thresholdsFromStored,
  type StoredThreshold,
} from '#shared/model/sites/thresholds.js';

function threshold(overrides: Partial<StoredThreshold> = {}): StoredThreshold {
  return { id: 't1', condition: 'drops_below', value: 60, isActive: true, createdAt: '2026-11-01T00:00:00.000Z', met: false, ...overrides };
}

/** Feeds scores one after another, as weekly rescans do, and returns after which ones it alerted. */
function alertsOver(start: StoredThreshold, scores: number[]): number[] {
  let current = [start];
  let previous: number | null = null;
  const alerted: number[] = [];
  for (const score of scores) {
    const evaluated = evaluateThresholds(current, score, previous);
    if (evaluated.crossed.length > 0) alerted.push(score);
    current = evaluated.thresholds;
    previous = score;
  }
  return alerted;
}

describe('threshold crossings', () => {
  it('alerts once when the score drops below, not while it stays there, and again after it recovers and drops', () => {
    expect(alertsOver(threshold(), [72, 58, 55, 41, 63, 59, 59])).toEqual([58, 59]);
  });

  it('alerts when the score rises above, once per crossing', () => {
    expect(alertsOver(threshold({ condition: 'rises_above', value: 80 }), [70, 81, 90, 79, 85])).toEqual([81, 85]);
  });

  it('alerts on every rescan that moves the score by at least the value, either way', () => {
    expect(alertsOver(threshold({ condition: 'changes_by', value: 10, met: null }), [50, 62, 70, 59, 60])).toEqual([62, 59]);
  });

  it('alerts for a threshold never checked if it holds at its first scan', () => {
    expect(alertsOver(threshold({ met: null }), [40, 30])).toEqual([40]);
  });

  it('tracks an inactive threshold without alerting, so turning it on does not fire for an old crossing', () => {
    const evaluated = evaluateThresholds([threshold({ isActive: false })], 40, 70);
    expect(evaluated.crossed).toEqual([]);
    expect(evaluated.thresholds[0]!.met).toBe(true);
    expect(evaluateThresholds([{ ...evaluated.thresholds[0]!, isActive: true }], 38, 40).crossed).toEqual([]);
  });

  it('starts a new threshold from what it says of the current score', () => {
    expect(initialMet('drops_below', 60, 40)).toBe(true); // already below: no alert until it recovers and drops
    expect(initialMet('drops_below', 60, 75)).toBe(false);
    expect(initialMet('drops_below', 60, null)).toBeNull();
    expect(initialMet('changes_by', 5, 75)).toBeNull();
  });
});

describe('the legacy Thresholds object', () => {
  const context = { now: '2026-11-20T00:00:00.000Z', lastScore: 70, newId: () => 'new' };

  it('views the oldest drops_below and rises_above records', () => {
    const records = [
      threshold({ id: 'a', value: 50, createdAt: '2026-11-02T00:00:00.000Z' }),
      threshold({ id: 'b', value: 40, createdAt: '2026-11-01T00:00:00.000Z' }),
      threshold({ id: 'c', condition: 'rises_above', value: 90, isActive: false }),
      threshold({ id: 'd', condition: 'changes_by', value: 5 }),
    ];
    expect(legacyView(records)).toEqual({ min: 40, max: 90, notify: false });
    expect(legacyView([])).toEqual({ min: null, max: null, notify: true });
  });

  it('writes onto the records it views and keeps every other record', () => {
    const records = [threshold({ id: 'b', value: 40 }), threshold({ id: 'd', condition: 'changes_by', value: 5 })];
    const written = applyLegacy(records, { min: 45, max: 90, notify: true }, context);
    expect(written).toEqual([
      threshold({ id: 'b', value: 45, met: false }),
      threshold({ id: 'd', condition: 'changes_by', value: 5 }),
      { id: 'new', condition: 'rises_above', value: 90, isActive: true, createdAt: context.now, met: false },
    ]);
    expect(legacyView(written)).toEqual({ min: 45, max: 90, notify: true });
    expect(applyLegacy(written, { min: null, max: 90, notify: true }, context).map((t) => t.id)).toEqual(['d', 'new']);
  });

  it('reads a site stored before records existed as records with stable ids', () => {
    const converted = thresholdsFromStored('site-1', '2026-10-01T00:00:00.000Z', { min: 40, max: null, notify: false });
    expect(converted).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        condition: 'drops_below',
        value: 40,
        isActive: false,
        createdAt: '2026-10-01T00:00:00.000Z',
        met: null,
      },
    ]);
    expect(thresholdsFromStored('site-1', '2026-10-01T00:00:00.000Z', { min: 40, max: null, notify: false })[0]!.id).toBe(converted[0]!.id);
    expect(thresholdsFromStored('site-1', 'x', undefined)).toEqual([]);
  });
});
