import { describe, expect, it } from 'vitest';
import { amountText, proratedChange, prorationDateProblem } from '#shared/model/billing/upgrade-quote.js';

const day = 86_400_000;

describe('the prorated charge of an upgrade', () => {
  it('charges the difference of the two prices for the part of the period left', () => {
    const period = { fromMinor: 1_900, toMinor: 4_900, periodStartMs: 0, periodEndMs: 30 * day };
    expect(proratedChange({ ...period, atMs: 0 })).toBe(3_000);
    expect(proratedChange({ ...period, atMs: 15 * day })).toBe(1_500);
    expect(proratedChange({ ...period, atMs: 20 * day })).toBe(Math.round(4_900 / 3) - Math.round(1_900 / 3));
    expect(proratedChange({ ...period, atMs: 30 * day })).toBe(0);
    expect(proratedChange({ ...period, atMs: 40 * day })).toBe(0);
  });

  it('reads as money', () => {
    expect(amountText(1_234, 'gbp')).toBe('£12.34');
    expect(amountText(0, 'gbp')).toBe('£0.00');
  });

  it('holds a proration date for the validity only, and never one in the future', () => {
    const now = 1_900_000_000_000;
    const seconds = now / 1000;
    expect(prorationDateProblem(seconds, now, 900)).toBeNull();
    expect(prorationDateProblem(seconds - 900, now, 900)).toBeNull();
    expect(prorationDateProblem(seconds - 901, now, 900)).toMatch(/more than 15 minutes old/);
    expect(prorationDateProblem(seconds + 61, now, 900)).toMatch(/in the future/);
  });
});
