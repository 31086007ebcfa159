import { classifyFailures, type FaultWindow } from './fault-windows.js';
import type { RouteRecord } from './traffic.js';

export interface Failure {
  route: string;
  atMs: number;
  /** The 5xx status, or null for a request that got no answer. */
  status: number | null;
}

export interface FailureTally {
  /** 5xx and unanswered requests no fault explains: the command's `errors5xx`. */
  outside: Failure[];
  inWindow: Failure[];
  /** 502/504 from scans of the target that resets connections: the product's documented answer. */
  expectedUpstream: Failure[];
}

/**
 * Sorts every 5xx and unanswered request. A scan of the resetting target answering 502 or 504 is the
 * documented answer for an unreachable shop, not a failure of the service; any other status from it
 * (a 500, a 503) still is.
 */
export function tallyFailures(
  records: readonly RouteRecord[],
  expectsUpstreamFailure: ReadonlySet<string>,
  windows: readonly FaultWindow[],
  graceMs: number,
): FailureTally {
  const failures: Failure[] = [];
  const expectedUpstream: Failure[] = [];
  for (const record of records) {
    for (const answer of record.answers) {
      if (answer.status < 500) continue;
      const failure = { route: record.name, atMs: answer.atMs, status: answer.status };
      if (expectsUpstreamFailure.has(record.name) && (answer.status === 502 || answer.status === 504)) expectedUpstream.push(failure);
      else failures.push(failure);
    }
    for (const missing of record.noAnswer) failures.push({ route: record.name, atMs: missing.atMs, status: null });
  }
  return { ...classifyFailures(failures, windows, graceMs), expectedUpstream };
}
