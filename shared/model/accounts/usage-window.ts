/** Usage allowances count per calendar window in UTC: API calls per month, scans per day. */
export type UsageWindow = 'month' | 'day';

export function windowId(window: UsageWindow, now: number): string {
  const iso = new Date(now).toISOString();
  return window === 'month' ? iso.slice(0, 7) : iso.slice(0, 10);
}

/** Seconds until the window that contains `now` ends (at least 1). */
export function secondsUntilReset(window: UsageWindow, now: number): number {
  const date = new Date(now);
  const end =
    window === 'month'
      ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
      : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return Math.max(1, Math.ceil((end - now) / 1000));
}
