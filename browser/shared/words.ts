/** Numbers, dates and names as the pages write them. */

/** A limit as the service gives it: a number, or `unlimited`. */
export type Limit = number | 'unlimited';

export function limitText(used: number, limit: Limit): string {
  return `${used} of ${limit === 'unlimited' ? 'unlimited' : limit}`;
}

/** A key shown without what makes it one: its first eight and last four characters. */
export function maskKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}…${key.slice(-4)}` : '…';
}

export type Band = 'agent_ready' | 'partially_ready' | 'needs_work' | 'not_ready';

export const bandNames: Record<string, string | undefined> = {
  agent_ready: 'Agent ready',
  partially_ready: 'Partially ready',
  needs_work: 'Needs work',
  not_ready: 'Not ready',
};

/** The day of an ISO time, or 'never'. */
export function day(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : 'never';
}

/** A number of seconds in words: seconds, minutes, or hours and minutes. */
export function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours + (hours === 1 ? ' hour' : ' hours') + (rest ? ` ${rest} minutes` : '');
}
