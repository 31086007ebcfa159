import type { RouteRecord } from './traffic.js';

/** What a route's answers prove and what they leave open. */
export interface Tally {
  sent: number;
  byStatus: Record<number, number>;
  /** Requests without a definite answer (5xx, none, or cut off when the load stopped): their work may or may not be done. */
  unsettled: number;
}

export function tally(record: RouteRecord, tag?: string): Tally {
  const answers = tag === undefined ? record.answers : record.answers.filter((answer) => answer.tag === tag);
  const sent = tag === undefined ? record.sent : (record.sentByTag[tag] ?? 0);
  const byStatus: Record<number, number> = {};
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const settled = answers.filter((answer) => answer.status < 500).length;
  return { sent, byStatus, unsettled: Math.max(0, sent - settled) };
}

export function countOf(tallied: Tally, ...statuses: number[]): number {
  return statuses.reduce((sum, status) => sum + (tallied.byStatus[status] ?? 0), 0);
}

/**
 * Answers of a metered route counted against the monthly allowance (`definite`): every answer below 500
 * but 401 (no valid key), 403 (a key without the scope) and 429. A 429 is open (`ambiguous`): the spent
 * allowance is not counted, a route's own limit (checked after the count) is. The load sends valid keys
 * with every scope under raised limits, so neither should occur.
 */
export function metered(tallied: Tally): { definite: number; ambiguous: number } {
  const definite = Object.entries(tallied.byStatus)
    .filter(([status]) => Number(status) < 500 && ![401, 403, 429].includes(Number(status)))
    .reduce((sum, [, count]) => sum + count, 0);
  return { definite, ambiguous: tallied.unsettled + countOf(tallied, 429) };
}
