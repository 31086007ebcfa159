import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchError } from '#shared/outbound/fetch-error.js';
import { createRequestBudget } from '#shared/outbound/request-budget.js';

describe('createRequestBudget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts when the per-request time runs out', () => {
    vi.useFakeTimers();
    const budget = createRequestBudget({ requestMs: 100 });
    vi.advanceTimersByTime(99);
    expect(budget.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(budget.signal.reason).toMatchObject({ kind: 'timeout', detail: 'no complete response within 100 ms' });
    budget.dispose();
  });

  it('aborts at the scan deadline when it comes first, and at once when it has passed', () => {
    vi.useFakeTimers();
    const soon = createRequestBudget({ requestMs: 10_000, deadline: Date.now() + 50 });
    vi.advanceTimersByTime(50);
    expect(soon.signal.reason).toMatchObject({ detail: 'scan deadline reached' });
    const passed = createRequestBudget({ requestMs: 10_000, deadline: Date.now() - 1 });
    expect(passed.signal.aborted).toBe(true);
    soon.dispose();
    passed.dispose();
  });

  it('does not fire early for a deadline too far away for one timer', () => {
    vi.useFakeTimers();
    const budget = createRequestBudget({ requestMs: 10_000, deadline: Date.now() + 40 * 24 * 3600 * 1000 });
    vi.advanceTimersByTime(1);
    expect(budget.signal.aborted).toBe(false);
    budget.dispose();
  });

  it('follows the caller signal, whether already aborted or aborted later', () => {
    const already = createRequestBudget({ requestMs: 10_000, signal: AbortSignal.abort('scan cancelled') });
    expect(already.signal.reason).toBeInstanceOf(FetchError);
    expect(already.signal.reason).toMatchObject({ kind: 'timeout', cause: 'scan cancelled' });

    const controller = new AbortController();
    const later = createRequestBudget({ requestMs: 10_000, signal: controller.signal });
    expect(later.signal.aborted).toBe(false);
    controller.abort();
    expect(later.signal.aborted).toBe(true);
    already.dispose();
    later.dispose();
  });

  it('starts the body timer on demand', () => {
    vi.useFakeTimers();
    const budget = createRequestBudget({ requestMs: 10_000 });
    vi.advanceTimersByTime(500);
    budget.startBodyTimer(30);
    vi.advanceTimersByTime(30);
    expect(budget.signal.reason).toMatchObject({ detail: 'body not complete within 30 ms' });
    budget.dispose();
  });

  it('stops its timers and its listener when disposed', () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const budget = createRequestBudget({ requestMs: 100, signal: controller.signal });
    budget.dispose();
    vi.advanceTimersByTime(1_000);
    controller.abort();
    expect(budget.signal.aborted).toBe(false);
  });
});
