import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secondsUntilReset, windowId, type UsageWindow } from '#shared/model/accounts/usage-window.js';

const at = (iso: string) => Date.parse(iso);
const day = 86_400;

describe('usage window id', () => {
  it('names the UTC month and day', () => {
    expect(windowId('month', at('2026-11-23T12:00:00Z'))).toBe('2026-11');
    expect(windowId('day', at('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
  });

  it('changes at midnight UTC, not local midnight', () => {
    expect(windowId('day', at('2026-11-23T23:59:59.999Z'))).toBe('2026-11-23');
    expect(windowId('day', at('2026-11-24T00:00:00.000Z'))).toBe('2026-11-24');
    // 23:30 in New York is already the next day in UTC; 01:00 in Paris is still the previous one.
    expect(windowId('day', at('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
    expect(windowId('day', at('2026-11-24T00:30:00+01:00'))).toBe('2026-11-23');
  });

  it('rolls over at the end of a month and of a year', () => {
    expect(windowId('month', at('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(windowId('month', at('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(windowId('day', at('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    expect(windowId('month', at('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(windowId('day', at('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(windowId('month', at('2027-01-01T00:00:00Z'))).toBe('2027-01');
    expect(windowId('day', at('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('has a 29 February in the leap year 2028', () => {
    expect(windowId('day', at('2028-02-28T23:59:59.999Z'))).toBe('2028-02-28');
    expect(windowId('day', at('2028-02-29T00:00:00Z'))).toBe('2028-02-29');
    expect(windowId('month', at('2028-02-29T23:59:59.999Z'))).toBe('2028-02');
    expect(windowId('day', at('2028-03-01T00:00:00Z'))).toBe('2028-03-01');
  });
});

describe('seconds until a window resets', () => {
  it('rounds a part second up', () => {
    expect(secondsUntilReset('day', at('2026-11-30T23:59:59.500Z'))).toBe(1);
    expect(secondsUntilReset('month', at('2026-11-30T23:59:59.500Z'))).toBe(1);
    expect(secondsUntilReset('day', at('2026-11-30T23:59:59.999Z'))).toBe(1);
    expect(secondsUntilReset('day', at('2026-11-30T23:59:58.001Z'))).toBe(2);
  });

  it('counts whole days and months from their first instant', () => {
    expect(secondsUntilReset('day', at('2026-11-30T00:00:00Z'))).toBe(day);
    expect(secondsUntilReset('month', at('2026-12-31T00:00:00Z'))).toBe(day);
    expect(secondsUntilReset('month', at('2026-12-01T00:00:00Z'))).toBe(31 * day);
    expect(secondsUntilReset('month', at('2026-11-01T00:00:00Z'))).toBe(30 * day);
    expect(secondsUntilReset('day', at('2026-11-23T12:00:00Z'))).toBe(day / 2);
  });

  it('knows February is 29 days in 2028 and 28 in 2027', () => {
    expect(secondsUntilReset('month', at('2028-02-01T00:00:00Z'))).toBe(29 * day);
    expect(secondsUntilReset('month', at('2028-02-28T00:00:00Z'))).toBe(2 * day);
    expect(secondsUntilReset('month', at('2027-02-01T00:00:00Z'))).toBe(28 * day);
    expect(secondsUntilReset('month', at('2027-02-28T00:00:00Z'))).toBe(day);
  });

  it('is never below 1 and lands exactly in the next window (property)', () => {
    const windows = fc.constantFrom<UsageWindow>('day', 'month');
    const instants = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });
    fc.assert(
      fc.property(windows, instants, (window, now) => {
        const seconds = secondsUntilReset(window, now);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(window === 'day' ? day : 31 * day);
        expect(windowId(window, now + (seconds - 1) * 1000)).toBe(windowId(window, now));
        expect(windowId(window, now + seconds * 1000)).not.toBe(windowId(window, now));
      }),
      { numRuns: 500 },
    );
  });
});
