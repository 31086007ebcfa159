import { describe, expect, it } from 'vitest';
import {
  allowanceUse,
  limitShown,
  stepAfterCountRefused,
  stepAfterOpenRefused,
  tiersAllowingOne,
  type AllowanceRequest,
  type TierLimits,
} from '#shared/model/accounts/allowance.js';
import { windowId } from '#shared/model/accounts/usage-window.js';
import type { Tier } from '#shared/model/tiers.js';

const limits: TierLimits = { free: 3, pro: 100, growth: 'unlimited' };
const scansOn = (now: number): AllowanceRequest => ({
  counter: { count: 'dailyScans', window: 'scansDay' },
  windowId: windowId('day', now),
  limits,
});
const callsOn = (now: number): AllowanceRequest => ({
  counter: { count: 'monthlyApiCalls', window: 'apiCallsMonth' },
  windowId: windowId('month', now),
  limits,
});
const account = (
  tier: Tier,
  counted: { scansDay?: string | null; dailyScans?: number; apiCallsMonth?: string | null; monthlyApiCalls?: number },
) => ({
  tier,
  scansDay: null,
  dailyScans: 0,
  apiCallsMonth: null,
  monthlyApiCalls: 0,
  ...counted,
});

const noon = Date.parse('2026-03-15T12:00:00Z');

describe('the use of an allowance', () => {
  it('applies the limit of the account own tier', () => {
    const request = scansOn(noon);
    expect(allowanceUse(account('free', { scansDay: '2026-03-15', dailyScans: 2 }), request)).toEqual({
      windowOpen: true,
      used: 2,
      limit: 3,
      allowsOne: true,
    });
    expect(allowanceUse(account('pro', { scansDay: '2026-03-15', dailyScans: 3 }), request)).toMatchObject({ limit: 100, allowsOne: true });
    expect(allowanceUse(account('growth', { scansDay: '2026-03-15', dailyScans: 1_000_000 }), request)).toMatchObject({
      limit: 'unlimited',
      allowsOne: true,
    });
  });

  it('allows one below the limit, none exactly at or above it', () => {
    const request = scansOn(noon);
    expect(allowanceUse(account('free', { scansDay: '2026-03-15', dailyScans: 2 }), request).allowsOne).toBe(true);
    expect(allowanceUse(account('free', { scansDay: '2026-03-15', dailyScans: 3 }), request).allowsOne).toBe(false);
    expect(allowanceUse(account('free', { scansDay: '2026-03-15', dailyScans: 4 }), request).allowsOne).toBe(false);
    expect(allowanceUse(account('pro', { scansDay: '2026-03-15', dailyScans: 100 }), request).allowsOne).toBe(false);
  });

  it('starts a new day at 0 whatever the previous day counted (rollover at 00:00 UTC)', () => {
    const full = account('free', { scansDay: '2026-03-15', dailyScans: 3 });
    const lastMs = Date.parse('2026-03-15T23:59:59.999Z');
    expect(allowanceUse(full, scansOn(lastMs))).toMatchObject({ windowOpen: true, used: 3, allowsOne: false });
    expect(allowanceUse(full, scansOn(lastMs + 1))).toEqual({ windowOpen: false, used: 0, limit: 3, allowsOne: true });
  });

  it('starts a new month at 0 (rollover at the first of the month, UTC), including across years', () => {
    const full = account('free', { apiCallsMonth: '2026-02', monthlyApiCalls: 3 });
    const monthEnd = Date.parse('2026-02-28T23:59:59.999Z');
    expect(allowanceUse(full, callsOn(monthEnd))).toMatchObject({ windowOpen: true, allowsOne: false });
    expect(allowanceUse(full, callsOn(monthEnd + 1))).toMatchObject({ windowOpen: false, used: 0, allowsOne: true });
    const december = account('free', { apiCallsMonth: '2026-12', monthlyApiCalls: 3 });
    expect(allowanceUse(december, callsOn(Date.parse('2027-01-01T00:00:00Z')))).toMatchObject({ windowOpen: false, allowsOne: true });
  });

  it('reads the counter the request names, not the other one', () => {
    const scansFull = account('free', { scansDay: '2026-03-15', dailyScans: 3, apiCallsMonth: '2026-03', monthlyApiCalls: 0 });
    expect(allowanceUse(scansFull, callsOn(noon))).toMatchObject({ windowOpen: true, used: 0, allowsOne: true });
    expect(allowanceUse(scansFull, scansOn(noon)).allowsOne).toBe(false);
  });

  it('allows nothing, even in a new window, on a tier whose limit is 0', () => {
    const none = { ...scansOn(noon), limits: { ...limits, free: 0 } };
    expect(allowanceUse(account('free', {}), none)).toEqual({ windowOpen: false, used: 0, limit: 0, allowsOne: false });
  });
});

describe('the conditional write', () => {
  it('bounds each limited tier by its limit in the open window; an unlimited tier has no bound', () => {
    expect(tiersAllowingOne(limits, false)).toEqual([
      { tier: 'free', below: 3 },
      { tier: 'pro', below: 100 },
      { tier: 'growth', below: null },
    ]);
  });

  it('needs no bound when opening a window, but leaves out a tier allowed nothing', () => {
    expect(tiersAllowingOne(limits, true)).toEqual([
      { tier: 'free', below: null },
      { tier: 'pro', below: null },
      { tier: 'growth', below: null },
    ]);
    expect(tiersAllowingOne({ ...limits, free: 0 }, true)).toEqual([
      { tier: 'pro', below: null },
      { tier: 'growth', below: null },
    ]);
    // In an open window a limit of 0 is a bound no count is below.
    expect(tiersAllowingOne({ ...limits, free: 0 }, false)[0]).toEqual({ tier: 'free', below: 0 });
  });
});

describe('after a refused write', () => {
  it('counting in the open window: exhausted at the limit, again with room left, open the window when it moved on', () => {
    const request = scansOn(noon);
    expect(stepAfterCountRefused(account('free', { scansDay: '2026-03-15', dailyScans: 3 }), request)).toBe('exhausted');
    expect(stepAfterCountRefused(account('free', { scansDay: '2026-03-15', dailyScans: 2 }), request)).toBe('count_again');
    expect(stepAfterCountRefused(account('free', { scansDay: '2026-03-14', dailyScans: 3 }), request)).toBe('open_window');
    expect(stepAfterCountRefused(account('free', {}), request)).toBe('open_window');
    expect(stepAfterCountRefused(account('growth', { scansDay: '2026-03-15', dailyScans: 10_000 }), request)).toBe('count_again');
  });

  it('opening the window: another request opened it first, or the tier allows nothing', () => {
    const request = scansOn(noon);
    expect(stepAfterOpenRefused(account('free', { scansDay: '2026-03-15', dailyScans: 1 }), request)).toBe('count_again');
    expect(stepAfterOpenRefused(account('free', { scansDay: '2026-03-14', dailyScans: 1 }), request)).toBe('exhausted');
    expect(stepAfterOpenRefused(account('free', {}), request)).toBe('exhausted');
  });

  it('names the limit in its message', () => {
    expect(limitShown(3)).toBe(3);
    expect(limitShown('unlimited')).toBe(0);
  });
});
