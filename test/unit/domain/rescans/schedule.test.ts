import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoWeek, nextDueAt, shardOf } from '#shared/model/rescans/schedule.js';

describe('rescan schedule', () => {
  it.each([
    ['2026-11-25T07:00:00Z', '2026-W48'],
    ['2026-11-23T00:00:00Z', '2026-W48'], // Monday
    ['2026-11-29T23:59:59Z', '2026-W48'], // Sunday
    ['2026-01-01T12:00:00Z', '2026-W01'], // a Thursday
    ['2027-01-01T12:00:00Z', '2026-W53'], // a Friday: still the last week of 2026
    ['2024-12-30T12:00:00Z', '2025-W01'], // a Monday: already the first week of 2025
  ])('puts %s in ISO week %s', (moment, week) => {
    expect(isoWeek(Date.parse(moment))).toBe(week);
  });

  it('spreads sites evenly over the shards of the due index', () => {
    const counts = new Array<number>(16).fill(0);
    for (let index = 0; index < 16_000; index += 1) counts[shardOf(randomUUID(), 16)]! += 1;
    for (const count of counts) expect(Math.abs(count - 1_000)).toBeLessThan(150);
    expect(shardOf('same-site', 16)).toBe(shardOf('same-site', 16));
  });

  it('makes a site due again a day short of the interval, so a weekly sweep never skips it', () => {
    const scanned = Date.parse('2026-11-23T06:05:00Z'); // just after Monday's 06:00 sweep
    const due = nextDueAt(scanned, { rescanIntervalDays: 7 });
    expect(due).toBe('2026-11-29T06:05:00.000Z');
    expect(due < '2026-11-30T06:00:00.000Z').toBe(true); // next Monday's sweep takes it
  });
});
